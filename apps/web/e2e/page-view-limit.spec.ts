import { expect, test } from "@playwright/test";
import { type OwnServer, startOwnServer } from "./support/own-server";

/**
 * Pages rendered per request (searches, pages not found, signed-in pages) are
 * counted per client address in the server's memory (rateLimits.pageViews,
 * PAGE_VIEW_LIMIT_PER_MINUTE): past the limit 429 with Retry-After and a page
 * that says so, while another address is served, and cached pages are not
 * counted (no database round trip before them either). A server of its own
 * with a small limit, trusting the loopback proxy, so two forwarded addresses
 * are two visitors.
 */
const LIMIT = 5;
let server: OwnServer;

test.beforeAll(async () => {
  server = await startOwnServer({ PAGE_VIEW_LIMIT_PER_MINUTE: String(LIMIT), TRUSTED_PROXIES: "loopback", TEST_CLOCK: "on" });
});
test.afterAll(async () => server?.stop());

test("a flood of searches from one address gets 429 with Retry-After and a clear page; another address is served, cached pages too", async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  // The count is per fixed minute: start just after a minute begins, so the window cannot end mid-test.
  const { now } = (await (await request.get(`${server.url}/api/dev/clock`)).json()) as { now: string };
  const toNextMinute = 60 - (Math.floor(Date.parse(now) / 1000) % 60) + 1;
  expect((await request.post(`${server.url}/api/dev/clock`, { data: { advanceSeconds: toNextMinute } })).status()).toBe(200);

  const flooder = await browser.newContext({ baseURL: server.url, extraHTTPHeaders: { "x-forwarded-for": "203.0.113.50" } });
  const statuses: number[] = [];
  // Without a browser, so nothing but these requests is counted (a page's scripts prefetch other pages).
  for (let i = 0; i <= LIMIT; i++) statuses.push((await flooder.request.get(`/?q=flood${i}`)).status());
  expect(statuses).toEqual([...Array<number>(LIMIT).fill(200), 429]);

  const page = await flooder.newPage();
  const refused = (await page.goto("/?q=one-more"))!;
  expect(refused.status()).toBe(429);
  expect(Number(refused.headers()["retry-after"])).toBeGreaterThan(0);
  expect(refused.headers()["cache-control"]).toBe("no-store");
  await expect(page.getByRole("heading", { name: "Too many pages from your address" })).toBeVisible();
  await expect(page.getByText(/^Please try again in \d+ seconds?\.$/)).toBeVisible();

  // The cached marketplace is not counted: the same address still gets it.
  const cached = (await page.goto("/"))!;
  expect(cached.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

  // Another address is served its search.
  const neighbour = await browser.newContext({ baseURL: server.url, extraHTTPHeaders: { "x-forwarded-for": "203.0.113.51" } });
  const other = await neighbour.newPage();
  expect((await other.goto("/?q=chat"))!.status()).toBe(200);
  await expect(other.getByRole("heading", { name: "Too many pages from your address" })).toHaveCount(0);
  await flooder.close();
  await neighbour.close();
});
