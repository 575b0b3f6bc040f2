import { type APIRequestContext, type Browser, expect, type Page, test } from "@playwright/test";
import { signUp } from "./support/accounts";
import { admin } from "./support/admin";

/**
 * The operator's pages in Chromium: the price-request review with the
 * author's side of it, refunds, payouts, and that nobody else finds them.
 * Every test makes its own accounts (author, operator, buyer), each in its
 * own browser context, so they run in any order.
 */

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

async function newPage(browser: Browser, baseURL: string): Promise<Page> {
  return (await browser.newContext({ baseURL })).newPage();
}

/** A staff account made with the operator CLI, signed in through the website. */
async function signInOperator(page: Page): Promise<void> {
  const email = `operator-${unique()}@example.com`;
  admin("account", "create", "--email", email, "--staff", "--name", "Olive Operator", "--password", "operator password 1");
  await page.goto("/sign-in");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("operator password 1");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByTestId("signed-in-as")).toHaveText("Olive Operator");
}

/** An author (signed in on `page`) with a free plugin published through the API. */
async function authorWithPlugin(page: Page, request: APIRequestContext) {
  const suffix = unique();
  const slug = `e2e-priced-${suffix}`;
  const name = `Priced Plugin ${suffix}`;
  const email = await signUp(page, "Rita Author");
  admin("account", "set-plan", "--email", email, "--plan", "pro");
  const { key } = admin("key", "create", "--email", email, "--scopes", "plugins:read,plugins:write") as { key: string };
  const headers = { authorization: `Bearer ${key}` };
  const files = [
    { path: "plugin.json", content: JSON.stringify({ id: slug, name, version: "1.0.0", description: "Counts the hype.", permissions: ["chat.read"] }) },
    { path: "main.lua", content: 'chats.on("message", function(m) end)\n' },
  ];
  expect((await request.post("/api/v1/plugins", { headers, data: { files, changelog: "First release." } })).status()).toBe(201);
  return { slug, name, headers };
}

test("the operator's pages are a 404 for everyone but staff", async ({ page }) => {
  expect((await page.goto("/admin"))?.status()).toBe(404);
  await signUp(page, "Curious Visitor");
  await expect(page.getByRole("link", { name: "Admin", exact: true })).toHaveCount(0);
  for (const path of ["/admin", "/admin/price-requests", "/admin/purchases", "/admin/payouts"]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  }
});

test("a price request: the author asks, the operator turns it down with a note, the author asks again, the operator approves, the public page shows the price", async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  const plugin = await authorWithPlugin(page, request);
  const operator = await newPage(browser, baseURL!);
  await signInOperator(operator);

  // The author asks for t3 on the pricing page.
  await page.goto("/dashboard/pricing");
  const row = page.getByTestId("pricing-plugin").filter({ hasText: plugin.name });
  await expect(row.getByTestId("current-price")).toHaveText("Free");
  await row.getByRole("radio", { name: /^t3 — ₹199 in India · \$3 elsewhere/ }).check();
  await row.getByRole("button", { name: "Request this price" }).click();
  await expect(row.getByRole("status")).toContainText("Asked for t3");
  await expect(row.getByTestId("price-request")).toContainText("Waiting for review");
  await expect(row.getByTestId("price-request")).toContainText("₹199 in India · $3 elsewhere");
  await expect(row.getByTestId("current-price")).toHaveText("Free");

  // The operator sees it with both amounts and turns it down with a note.
  await operator.getByRole("link", { name: "Admin", exact: true }).click();
  await operator.getByRole("link", { name: "Price requests" }).first().click();
  const request1 = operator.getByTestId("price-request-row").filter({ hasText: plugin.slug });
  await expect(request1).toContainText("Rita Author");
  await expect(request1).toContainText("Free");
  await expect(request1).toContainText("₹199 in India · $3 elsewhere");
  await request1.getByLabel("Note to the author (optional)").fill("A first release at t3 is steep; try t2.");
  await request1.getByRole("button", { name: "Reject" }).click();
  await expect(operator.getByRole("status").filter({ hasText: "Turned down the price request of" })).toContainText(plugin.slug);
  await expect(operator.getByTestId("price-request-row").filter({ hasText: plugin.slug })).toHaveCount(0);

  // The author sees the note; the plugin stays free.
  await page.reload();
  await expect(row.getByTestId("price-request")).toContainText("Turned down");
  await expect(row.getByTestId("price-request")).toContainText("A first release at t3 is steep; try t2.");
  await expect(row.getByTestId("current-price")).toHaveText("Free");

  // Asks again, for t2; the operator approves.
  await row.getByRole("radio", { name: /^t2 — ₹99 in India · \$2 elsewhere/ }).check();
  await row.getByRole("button", { name: "Request this price" }).click();
  await expect(row.getByTestId("price-request")).toContainText("Waiting for review");
  await expect(row.getByTestId("price-request")).not.toContainText("try t2");
  await operator.reload();
  const request2 = operator.getByTestId("price-request-row").filter({ hasText: plugin.slug });
  await expect(request2).toContainText("₹99 in India · $2 elsewhere");
  await request2.getByRole("button", { name: "Approve" }).click();
  await expect(operator.getByRole("status").filter({ hasText: "Approved the price request of" })).toContainText(plugin.slug);

  await page.reload();
  await expect(row.getByTestId("current-price")).toContainText("₹99 in India · $2 elsewhere");
  await expect(row.getByTestId("price-request")).toHaveCount(0);

  // The public page, for a visitor outside India and then in India.
  const visitor = await newPage(browser, baseURL!);
  await visitor.goto(`/plugins/${plugin.slug}`);
  const box = visitor.getByRole("complementary", { name: "Price" });
  await expect(box).toContainText("$2");
  await expect(box.getByRole("link", { name: "Buy for $2" })).toBeVisible();
  await visitor.getByLabel("Prices for").selectOption("IN");
  await visitor.getByRole("button", { name: "Set" }).click();
  await expect(box.getByRole("link", { name: "Buy for ₹99" })).toBeVisible();
  // The author's own page says it is theirs.
  await page.goto(`/plugins/${plugin.slug}`);
  await expect(page.getByTestId("buy-state")).toHaveText("Your plugin");

  // Making it free takes a confirmation, then applies at once.
  await page.goto("/dashboard/pricing");
  await row.getByText("Make it free…").click();
  await row.getByRole("checkbox", { name: `Yes, make ${plugin.name} free now` }).check();
  await row.getByRole("button", { name: `Make ${plugin.name} free` }).click();
  await expect(row.getByTestId("current-price")).toHaveText("Free");
  await visitor.reload();
  await expect(box).toContainText("Free");

  await operator.context().close();
  await visitor.context().close();
});

test("the operator refunds a purchase from the admin page and the buyer no longer owns the plugin", async ({ page, browser, request, baseURL }) => {
  const author = await newPage(browser, baseURL!);
  const plugin = await authorWithPlugin(author, request);
  expect((await request.put(`/api/v1/plugins/${plugin.slug}/price`, { headers: plugin.headers, data: { tier: "t2" } })).status()).toBe(200);
  admin("price-request", "approve", "--slug", plugin.slug);

  // A buyer outside India buys it.
  const email = await signUp(page, "Rory Refund");
  admin("account", "set-plan", "--email", email, "--plan", "pro");
  const { key } = admin("key", "create", "--email", email, "--scopes", "plugins:read") as { key: string };
  const headers = { authorization: `Bearer ${key}` };
  await page.goto(`/plugins/${plugin.slug}/buy`);
  await page.getByRole("button", { name: "Continue to payment — $2" }).click();
  await page.getByRole("button", { name: "Pay $2" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `You own ${plugin.name}` })).toBeVisible();
  expect((await request.get(`/api/v1/plugins/${plugin.slug}/package`, { headers })).status()).toBe(200);

  // The operator refunds it inside the window.
  const operator = await newPage(browser, baseURL!);
  await signInOperator(operator);
  await operator.goto("/admin/purchases");
  const row = operator.getByTestId("admin-purchase-row").filter({ hasText: plugin.slug });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("$2.00");
  await expect(row).toContainText("Paid");
  await expect(row).toContainText("Rory Refund");
  await expect(row).toContainText(email);
  await row.getByText("Refund…").click();
  await row.getByRole("button", { name: "Refund $2.00" }).click();
  await expect(row).toContainText("Refunded");
  await expect(row.getByRole("button", { name: /Refund/ })).toHaveCount(0);

  // The buyer: Buy is back, the purchase is refunded, the download is refused again.
  await page.goto(`/plugins/${plugin.slug}`);
  await expect(page.getByRole("complementary", { name: "Price" }).getByRole("link", { name: "Buy for $2" })).toBeVisible();
  await page.goto("/purchases");
  const purchase = page.getByTestId("purchase-row").filter({ hasText: plugin.name });
  await expect(purchase).toContainText("Refunded");
  const refused = await request.get(`/api/v1/plugins/${plugin.slug}/package`, { headers });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).error.code).toBe("purchase_required");

  // The author's sales show the refund.
  await author.goto("/dashboard/sales");
  await expect(author.getByTestId("sale-row").filter({ hasText: plugin.name })).toContainText("Refunded");
  await expect(author.getByTestId("earnings-USD").getByTestId("earned")).toHaveText("$0.00");

  await operator.context().close();
  await author.context().close();
});

test("the operator runs payouts with a method and a reference; with nobody past the refund window and the minimum, nothing is paid", async ({ page }) => {
  await signInOperator(page);
  await page.goto("/admin/payouts");
  await expect(page.getByRole("heading", { level: 1, name: "Payouts" })).toBeVisible();
  await expect(page.getByText("₹1,000.00 or $25.00")).toBeVisible();
  await expect(page.getByLabel("Method").getByRole("option")).toHaveText(["Bank transfer", "UPI", "PayPal", "Wise"]);
  await page.getByLabel("Method").selectOption("upi");
  await page.getByLabel("Reference (optional)").fill("BATCH-1");
  await page.getByRole("button", { name: "Run payouts" }).click();
  await expect(page.getByRole("status")).toContainText("Nobody is due a payout");
  await expect(page.getByRole("region", { name: "Due now" })).toContainText("Nobody has reached the minimum.");
});
