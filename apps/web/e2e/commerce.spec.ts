import { type APIRequestContext, type Browser, expect, type Page, test } from "@playwright/test";
import { openAccountMenu, signOutFromMenu, signUp, signUpFrom } from "./support/accounts";
import { admin, unique } from "./support/admin";

/**
 * Buying with the built-in provider, end to end in Chromium: the plugin
 * page's price in the buyer's currency, the buy page, the provider's hosted
 * test page, the purchase complete page, My purchases, and the download
 * through the API with a key; and the author's sales page after a sale.
 * Every test makes its own accounts, so they run in any order.
 */

/** A Pro key for the API, made by the operator CLI. */
function proKey(email: string, scopes = "plugins:read"): { authorization: string } {
  admin("account", "set-plan", "--email", email, "--plan", "pro");
  const { key } = admin("key", "create", "--email", email, "--scopes", scopes) as { key: string };
  return { authorization: `Bearer ${key}` };
}

async function expectPurchaseRequired(request: APIRequestContext, slug: string, headers: Record<string, string>) {
  const refused = await request.get(`/api/v1/plugins/${slug}/package`, { headers });
  expect(refused.status()).toBe(403);
  const body = await refused.json();
  expect(body.error.code).toBe("purchase_required");
  // The server runs without PUBLIC_URL: the address is the one it listens on (public-address.spec.ts).
  expect(body.error.details.buyUrl).toBe(`${test.info().project.use.baseURL}/plugins/${slug}/buy`);
}

async function expectDownload(request: APIRequestContext, slug: string, headers: Record<string, string>) {
  const download = await request.get(`/api/v1/plugins/${slug}/package`, { headers });
  expect(download.status()).toBe(200);
  const pkg = await download.json();
  expect(pkg.id).toBe(slug);
  expect(pkg.files.map((f: { path: string }) => f.path)).toContain("plugin.json");
}

const priceBox = (page: Page) => page.getByRole("complementary", { name: "Price" });

test("a buyer in India signs in from the Buy button, pays in rupees on the test checkout, owns the plugin and downloads it", async ({ page, request }) => {
  // Signed out, with an English (US) browser: the shop shows dollars and asks to sign in first.
  await page.goto("/plugins/song-requests");
  await expect(priceBox(page)).toContainText("$2");
  await priceBox(page).getByRole("link", { name: "Buy for $2" }).click();
  await expect(page).toHaveURL(/\/sign-in\?next=%2Fplugins%2Fsong-requests%2Fbuy/);
  await page.getByRole("link", { name: "Create an account" }).click();
  const email = await signUpFrom(page, "Asha Buyer", "IN");

  // Back on the buy page: the account's country (India) decides rupees.
  await expect(page).toHaveURL(/\/plugins\/song-requests\/buy$/);
  await expect(page.getByRole("heading", { level: 1, name: "Buy Song Requests for Spotify" })).toBeVisible();
  await expect(page.getByTestId("charge")).toHaveText("₹99");
  await expect(page.getByText("You pay in Indian rupees (INR)")).toBeVisible();

  const headers = proKey(email);
  await expectPurchaseRequired(request, "song-requests", headers);

  await page.getByRole("button", { name: "Continue to payment — ₹99" }).click();
  await expect(page).toHaveURL(/\/checkout\/builtin\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1, name: "Streamkit test payments — no real money moves" })).toBeVisible();
  await expect(page.getByTestId("test-amount")).toHaveText("₹99");
  await page.getByRole("button", { name: "Pay ₹99" }).click();

  await expect(page).toHaveURL(/\/plugins\/song-requests\/buy\/complete\?checkout=[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1, name: "You own Song Requests for Spotify" })).toBeVisible();
  await expect(page.getByText("You paid ₹99 (INR)")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Install it" })).toBeVisible();

  await page.getByRole("link", { name: "Back to Song Requests for Spotify" }).click();
  await expect(priceBox(page)).toContainText("You own this");
  await expect(priceBox(page).getByRole("link", { name: /^Buy/ })).toHaveCount(0);

  await openAccountMenu(page);
  await page.getByRole("link", { name: "My purchases" }).first().click();
  const row = page.getByTestId("purchase-row").filter({ hasText: "Song Requests for Spotify" });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("₹99.00");
  await expect(row).toContainText("INR");
  await expect(row).toContainText("Paid");

  await expectDownload(request, "song-requests", headers);
  // The purchase in the API, in paise.
  const purchases = await (await request.get("/api/v1/purchases", { headers })).json();
  expect(purchases.items).toEqual([expect.objectContaining({ slug: "song-requests", currency: "INR", amount: 9_900, status: "paid" })]);

  // Buying again is not offered.
  await page.goto("/plugins/song-requests/buy");
  await expect(page.getByTestId("buy-state")).toContainText("You own this plugin already");
});

test("a buyer outside India pays in dollars; cancelling on the test checkout charges nothing", async ({ page, request }) => {
  await page.goto("/sign-up");
  const email = await signUpFrom(page, "Ben Buyer", "US");
  const headers = proKey(email);
  await expectPurchaseRequired(request, "points-predictions", headers);

  await page.goto("/plugins/points-predictions");
  await expect(priceBox(page)).toContainText("$3");
  await priceBox(page).getByRole("link", { name: "Buy for $3" }).click();
  await expect(page.getByTestId("charge")).toHaveText("$3");
  await page.getByRole("button", { name: "Continue to payment — $3" }).click();
  await expect(page.getByTestId("test-amount")).toHaveText("$3");

  // Cancel: back to the buy page with a notice; nothing was bought.
  await page.getByRole("link", { name: "Cancel" }).click();
  await expect(page).toHaveURL(/\/plugins\/points-predictions\/buy\?cancelled=1$/);
  await expect(page.getByRole("status").filter({ hasText: "You cancelled the payment. Nothing was charged" })).toBeVisible();
  await page.goto("/purchases");
  await expect(page.getByText("You have not bought a plugin yet.")).toBeVisible();

  // Then pay.
  await page.goto("/plugins/points-predictions/buy");
  await page.getByRole("button", { name: "Continue to payment — $3" }).click();
  await page.getByRole("button", { name: "Pay $3" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "You own Points & Predictions" })).toBeVisible();
  await expect(page.getByText("You paid $3 (USD)")).toBeVisible();

  await page.goto("/plugins/points-predictions");
  await expect(priceBox(page)).toContainText("You own this");
  await page.goto("/purchases");
  const row = page.getByTestId("purchase-row").filter({ hasText: "Points & Predictions" });
  await expect(row).toContainText("$3.00");
  await expect(row).toContainText("USD");
  await expect(row).toContainText("Paid");
  await expect(page.getByTestId("purchase-row")).toHaveCount(1);

  await expectDownload(request, "points-predictions", headers);
});

test("the complete page of someone else's checkout is a 404, and a visitor's own open checkout waits for the confirmation", async ({ page }) => {
  await page.goto("/sign-up");
  await signUpFrom(page, "Cleo Checker", "US");
  await page.goto("/plugins/hotkey-soundboard/buy");
  await page.getByRole("button", { name: "Continue to payment — $1" }).click();
  await expect(page).toHaveURL(/\/checkout\/builtin\/[0-9a-f-]{36}$/);
  const checkoutId = page.url().split("/").pop()!;

  // Back from the provider before its confirmation arrived: the page says it is waiting, and reloads itself.
  await page.goto(`/plugins/hotkey-soundboard/buy/complete?checkout=${checkoutId}`);
  await expect(page.getByRole("heading", { level: 1, name: "Waiting for the payment confirmation" })).toBeVisible();
  await expect(page.locator('meta[http-equiv="refresh"]')).toHaveAttribute("content", /^3; url=.*wait=1$/);
  await expect(page.getByRole("link", { name: "Check again" })).toBeVisible();

  // Another account cannot see it. (Leaving first also stops the page's own reloading.)
  await page.goto("/");
  await signOutFromMenu(page);
  await expect(page.getByRole("link", { name: "Sign in", exact: true })).toBeVisible();
  await page.goto("/sign-up");
  await signUpFrom(page, "Dan Other", "US");
  const response = await page.goto(`/plugins/hotkey-soundboard/buy/complete?checkout=${checkoutId}`);
  expect(response?.status()).toBe(404);
  expect((await page.goto(`/checkout/builtin/${checkoutId}`))?.status()).toBe(404);
});

/** An author with a published plugin priced at `tier` (requested through the API, approved with the operator CLI). */
async function authorWithPaidPlugin(browser: Browser, request: APIRequestContext, baseURL: string, tier: string) {
  const suffix = unique();
  const slug = `e2e-sold-${suffix}`;
  const name = `Sold Plugin ${suffix}`;
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const email = await signUp(page, "Sam Seller");
  const headers = proKey(email, "plugins:read,plugins:write");
  const files = [
    { path: "plugin.json", content: JSON.stringify({ id: slug, name, version: "1.0.0", description: "Says hello.", permissions: ["ui.notify"] }) },
    { path: "main.lua", content: 'ui.notify("Hello!")\n' },
  ];
  expect((await request.post("/api/v1/plugins", { headers, data: { files, changelog: "First release." } })).status()).toBe(201);
  expect((await request.put(`/api/v1/plugins/${slug}/price`, { headers, data: { tier } })).status()).toBe(200);
  admin("price-request", "approve", "--slug", slug);
  return { page, slug, name };
}

test("the author's sales page shows a sale: the share held for the refund window, the earnings and the chart", async ({ page, browser, request, baseURL }) => {
  const author = await authorWithPaidPlugin(browser, request, baseURL!, "t4");

  await page.goto("/sign-up");
  await signUpFrom(page, "Ila Buyer", "IN");
  await page.goto(`/plugins/${author.slug}/buy`);
  await expect(page.getByTestId("charge")).toHaveText("₹399");
  await page.getByRole("button", { name: "Continue to payment — ₹399" }).click();
  await page.getByRole("button", { name: "Pay ₹399" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `You own ${author.name}` })).toBeVisible();

  const seller = author.page;
  await seller.goto("/");
  await openAccountMenu(seller);
  await seller.getByRole("link", { name: "Sales", exact: true }).click();
  await expect(seller.getByRole("heading", { level: 1, name: "Sales" })).toBeVisible();
  await expect(seller.getByRole("region", { name: "How you get paid" })).toContainText("You get 80 % of every sale");
  await expect(seller.getByRole("region", { name: "How you get paid" })).toContainText("Buyers can be refunded for 14 days.");

  const sale = seller.getByTestId("sale-row").filter({ hasText: author.name });
  await expect(sale).toHaveCount(1);
  await expect(sale).toContainText("₹399.00");
  await expect(sale).toContainText("₹319.20"); // 80 % of ₹399
  await expect(sale).toContainText("Paid");
  await expect(sale).toContainText("Held until");

  const inr = seller.getByTestId("earnings-INR");
  await expect(inr.getByTestId("earned")).toHaveText("₹319.20");
  await expect(inr.getByTestId("held")).toHaveText("₹319.20");
  await expect(inr.getByTestId("payable")).toHaveText("₹0.00");
  await expect(inr.getByTestId("paid-out")).toHaveText("₹0.00");
  await expect(inr).toContainText("₹1,000.00"); // the INR payout minimum

  const chart = seller.getByRole("region", { name: "Sales over time" });
  await expect(chart.getByRole("img", { name: /Sales per day in INR/ })).toBeVisible();
  await chart.getByText("Show the numbers").click();
  await expect(chart.getByRole("cell", { name: "₹399", exact: true })).toBeVisible();
  await expect(seller.getByRole("region", { name: "Payouts" })).toContainText("No payouts yet.");
  await seller.context().close();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("buying still works with plain form posts: buy page, test checkout, complete page", async ({ page }) => {
    await page.goto("/sign-up?next=%2Fplugins%2Fai-chat-helper%2Fbuy");
    await signUpFrom(page, "Nora Noscript", "IN", { javaScript: false });
    await expect(page).toHaveURL(/\/plugins\/ai-chat-helper\/buy$/);
    await expect(page.getByTestId("charge")).toHaveText("₹799");
    await page.getByRole("button", { name: "Continue to payment — ₹799" }).click();
    await expect(page.getByTestId("test-amount")).toHaveText("₹799");
    await page.getByRole("button", { name: "Pay ₹799" }).click();
    await expect(page.getByRole("heading", { level: 1, name: /^You own / })).toBeVisible();
    await page.goto("/purchases");
    await expect(page.getByTestId("purchase-row")).toContainText("₹799.00");
  });
});
