import { expect, type Page, test } from "@playwright/test";
import { openAccountMenu, signUp } from "./support/accounts";
import { admin } from "./support/admin";
import { startSubscriptionCheckout, subscribeOnPlans } from "./support/billing";

/**
 * The site's layout at a laptop's and a phone's width: no page scrolls
 * sideways, the header is one row (on a phone its links fold into a Menu
 * button), and the details that broke before stay fixed.
 */
const widths = [
  { name: "1366 px", width: 1366, height: 900 },
  { name: "390 px", width: 390, height: 844 },
] as const;

/** Every page of the site, as a signed-in operator sees it (the pages behind sign-in and staff render for real). */
const pages = [
  "/",
  "/plugins/chat-commands",
  "/market",
  "/market/tournament-night",
  "/inventory",
  "/sounds",
  "/plugins/chat-commands/buy",
  "/plans",
  "/rates",
  "/docs",
  "/publishing",
  "/desktop",
  "/download",
  "/overlays",
  "/overlays/catalog",
  "/account",
  "/account/connected-apps",
  "/account/billing",
  // The desktop sign-in's pages: consent (a valid request), the deep link's "return to Streamkit" (error variant: it opens nothing), "close this tab".
  `/oauth/authorize?response_type=code&client_id=streamkit-desktop&redirect_uri=${encodeURIComponent("http://127.0.0.1:9/callback")}&state=s&code_challenge=${"a".repeat(43)}&code_challenge_method=S256&device_label=Studio%20PC`,
  "/oauth/desktop/return?client_id=streamkit-desktop&error=access_denied&state=s",
  "/oauth/desktop/done?status=success",
  "/oauth/desktop/done?status=error&error=access_denied",
  "/purchases",
  "/dashboard/plugins",
  "/dashboard/keys",
  "/dashboard/pricing",
  "/dashboard/sales",
  "/admin",
  "/admin/price-requests",
  "/admin/purchases",
  "/admin/subscriptions",
  "/admin/payouts",
  "/admin/accounts",
  "/admin/releases",
  "/dev/outbox",
];
const signedOutPages = ["/sign-in", "/sign-up", "/forgot-password"];

/**
 * The pages a subscription makes (the account is on Pro, so it subscribes to Ultimate): the built-in provider's
 * checkout while unpaid, then — after paying a second checkout — the billing page with a payment, and its receipt.
 */
async function subscriptionPages(page: Page): Promise<string[]> {
  const checkout = await startSubscriptionCheckout(page, "Ultimate", "a month");
  await subscribeOnPlans(page, "Ultimate", "a month");
  const receipt = await page
    .getByTestId("billing-payment-row")
    .first()
    .getByRole("link", { name: /^Receipt/ })
    .getAttribute("href");
  return [checkout, "/account/billing", receipt!];
}

/** The header's parts (logo, links, account or sign-in and sign-up) sit on one line: their vertical centres agree. */
async function expectOneHeaderRow(page: Page, path: string) {
  const centres = await page.evaluate(() =>
    Array.from(document.querySelectorAll(".site-header .container > *, .site-header .header-actions > *"))
      .map((element) => element.getBoundingClientRect())
      .filter((box) => box.width > 0 && box.height > 0)
      .map((box) => box.top + box.height / 2),
  );
  expect(centres.length, `${path}: header parts`).toBeGreaterThanOrEqual(2);
  expect(Math.max(...centres) - Math.min(...centres), `${path}: header parts on one row`).toBeLessThanOrEqual(8);
  const header = await page.locator(".site-header").boundingBox();
  expect(header!.height, `${path}: header height`).toBeLessThanOrEqual(90);
}

async function expectNoSidewaysScroll(page: Page, path: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `${path} scrolls sideways by ${overflow} px`).toBeLessThanOrEqual(0);
}

for (const size of widths) {
  test.describe(`at ${size.name}`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test("no page scrolls sideways and the header is one row", async ({ page }) => {
      test.setTimeout(180_000);
      for (const path of signedOutPages) {
        await page.goto(path);
        await expectNoSidewaysScroll(page, path);
        await expectOneHeaderRow(page, path);
      }
      const email = await signUp(page, "Layout Lena");
      admin("account", "set-staff", "--email", email);
      admin("account", "set-plan", "--email", email, "--plan", "pro");
      // A key makes the keys table exist (it used to push the page sideways on a phone).
      admin("key", "create", "--email", email, "--name", "a key with a rather long name", "--scopes", "plugins:read,plugins:write,sales:read");
      for (const path of [...pages, ...(await subscriptionPages(page))]) {
        await page.goto(path);
        await expect(page.locator("main#main")).toBeVisible();
        if (path === "/docs") await expect(page.getByTestId("api-reference").locator(".scalar-app, .scalar-api-reference").first()).toBeVisible();
        await expectNoSidewaysScroll(page, path);
        await expectOneHeaderRow(page, path);
      }
    });

    test("the header's menus open, show their links and close after a navigation", async ({ page }) => {
      await signUp(page, "Menu Mo");
      if (size.width < 760) {
        await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
        await page.getByLabel("Menu", { exact: true }).click();
        const site = page.getByRole("navigation", { name: "Site" });
        await expect(site.getByRole("link", { name: "Currency converter" })).toBeVisible();
        await site.getByRole("link", { name: "Plans" }).click();
        await expect(page.getByRole("heading", { level: 1, name: "Plans" })).toBeVisible();
        await expect(site).toBeHidden();
      } else {
        await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Currency converter" })).toBeVisible();
        await expect(page.getByLabel("Menu", { exact: true })).toBeHidden();
      }
      await openAccountMenu(page);
      const mine = page.getByRole("navigation", { name: "Your account" });
      await mine.getByRole("link", { name: "API keys" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "API keys" })).toBeVisible();
      await expect(mine).toBeHidden();
    });
  });
}

test.describe("at 390 px", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the plans table shows every plan, and chart labels stay legible", async ({ page }) => {
    await page.goto("/plans");
    const table = page.locator("table.plans-table");
    for (const plan of ["Free", "Pro", "Ultimate"]) {
      const box = await table.getByRole("columnheader", { name: plan, exact: true }).boundingBox();
      expect(box!.x + box!.width, `${plan} column in view`).toBeLessThanOrEqual(390);
    }
    await page.goto("/rates?from=USD&to=EUR&days=90");
    const label = page.locator("figure svg text").first();
    await expect(label).toBeVisible();
    const height = await label.evaluate((element) => element.getBoundingClientRect().height);
    expect(height, "an axis label's rendered height").toBeGreaterThanOrEqual(11);
  });

  test("the sign-up country select stays inside its card", async ({ page }) => {
    await page.goto("/sign-up");
    const card = await page.locator(".form-card").boundingBox();
    const select = await page.getByLabel("Country").boundingBox();
    expect(select!.x + select!.width).toBeLessThanOrEqual(card!.x + card!.width);
  });
});

test("the region picker shows the new region right after Set, and the favicon exists", async ({ page, request }) => {
  await page.goto("/");
  const picker = page.locator("form.region-form");
  await picker.getByLabel("Prices for").selectOption("IN");
  await picker.getByRole("button").click();
  await expect(picker.getByRole("button", { name: "Change" })).toBeVisible();
  await expect(picker.getByLabel("Prices for")).toHaveValue("IN");
  await picker.getByLabel("Prices for").selectOption("ZZ");
  await picker.getByRole("button", { name: "Change" }).click();
  await expect(page.locator(".price:not(.free)").first()).toContainText("$");
  await expect(picker.getByLabel("Prices for")).toHaveValue("ZZ");

  const icon = await request.get("/favicon.ico");
  expect(icon.status()).toBe(200);
  expect(icon.headers()["content-type"]).toMatch(/^image\//);
  await expect(page.locator('link[rel="icon"]').first()).toHaveAttribute("href", /icon/);
});

test("on /docs the reference starts below the site's header, the logo uncovered", async ({ page }) => {
  await page.goto("/docs");
  const reference = page.getByTestId("api-reference");
  await expect(reference.locator(".scalar-app, .scalar-api-reference").first()).toBeVisible();
  const logo = await page.locator(".site-header .brand").boundingBox();
  const onTop = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest(".site-header") !== null, {
    x: logo!.x + 5,
    y: logo!.y + logo!.height / 2,
  });
  expect(onTop, "the logo is what is on top at its place").toBe(true);
  await page.mouse.wheel(0, 2000);
  const stillOnTop = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest(".site-header") !== null, {
    x: logo!.x + 5,
    y: logo!.y + logo!.height / 2,
  });
  expect(stillOnTop, "after scrolling too").toBe(true);
});
