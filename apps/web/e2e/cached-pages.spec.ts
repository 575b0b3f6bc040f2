/**
 * The pages every visitor of a region shares (lib/cached-pages.ts): served
 * from Next's cache with headers a CDN can honour, their own nonce in both the
 * policy and the scripts, prices for the region; signed-in visitors get a
 * members' copy, never cached publicly, whose account menu and price box their
 * browser fills in; and a publish, a price approval and a delete show on the
 * very next signed-out view.
 */
import { type APIRequestContext, type APIResponse, type Browser, expect, test } from "@playwright/test";
import { openAccountMenu, signOutFromMenu, signUp, signUpFrom } from "./support/accounts";
import { admin, unique } from "./support/admin";

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

/** A members' copy: kept by Next, but answered as privately as any signed-in page, and naming nobody. */
function expectMembersCopy(response: APIResponse) {
  expect(response.status()).toBe(200);
  expect(response.headers()["cache-control"]).toBe("private, no-store");
  for (const name of ["Cookie", "Accept-Language", "rsc"]) expect(response.headers().vary).toContain(name);
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
  for (const path of ["/", "/plugins/song-requests", "/plans", "/publishing", "/docs", "/docs/guides", "/docs/guides/api", "/rates"]) {
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

test("a copy asked for again is written as Next last wrote it, headers and all; client navigations, conditional requests and HEAD still reach Next", async ({
  request,
}) => {
  for (const headers of [US, { ...US, "accept-encoding": "gzip" }, { ...US, "accept-encoding": "identity" }]) {
    // The second view is Next's answer from its copy, which server.ts keeps; the third is written from what it kept.
    const [, fromNext] = await viewTwice(request, "/plugins/song-requests", headers);
    const kept = await request.get("/plugins/song-requests", { headers });
    const { date: _nextDate, ...nextHeaders } = fromNext.headers();
    const { date: _keptDate, ...keptHeaders } = kept.headers();
    expect(keptHeaders).toEqual(nextHeaders);
    expect((await kept.body()).equals(await fromNext.body())).toBe(true);
    expectSharedCopy(kept);
    expect(await textOf(kept)).toContain("Buy for $2");
  }
  // A client navigation to the same address gets Next's RSC payload, not the kept HTML.
  const navigation = await request.get("/plugins/song-requests", { headers: { ...US, rsc: "1" } });
  expect(navigation.headers()["content-type"]).toContain("text/x-component");
  // A revalidation with the copy's ETag is Next's 304; HEAD is Next's too: the headers, no body.
  const etag = (await request.get("/plugins/song-requests", { headers: US })).headers().etag!;
  expect((await request.get("/plugins/song-requests", { headers: { ...US, "if-none-match": etag } })).status()).toBe(304);
  const head = await request.head("/plugins/song-requests", { headers: US });
  expect(head.status()).toBe(200);
  expect((await head.body()).byteLength).toBe(0);
  // Another region's copy is kept apart.
  await viewTwice(request, "/plugins/song-requests", INDIA);
  expect(await textOf(await request.get("/plugins/song-requests", { headers: INDIA }))).toContain("Buy for ₹99");
});

test("signed-in visitors share a members' copy, answered privately, whose menu their browser fills in; the plans are rendered for them", async ({
  page,
  browser,
  baseURL,
}) => {
  await signUp(page, "Cam Cached");
  for (const path of ["/", "/plugins/song-requests", "/publishing", "/docs", "/docs/guides/api", "/rates", "/dashboard/plugins"]) {
    // A client's own copy header is ignored: the server names the copy.
    const first = await page.request.get(path, { headers: { ...US, "x-streamkit-cached-page": "intl/0" } });
    const second = await page.request.get(path, { headers: US });
    expectMembersCopy(first);
    expectMembersCopy(second);
    expect(fromKeptCopy(second)).toBe(true);
    expect(nonceOf(second)).toBe(nonceOf(first));
    const text = await textOf(second);
    expect(text).not.toContain("Cam Cached");
    expect(text).toContain('aria-label="Account menu"');
    expect(text).not.toContain('href="/sign-in"');
  }
  // Another account whose prices are alike gets the very same copy (the same nonce).
  const other = await browser.newContext({ baseURL });
  try {
    const otherPage = await other.newPage();
    await signUp(otherPage, "Dee Different");
    const mine = await page.request.get("/plugins/song-requests", { headers: US });
    const theirs = await otherPage.request.get("/plugins/song-requests", { headers: US });
    expect(nonceOf(theirs)).toBe(nonceOf(mine));
    expect(await textOf(theirs)).toContain("Buy for $2");
  } finally {
    await other.close();
  }
  // The plans offer the account its own plans: rendered for it, with its name.
  const plans = await page.request.get("/plans", { headers: { ...US, "x-streamkit-cached-page": "intl/0" } });
  expectPrivate(plans);
  expect(await textOf(plans)).toContain("Cam Cached");

  // In the browser the menu says who they are and offers their links; Sign out works from the copy.
  await page.goto("/");
  await expect(page.getByTestId("signed-in-as")).toHaveText("Cam Cached");
  await openAccountMenu(page);
  await expect(page.getByRole("link", { name: "My plugins" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Sales" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Admin" })).toHaveCount(0);
  await signOutFromMenu(page);
  expectSharedCopy(await page.request.get("/", { headers: US }));

  // Auth.js's CSRF cookie alone is no session, nor is a session cookie that no longer decrypts: those visitors share the signed-out copies.
  expectSharedCopy(await page.request.get("/", { headers: { ...US, cookie: "authjs.csrf-token=abc%7Cdef; country=ZZ" } }));
  const stale = await page.request.get("/plugins/song-requests", { headers: { ...US, cookie: "authjs.session-token=not-a-session" } });
  expectSharedCopy(stale);
  expect(await stale.text()).toContain('href="/sign-in"');
});

test("My plugins has a members' copy only: signed out, or with a session cookie that signs nobody in, it sends to sign in", async ({ request }) => {
  for (const cookie of [undefined, "authjs.session-token=not-a-session"]) {
    const response = await request.get("/dashboard/plugins", { headers: { ...US, ...(cookie ? { cookie } : {}) }, maxRedirects: 0 });
    expect(response.status()).toBe(307);
    expect(response.headers().location).toBe("/sign-in?next=%2Fdashboard%2Fplugins");
    expectPrivate(response);
  }
  // The copy's tree is not reachable by name, nor is a signed-out copy of My plugins by a forged header.
  expect((await request.get("/cached/member-intl/0/dashboard/plugins")).status()).toBe(404);
  const forged = await request.get("/dashboard/plugins", { headers: { ...US, "x-streamkit-cached-page": "intl/0" }, maxRedirects: 0 });
  expect(forged.status()).toBe(307);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a signed-in visitor of a members' copy has an Account menu with every account's links, and can sign out", async ({ page }) => {
    await page.goto("/sign-up");
    await page.getByLabel("Name").fill("Nia Noscript");
    await page.getByLabel("Email").fill(`nia-${unique()}@example.com`);
    await page.getByLabel("Password").fill("correct horse battery");
    await page.getByLabel("Country").selectOption("IN");
    await page.getByRole("button", { name: "Create account" }).click();
    await page.goto("/plugins/song-requests");
    // The account's country decides the price, and the footer says so.
    await expect(page.getByRole("complementary", { name: "Price" })).toContainText("₹99");
    await expect(page.getByRole("complementary", { name: "Price" })).toContainText("from your account's country");
    await expect(page.getByText("Prices in ₹ INR, for your account’s country (India).")).toBeVisible();
    await page.locator("details.account-menu summary").click();
    await expect(page.locator("details.account-menu summary")).toHaveText(/Account/);
    await expect(page.getByRole("link", { name: "My purchases" })).toBeVisible();
    // My plugins' list is read by the browser: without JavaScript the page says so, and where scripts read it
    // (in a <noscript>, which Chromium's script switch does not unfold, so it is read from the page's HTML).
    await page.goto("/dashboard/plugins");
    await expect(page.getByRole("heading", { level: 1, name: "My plugins" })).toBeVisible();
    expect(await page.content()).toMatch(
      /<noscript><p class="problem">Your plugins are listed here with JavaScript on\. Scripts can list them without it: GET \/api\/v1\/plugins\/mine\.<\/p><\/noscript>/,
    );
    await page.locator("details.account-menu summary").click();
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page.getByRole("link", { name: "Sign in", exact: true })).toBeVisible();
  });
});

/** An author, signed in in their own browser context (the caller closes it), with a key that writes plugins. */
async function author(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL, locale: "en-US" });
  const page = await context.newPage();
  const email = await signUp(page, "Pat Publisher");
  admin("account", "set-plan", "--email", email, "--plan", "pro");
  const { key } = admin("key", "create", "--email", email, "--scopes", "plugins:read,plugins:write") as { key: string };
  return { headers: { authorization: `Bearer ${key}` }, page, context };
}

function pluginFiles(slug: string, name: string, version: string) {
  return [
    { path: "plugin.json", content: JSON.stringify({ id: slug, name, version, description: "Kept and refreshed.", permissions: ["ui.notify"] }) },
    { path: "main.lua", content: 'ui.notify("Hello!")\n' },
  ];
}

test("an anonymous visitor, a signed-in owner and the author see the same plugin page with their own header, prices and badge", async ({
  browser,
  baseURL,
  request,
}) => {
  const { headers, page: authorPage, context: authorContext } = await author(browser, baseURL!);
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
    // Their page is the members' copy for India, which their browser fills in: their name, and "You own this".
    const page = await owner.request.get(`/plugins/${slug}`);
    expectMembersCopy(page);
    expect(await textOf(page)).not.toContain("Ira Owner");
    await owner.goto(`/plugins/${slug}`);
    await expect(owner.getByTestId("signed-in-as")).toHaveText("Ira Owner");
    await expect(owner.getByTestId("buy-state")).toHaveText("You own this");
    await expect(owner.getByRole("complementary", { name: "Price" })).toContainText("₹99");
    await expect(owner.getByRole("complementary", { name: "Price" })).toContainText("from your account's country");

    // The signed-out copy is unchanged by the purchase: no badge, dollars, Sign in.
    await visitor.reload();
    await expect(visitor.getByRole("complementary", { name: "Price" })).toContainText("Buy for $2");
    await expect(visitor.getByTestId("buy-state")).toHaveText("Buy for $2");
    await expect(visitor.getByTestId("signed-in-as")).toHaveCount(0);

    // The author's members' copy (an account without a country, an American browser): "Your plugin", and the author's links in the menu.
    await authorPage.goto(`/plugins/${slug}`);
    await expect(authorPage.getByTestId("buy-state")).toHaveText("Your plugin");
    await expect(authorPage.getByRole("complementary", { name: "Price" })).toContainText("$2");
    await openAccountMenu(authorPage);
    await expect(authorPage.getByRole("link", { name: "Sales" })).toBeVisible();

    // Their My plugins is the members' copy every account shares: the list, read by their browser, is theirs alone.
    const dashboard = await authorPage.request.get("/dashboard/plugins");
    expectMembersCopy(dashboard);
    expect(await textOf(dashboard)).not.toContain(name);
    await authorPage.goto("/dashboard/plugins");
    await expect(authorPage.getByTestId("my-plugin").filter({ hasText: name })).toContainText("Published");
    await owner.goto("/dashboard/plugins");
    await expect(owner.getByText("You have not published a plugin yet.")).toBeVisible();
  } finally {
    await Promise.all([anonymous.close(), indian.close(), buyer.close(), authorContext.close()]);
  }
});

test("a publish, a price approval and a delete show on the next signed-out view", async ({ browser, baseURL, request }) => {
  const { headers, context: authorContext } = await author(browser, baseURL!);
  await authorContext.close();
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
