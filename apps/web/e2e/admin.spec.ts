import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { openAccountMenu, signUp } from "./support/accounts";
import { admin, newPage, signInOperator, unique } from "./support/admin";

/**
 * The operator's pages in Chromium: the price-request review with the
 * author's side of it and the decisions list, purchase search and refunds,
 * accounts, payouts, the sub-navigation, and that nobody else finds them.
 * Every test makes its own accounts (author, operator, buyer), each in its
 * own browser context, so they run in any order.
 */

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
  for (const path of ["/admin", "/admin/price-requests", "/admin/purchases", "/admin/accounts", "/admin/payouts", "/admin/releases"]) {
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
  await openAccountMenu(operator);
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
  // Decided, with its outcome, reviewer and note.
  const rejected = operator.getByTestId("decided-request-row").filter({ hasText: plugin.slug });
  await expect(rejected).toHaveCount(1);
  await expect(rejected.getByTestId("outcome")).toHaveText("Rejected");
  await expect(rejected).toContainText("Olive Operator");
  await expect(rejected).toContainText("A first release at t3 is steep; try t2.");
  await expect(rejected).toContainText("₹199 in India · $3 elsewhere");

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
  const decided = operator.getByTestId("decided-request-row").filter({ hasText: plugin.slug });
  await expect(decided).toHaveCount(2);
  const approved = decided.filter({ has: operator.getByTestId("outcome").filter({ hasText: "Approved" }) });
  await expect(approved).toContainText("₹99 in India · $2 elsewhere");
  await expect(approved).toContainText("Olive Operator");
  // The rejection stays listed, marked as replaced by the author's new request.
  await expect(decided.filter({ hasText: "The author has since asked again" })).toContainText("try t2");

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

test("an operator who authors a plugin cannot approve its price: the page says another operator reviews it, and one does", async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  // An operator on Pro publishes a plugin and asks for a price.
  const suffix = unique();
  const email = `authoring-operator-${suffix}@example.com`;
  admin("account", "create", "--email", email, "--staff", "--plan", "pro", "--name", "Ada Authoring", "--password", "operator password 1");
  const { key } = admin("key", "create", "--email", email, "--scopes", "plugins:read,plugins:write") as { key: string };
  const headers = { authorization: `Bearer ${key}` };
  const slug = `e2e-own-price-${suffix}`;
  const files = [
    {
      path: "plugin.json",
      content: JSON.stringify({ id: slug, name: `Own Price ${suffix}`, version: "1.0.0", description: "Mine.", permissions: ["chat.read"] }),
    },
    { path: "main.lua", content: 'chats.on("message", function(m) end)\n' },
  ];
  expect((await request.post("/api/v1/plugins", { headers, data: { files, changelog: "First release." } })).status()).toBe(201);
  expect((await request.put(`/api/v1/plugins/${slug}/price`, { headers, data: { tier: "t3" } })).status()).toBe(200);

  await page.goto("/sign-in");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("operator password 1");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByTestId("signed-in-as")).toHaveText("Ada Authoring");
  await page.goto("/admin/price-requests");
  const own = page.getByTestId("price-request-row").filter({ hasText: slug });
  await expect(own).toContainText("₹199 in India · $3 elsewhere");
  await expect(own.getByTestId("own-request")).toHaveText("Your own plugin: another operator approves its price.");
  await expect(own.getByRole("button", { name: "Approve" })).toHaveCount(0);

  // Another operator sees Approve and approves it.
  const other = await newPage(browser, baseURL!);
  await signInOperator(other);
  await other.goto("/admin/price-requests");
  const theirs = other.getByTestId("price-request-row").filter({ hasText: slug });
  await expect(theirs.getByTestId("own-request")).toHaveCount(0);
  await theirs.getByRole("button", { name: "Approve" }).click();
  await expect(other.getByRole("status").filter({ hasText: "Approved the price request of" })).toContainText(slug);
  expect((await (await request.get(`/api/v1/plugins/${slug}`)).json()).item.price).toMatchObject({ tier: "t3" });
  await other.context().close();
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
  // The purchase id is shown whole, for the CLI's `purchase refund --id`.
  const purchaseId = (await row.getAttribute("data-purchase-id"))!;
  expect(purchaseId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  await expect(row.locator("code", { hasText: purchaseId })).toHaveText(purchaseId);

  // The search finds it by its id and by the buyer's email, as a link.
  const search = operator.getByRole("searchbox", { name: "Search purchases" });
  await search.fill(purchaseId);
  await operator.getByRole("button", { name: "Search", exact: true }).click();
  await expect(operator).toHaveURL(new RegExp(`/admin/purchases\\?q=${purchaseId}$`));
  await expect(operator.getByTestId("admin-purchase-row")).toHaveCount(1);
  await expect(operator.getByTestId("admin-purchase-row")).toHaveAttribute("data-purchase-id", purchaseId);
  await operator.getByRole("searchbox", { name: "Search purchases" }).fill(email.toUpperCase());
  await operator.getByRole("button", { name: "Search", exact: true }).click();
  await expect(operator.getByRole("heading", { name: `Purchases matching “${email.toUpperCase()}”` })).toBeVisible();
  await expect(operator.getByTestId("admin-purchase-row")).toHaveCount(1);
  await expect(row).toHaveAttribute("data-purchase-id", purchaseId);

  await row.getByText("Refund…").click();
  await row.getByRole("button", { name: "Refund $2.00" }).click();
  // Back on the same search, with the outcome said.
  await expect(operator.getByRole("status")).toHaveText(
    `Refunded $2.00 to Rory Refund for ${plugin.name}: the buyer no longer owns it. Purchase ${purchaseId}.`,
  );
  await expect(operator.getByRole("searchbox", { name: "Search purchases" })).toHaveValue(email.toUpperCase());
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

test("the sub-navigation marks the section being viewed, for sight and for screen readers", async ({ page }) => {
  await signInOperator(page);
  const nav = page.getByRole("navigation", { name: "Operator" });
  const sections = [
    { name: "Overview", path: "/admin" },
    { name: "Price requests", path: "/admin/price-requests" },
    { name: "Purchases and refunds", path: "/admin/purchases" },
    { name: "Accounts", path: "/admin/accounts" },
    { name: "Payouts", path: "/admin/payouts" },
  ];
  await page.goto("/admin");
  for (const section of sections) {
    await nav.getByRole("link", { name: section.name, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${section.path}$`));
    const current = nav.getByRole("link", { name: section.name, exact: true });
    await expect(current).toHaveAttribute("aria-current", "page");
    await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
    const others = sections.filter((s) => s !== section);
    const other = nav.getByRole("link", { name: others[0]!.name, exact: true });
    expect(await other.getAttribute("aria-current")).toBeNull();
    // Seen, not only announced: the current link is drawn differently from the others.
    const look = (link: typeof current) =>
      link.evaluate((element) => {
        const style = getComputedStyle(element);
        return `${style.backgroundColor} ${style.boxShadow} ${style.fontWeight}`;
      });
    expect(await look(current)).not.toBe(await look(other));
  }
  // A page inside a section keeps it marked.
  await page.goto("/admin/accounts?q=nobody");
  await expect(nav.getByRole("link", { name: "Accounts", exact: true })).toHaveAttribute("aria-current", "page");
});

test("the accounts page: search, suspend and unsuspend, set the plan, grant staff; an operator cannot suspend themselves", async ({
  page,
  browser,
  baseURL,
}) => {
  const person = await newPage(browser, baseURL!);
  const email = await signUp(person, "Sam Target");
  await signInOperator(page);

  // From the overview's card to the page.
  await page.goto("/admin");
  await page.getByRole("link", { name: /accounts?: .*operators?, .* suspended/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Accounts" })).toBeVisible();

  // Search by email, as a link.
  await page.getByRole("searchbox", { name: "Search accounts" }).fill(email);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/accounts\?q=/);
  const row = page.getByTestId("admin-account-row");
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Sam Target");
  await expect(row).toContainText(email);
  await expect(row.getByTestId("account-plan")).toHaveText("Free");
  await expect(row.getByTestId("account-staff")).toHaveText("No");
  await expect(row.getByTestId("account-status")).toHaveText("Active");
  const accountId = (await row.getAttribute("data-account-id"))!;
  await expect(row.locator("code", { hasText: accountId })).toBeVisible();

  // Suspend, after saying what it does; the person is refused at once.
  await row.getByText("Suspend…").click();
  await expect(row).toContainText("refused everywhere at once");
  await row.getByRole("button", { name: "Suspend Sam Target" }).click();
  await expect(page.getByRole("status")).toHaveText("Sam Target is suspended now.");
  await expect(row.getByTestId("account-status")).toHaveText("Suspended");
  await expect(page.getByRole("searchbox", { name: "Search accounts" })).toHaveValue(email);
  const refused = await person.request.get("/api/trpc/keys.list");
  expect(refused.status()).toBe(403);
  expect((await refused.json()).error.data.appError.code).toBe("account_disabled");

  // Unsuspend.
  await row.getByText("Unsuspend…").click();
  await row.getByRole("button", { name: "Unsuspend Sam Target" }).click();
  await expect(page.getByRole("status")).toHaveText("Sam Target is no longer suspended.");
  await expect(row.getByTestId("account-status")).toHaveText("Active");
  expect((await person.request.get("/api/trpc/keys.list")).status()).toBe(200);

  // Set the plan.
  await row.getByText("Change plan…").click();
  await row.getByLabel("Plan", { exact: true }).selectOption("pro");
  await row.getByRole("button", { name: "Set plan" }).click();
  await expect(page.getByRole("status")).toHaveText("Sam Target is on the Pro plan now.");
  await expect(row.getByTestId("account-plan")).toHaveText("Pro");

  // Grant staff: the person reaches the operator's pages.
  await row.getByText("Make operator…").click();
  await row.getByRole("button", { name: "Make Sam Target an operator" }).click();
  await expect(page.getByRole("status")).toHaveText("Sam Target is an operator now.");
  await expect(row.getByTestId("account-staff")).toHaveText("Operator");
  expect((await person.goto("/admin"))?.status()).toBe(200);
  await expect(person.getByRole("heading", { level: 1, name: "Operator" })).toBeVisible();

  // By id too.
  await page.goto(`/admin/accounts?q=${accountId}`);
  await expect(page.getByTestId("admin-account-row")).toHaveCount(1);
  await expect(page.getByTestId("admin-account-row")).toHaveAttribute("data-account-id", accountId);

  // The operator's own row offers neither suspension nor removal of their own access.
  await page.getByRole("searchbox", { name: "Search accounts" }).fill("Olive Operator");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  const own = page.getByTestId("admin-account-row").filter({ hasText: "This is you" });
  await expect(own).toHaveCount(1);
  await expect(own.getByText("Suspend…")).toHaveCount(0);
  await expect(own.getByText("Remove operator access…")).toHaveCount(0);

  // A search the page cannot run gets a sentence, not an error page.
  const response = await page.goto(`/admin/accounts?q=${"x".repeat(300)}`);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("alert").filter({ hasText: "Search for at most 200 characters." })).toBeVisible();
  await page.goto("/admin/purchases?cursor=not-a-cursor");
  await expect(page.getByRole("alert").filter({ hasText: "That page link is not valid; start from the first page." })).toBeVisible();

  await person.context().close();
});
