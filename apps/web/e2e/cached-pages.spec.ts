/**
 * The pages every signed-out visitor of a region shares (lib/cached-pages.ts):
 * served from Next's cache with headers a CDN can honour, their own nonce in
 * both the policy and the scripts, prices for the region; signed-in visitors
 * get their own page, never cached publicly; and a publish, a price approval
 * and a delete show on the very next signed-out view.
 */
import { type APIRequestContext, type APIResponse, type Browser, expect, test } from "@playwright/test";
import { signUp, signUpFrom } from "./support/accounts";
import { admin } from "./support/admin";

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
const US = { "accept-language": "en-US,en;q=0.9" };
const INDIA = { "accept-language": "en-IN,en;q=0.9" };

/** The page's text as a reader sees it (React separates adjacent text with comments in HTML). */
const textOf = async (response: APIResponse) => (await response.text()).replaceAll("<!-- -->", "");
const nonceOf = (response: APIResponse) => /'nonce-([^']+)'/.exec(response.headers()["content-security-policy"] ?? "")?.[1];

/** The answer's headers say a shared cache may keep it for signed-out visitors only, and for a short while. */
function expectSharedCopy(response: APIResponse) {
  expect(response.status()).toBe(200);
  const headers = response.headers();
  expect(headers["cache-control"]).toMatch(/^s-maxage=60, stale-while-revalidate=\d+$/);
  for (const name of ["Cookie", "Accept-Language", "rsc"]) expect(headers.vary).toContain(name);
}

function expectPrivate(response: APIResponse) {
  expect(response.headers()["cache-control"]).toContain("private");
  expect(response.headers()["cache-control"]).toContain("no-store");
  expect(response.headers()["cache-control"]).not.toContain("s-maxage");
  expect(response.headers()["x-nextjs-cache"]).toBeUndefined();
}

/** Whether Next answered from its kept copy: fresh, or over a minute old while it renders the next in the background. */
const fromKeptCopy = (response: APIResponse) => ["HIT", "STALE"].includes(response.headers()["x-nextjs-cache"] ?? "");

/** Two signed-out views of `path`; the second is the kept copy. */
async function viewTwice(request: APIRequestContext, path: string, headers = US): Promise<[APIResponse, APIResponse]> {
  const first = await request.get(path, { headers });
  const second = await request.get(path, { headers });
  expect(fromKeptCopy(second)).toBe(true);
  return [first, second];
}

test("signed-out visitors share one copy per page and region: public for a minute, varied by cookie and language, with its own nonce", async ({ request }) => {
  for (const path of ["/", "/plugins/song-requests", "/plans", "/publishing", "/docs", "/rates"]) {
    const [first, second] = await viewTwice(request, path);
    expectSharedCopy(first);
    expectSharedCopy(second);
    // One copy, one nonce: in the policy of every answer, and on the copy's scripts.
    expect(nonceOf(second)).toBe(nonceOf(first));
    expect(await second.text()).toContain(`nonce="${nonceOf(second)}"`);
    expect(await second.text()).toContain("Sign in");
  }
  // Pages of another region are other copies, with their prices.
  const [us] = await viewTwice(request, "/plugins/song-requests", US);
  const [india] = await viewTwice(request, "/plugins/song-requests", INDIA);
  expect(await textOf(us)).toContain("Buy for $2");
  expect(await textOf(india)).toContain("Buy for ₹99");
  expect(nonceOf(india)).not.toBe(nonceOf(us));
  // A picked region beats the browser's language.
  const picked = await request.get("/plugins/song-requests", { headers: { ...US, cookie: "country=IN" } });
  expectSharedCopy(picked);
  expect(await textOf(picked)).toContain("Buy for ₹99");

  // A search, a query, a POST-only or unknown address: rendered for the request, as before.
  for (const path of ["/?q=chat", "/plans?cancelled=1", "/rates?from=EUR&to=INR"]) expectPrivate(await request.get(path, { headers: US }));
  // The copies are reachable only through the rewrite, never by name.
  for (const path of ["/cached/in/1", "/cached/intl/0/plans", "/CACHED/in/1/docs"]) expect((await request.get(path)).status()).toBe(404);
});

test("a signed-in visitor gets their own page, never publicly cached, even when asking for a copy by header", async ({ page }) => {
  await signUp(page, "Cam Cached");
  for (const path of ["/", "/plugins/song-requests", "/plans", "/docs"]) {
    const response = await page.request.get(path, { headers: { ...US, "x-streamkit-cached-page": "intl/0" } });
    expect(response.status()).toBe(200);
    expectPrivate(response);
    expect(await textOf(response)).toContain("Cam Cached");
  }
  // Auth.js's CSRF cookie alone is no session: that visitor shares the copies.
  const shared = await page.request.get("/", { headers: { ...US, cookie: "authjs.csrf-token=abc%7Cdef; country=ZZ" } });
  expectSharedCopy(shared);
});

/** An author with a published plugin and a key that writes plugins. */
async function author(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const email = await signUp(page, "Pat Publisher");
  admin("account", "set-plan", "--email", email, "--plan", "pro");
  const { key } = admin("key", "create", "--email", email, "--scopes", "plugins:read,plugins:write") as { key: string };
  await context.close();
  return { authorization: `Bearer ${key}` };
}

function pluginFiles(slug: string, name: string, version: string) {
  return [
    { path: "plugin.json", content: JSON.stringify({ id: slug, name, version, description: "Kept and refreshed.", permissions: ["ui.notify"] }) },
    { path: "main.lua", content: 'ui.notify("Hello!")\n' },
  ];
}

test("an anonymous visitor and a signed-in owner see the same plugin page with their own header, prices and badge", async ({ browser, baseURL, request }) => {
  const headers = await author(browser, baseURL!);
  const slug = `e2e-cached-${unique()}`;
  const name = `Cached Plugin ${slug.slice(-6)}`;
  expect((await request.post("/api/v1/plugins", { headers, data: { files: pluginFiles(slug, name, "1.0.0"), changelog: "First." } })).status()).toBe(201);
  expect((await request.put(`/api/v1/plugins/${slug}/price`, { headers, data: { tier: "t2" } })).status()).toBe(200);
  admin("price-request", "approve", "--slug", slug);

  const anonymous = await browser.newContext({ baseURL, locale: "en-US" });
  const indian = await browser.newContext({ baseURL, locale: "en-IN" });
  const buyer = await browser.newContext({ baseURL, locale: "en-US" });
  try {
    const visitor = await anonymous.newPage();
    await visitor.goto(`/plugins/${slug}`);
    await expect(visitor.getByRole("complementary", { name: "Price" })).toContainText("Buy for $2");
    await expect(visitor.getByRole("link", { name: "Sign in", exact: true })).toBeVisible();

    const visitorInIndia = await indian.newPage();
    await visitorInIndia.goto(`/plugins/${slug}`);
    await expect(visitorInIndia.getByRole("complementary", { name: "Price" })).toContainText("Buy for ₹99");

    // A buyer from India browsing with an American browser: their account's country decides, and once bought the page says so.
    const owner = await buyer.newPage();
    await owner.goto("/sign-up");
    await signUpFrom(owner, "Ira Owner", "IN");
    await owner.goto(`/plugins/${slug}/buy`);
    await owner.getByRole("button", { name: "Continue to payment — ₹99" }).click();
    await owner.getByRole("button", { name: "Pay ₹99" }).click();
    await expect(owner.getByRole("heading", { level: 1, name: `You own ${name}` })).toBeVisible();
    await owner.goto(`/plugins/${slug}`);
    await expect(owner.getByTestId("signed-in-as")).toHaveText("Ira Owner");
    await expect(owner.getByTestId("buy-state")).toHaveText("You own this");
    await expect(owner.getByRole("complementary", { name: "Price" })).toContainText("₹99");

    // The signed-out copy is unchanged by the purchase: no badge, dollars, Sign in.
    await visitor.reload();
    await expect(visitor.getByRole("complementary", { name: "Price" })).toContainText("Buy for $2");
    await expect(visitor.getByTestId("buy-state")).toHaveText("Buy for $2");
    await expect(visitor.getByTestId("signed-in-as")).toHaveCount(0);
  } finally {
    await Promise.all([anonymous.close(), indian.close(), buyer.close()]);
  }
});

test("a publish, a price approval and a delete show on the next signed-out view", async ({ browser, baseURL, request }) => {
  const headers = await author(browser, baseURL!);
  const slug = `e2e-fresh-${unique()}`;
  const name = `Fresh Plugin ${slug.slice(-6)}`;

  // Not there yet: the kept copy is a 404, and the home page is kept too.
  expect((await request.get(`/plugins/${slug}`, { headers: US })).status()).toBe(404);
  expect(fromKeptCopy(await request.get(`/plugins/${slug}`, { headers: US }))).toBe(true);
  await viewTwice(request, "/");

  // A publish.
  expect((await request.post("/api/v1/plugins", { headers, data: { files: pluginFiles(slug, name, "1.0.0"), changelog: "First." } })).status()).toBe(201);
  const published = await request.get(`/plugins/${slug}`, { headers: US });
  expect(published.status()).toBe(200);
  expect(await textOf(published)).toContain(name);
  // The home page's copy of the new version is rendered afresh.
  expect((await request.get("/", { headers: US })).headers()["x-nextjs-cache"]).toBe("MISS");
  const [, kept] = await viewTwice(request, `/plugins/${slug}`);
  expect(await textOf(kept)).toContain("v1.0.0");

  // A new version.
  expect((await request.post("/api/v1/plugins", { headers, data: { files: pluginFiles(slug, name, "1.1.0"), changelog: "Second." } })).status()).toBe(201);
  expect(await textOf(await request.get(`/plugins/${slug}`, { headers: US }))).toContain("v1.1.0");

  // A price: asked for (nothing changes for visitors), then approved by the operator's CLI (another process).
  expect((await request.put(`/api/v1/plugins/${slug}/price`, { headers, data: { tier: "t3" } })).status()).toBe(200);
  await viewTwice(request, `/plugins/${slug}`);
  expect(await textOf(await request.get(`/plugins/${slug}`, { headers: US }))).not.toContain("Buy for $3");
  admin("price-request", "approve", "--slug", slug);
  expect(await textOf(await request.get(`/plugins/${slug}`, { headers: US }))).toContain("Buy for $3");
  expect(await textOf(await request.get(`/plugins/${slug}`, { headers: INDIA }))).toContain("Buy for ₹199");

  // A delete.
  expect((await request.delete(`/api/v1/plugins/${slug}`, { headers })).status()).toBe(204);
  expect((await request.get(`/plugins/${slug}`, { headers: US })).status()).toBe(404);
});
