import { createHash, randomBytes } from "node:crypto";
import { readdirSync } from "node:fs";
import { type APIRequestContext, expect, type Locator, type Page, test } from "@playwright/test";
import { openAccountMenu, signUp, signUpFrom } from "./support/accounts";
import { admin, unique } from "./support/admin";
import { startSubscriptionCheckout, subscribeOnPlans } from "./support/billing";
import { startLoopbackListener } from "./support/loopback";

/**
 * The site's layout at a laptop's and a phone's width: no page scrolls
 * sideways, the header is one row (on a phone its links fold into a Menu
 * button, and a long name gives way), a table wider than a phone says it
 * scrolls and takes the keyboard, charts open at the newest day, cards in a
 * grid start level, and the details that broke before stay fixed.
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
  "/docs/guides",
  // Every page of the repository's docs/, as the site serves it.
  ...readdirSync(new URL("../../../docs/", import.meta.url))
    .filter((file) => file.endsWith(".md") && file !== "README.md")
    .map((file) => `/docs/guides/${file.slice(0, -".md".length)}`),
  "/publishing",
  "/desktop",
  "/download",
  "/overlays",
  "/overlays/catalog",
  "/overlays/pictures",
  "/account",
  "/account/connected-apps",
  "/account/billing",
  "/device?user_code=BCDF-GHJK",
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
  "/admin/reports",
  "/admin/reviews",
  "/admin/review-reports",
  "/admin/publishers",
  "/plugins",
  "/plugins?q=chat&sort=relevance&price=free",
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
  // Polled: a page that replaces its content after load (a redirect, a refresh) has no header box for a moment.
  await expect
    .poll(async () => (await page.locator(".site-header").boundingBox())?.height ?? Number.POSITIVE_INFINITY, { message: `${path}: header height` })
    .toBeLessThanOrEqual(90);
}

async function expectNoSidewaysScroll(page: Page, path: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `${path} scrolls sideways by ${overflow} px`).toBeLessThanOrEqual(0);
}

for (const size of widths) {
  test.describe(`at ${size.name}`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test("no page scrolls sideways and the header is one row", async ({ page }) => {
      // About 70 pages, each rendered for real: a minute more than it takes on a busy machine.
      test.setTimeout(300_000);
      for (const path of signedOutPages) {
        await page.goto(path);
        await expectNoSidewaysScroll(page, path);
        await expectOneHeaderRow(page, path);
      }
      // A long name: on a phone it gives way to an ellipsis instead of pushing the header into staggered rows.
      const email = await signUp(page, "Lena Featherstonehaugh-Montgomery");
      admin("account", "set-staff", "--email", email);
      admin("account", "set-plan", "--email", email, "--plan", "pro");
      // A key makes the keys table exist (it used to push the page sideways on a phone).
      const { key } = admin(
        "key",
        "create",
        "--email",
        email,
        "--name",
        "a key with a rather long name",
        "--scopes",
        "plugins:read,plugins:write,sales:read",
      ) as {
        key: string;
      };
      // A plugin of their own: its page as its author sees it (icon, screenshots, reviews) and its analytics.
      const slug = `layout-${unique()}`;
      const manifest = { id: slug, name: "Layout Plugin With A Rather Long Name", version: "1.0.0", permissions: ["ui.notify"] };
      const published = await page.request.post("/api/v1/plugins", {
        headers: { authorization: `Bearer ${key}` },
        data: {
          changelog: "First.",
          files: [
            { path: "plugin.json", content: JSON.stringify(manifest) },
            { path: "main.lua", content: 'ui.notify("hi")\n' },
          ],
        },
      });
      expect(published.status()).toBe(201);
      const own = [`/plugins/${slug}`, `/dashboard/plugins/${slug}/analytics`];
      for (const path of [...pages, ...own, ...(await subscriptionPages(page))]) {
        await page.goto(path);
        await expect(page.locator("main#main")).toBeVisible();
        // The API reference is the heaviest page to draw (as browse.spec allows it).
        if (path === "/docs")
          await expect(page.getByTestId("api-reference").locator(".scalar-app, .scalar-api-reference").first()).toBeVisible({ timeout: 30_000 });
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

    test("the overlay editor's placing tools and keyboard-shortcuts sheet stay within the page", async ({ page }) => {
      const email = await signUp(page, "Placing Pat");
      admin("account", "set-plan", "--email", email, "--plan", "pro");
      await page.goto("/overlays");
      await page.getByLabel("Name").fill("Placed scene");
      await page.getByRole("button", { name: "Create and edit" }).click();
      await page.getByRole("button", { name: "Add shape" }).click();
      const tools = page.getByRole("toolbar", { name: "Placing" });
      await expect(tools.getByRole("button", { name: "Align left" })).toBeEnabled();
      for (const button of await tools.getByRole("button").all()) {
        const box = (await button.boundingBox())!;
        expect(box.x + box.width, "a placing button within the width").toBeLessThanOrEqual(size.width);
      }
      await expect(page.getByRole("button", { name: "Lock Shape 1" })).toBeVisible();
      await expectNoSidewaysScroll(page, "the editor");
      // The sheet opens from its button and from "?", and fits the screen.
      await tools.getByRole("button", { name: "Keyboard shortcuts" }).click();
      const sheet = page.getByTestId("shortcuts-sheet");
      await expect(sheet).toBeVisible();
      const box = (await sheet.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(size.width);
      await expectNoSidewaysScroll(page, "the shortcuts sheet");
      await page.keyboard.press("Escape");
      await expect(sheet).toBeHidden();
      await page.getByTestId("overlay-canvas").focus();
      await page.keyboard.press("?");
      await expect(sheet).toBeVisible();
      await sheet.getByRole("button", { name: "Close" }).click();
      await expect(sheet).toBeHidden();
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
    const card = page.locator(".form-card");
    const select = page.getByLabel("Country");
    await expect(card).toBeVisible();
    await expect(select).toBeVisible();
    // Measured once both are laid out (a box is null while the form is being replaced at hydration).
    const overflow = async () => {
      const [outer, inner] = await Promise.all([card.boundingBox(), select.boundingBox()]);
      return outer && inner ? inner.x + inner.width - (outer.x + outer.width) : Number.POSITIVE_INFINITY;
    };
    await expect.poll(overflow).toBeLessThanOrEqual(0);
  });
});

test.describe("at 900 px, between a phone and a laptop", () => {
  test.use({ viewport: { width: 900, height: 800 } });

  test("the header is one row with the main links in the Menu, and no page scrolls sideways", async ({ page }) => {
    for (const path of ["/", "/plans"]) {
      await page.goto(path);
      await expectNoSidewaysScroll(page, path);
      await expectOneHeaderRow(page, path);
    }
    await signUp(page, "Lena Featherstonehaugh-Montgomery");
    for (const path of ["/", "/plugins/chat-commands", "/account", "/plans"]) {
      await page.goto(path);
      await expectNoSidewaysScroll(page, path);
      await expectOneHeaderRow(page, path);
      await expect(page.getByLabel("Menu", { exact: true })).toBeVisible();
    }
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
  await expect(reference.locator(".scalar-app, .scalar-api-reference").first()).toBeVisible({ timeout: 30_000 });
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

/**
 * Every visible table of the page has its last column in reach: it fits, or
 * it scrolls in its own box that says so (a hint, the far edge faded), is a
 * named region the keyboard can focus, and scrolled to its end shows the last
 * column whole. Returns how many tables scroll.
 */
async function expectTablesInReach(page: Page, path: string): Promise<number> {
  const tables = page.locator("main table");
  let scrolling = 0;
  for (let index = 0; index < (await tables.count()); index++) {
    const table = tables.nth(index);
    // The chart's numbers stay behind their disclosure.
    if (!(await table.isVisible())) continue;
    const name = `${path}: table ${index + 1}`;
    const overflow = await table.evaluate((element) => {
      const box = element.closest(".table-wrap") ?? element.parentElement!;
      return box.scrollWidth - box.clientWidth;
    });
    const lastHeading = table.locator("tr").first().locator("th, td").last();
    if (overflow <= 1) {
      const box = (await lastHeading.boundingBox())!;
      expect(box.x + box.width, `${name} fits: its last column in view`).toBeLessThanOrEqual(page.viewportSize()!.width);
      continue;
    }
    scrolling++;
    const frame = table.locator("xpath=ancestor::div[contains(concat(' ', @class, ' '), ' table-scroll ')][1]");
    await expect(frame.getByTestId("table-scroll-hint"), `${name} says it scrolls`).toBeVisible();
    await expect(frame, `${name}: more to the right`).toHaveAttribute("data-more-after", "");
    const wrap = frame.locator(":scope > .table-wrap");
    await expect(wrap, `${name} takes the keyboard`).toHaveAttribute("tabindex", "0");
    await expect(wrap).toHaveAttribute("role", "region");
    await wrap.evaluate((element) => element.scrollTo({ left: element.scrollWidth, behavior: "instant" }));
    await expect(frame, `${name} scrolled to its end`).not.toHaveAttribute("data-more-after");
    await expect(frame).toHaveAttribute("data-more-before", "");
    const box = (await wrap.boundingBox())!;
    const last = (await lastHeading.boundingBox())!;
    expect(last.x, `${name}: last column's left edge in view`).toBeGreaterThanOrEqual(box.x - 1);
    expect(last.x + last.width, `${name}: last column's right edge in view`).toBeLessThanOrEqual(box.x + box.width + 1);
  }
  return scrolling;
}

/** A desktop sign-in for the signed-in account of `page` (consent in the page, the code exchanged like the app does): Connected apps then has a row. */
async function connectDesktopApp(page: Page, request: APIRequestContext, site: string) {
  const listener = await startLoopbackListener(site);
  try {
    const verifier = randomBytes(32).toString("base64url");
    const query = new URLSearchParams({
      response_type: "code",
      client_id: "streamkit-desktop",
      redirect_uri: listener.redirectUri,
      state: "layout",
      code_challenge: createHash("sha256").update(verifier).digest("base64url"),
      code_challenge_method: "S256",
      device_label: "The streaming PC in the back room",
    });
    await page.goto(`/oauth/authorize?${query}`);
    const answer = listener.nextAnswer();
    await page.getByRole("button", { name: "Allow Streamkit desktop" }).click();
    const code = (await answer).searchParams.get("code")!;
    // The loopback answer sends the page on to the site's done page: wait for it, or the next navigation races it.
    await page.waitForURL(/\/oauth\/desktop\/done\?status=success/);
    const tokens = await request.post("/api/oauth/token", {
      form: { grant_type: "authorization_code", code, redirect_uri: listener.redirectUri, client_id: "streamkit-desktop", code_verifier: verifier },
    });
    expect(tokens.status()).toBe(200);
  } finally {
    await listener.close();
  }
}

test.describe("at 390 px, the tables and the sales chart", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("every table's last column is in reach (keys, connected apps, purchases, billing, sales, the operator's), and the sales chart opens at today", async ({
    page,
    browser,
    request,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    // The seller: an operator on Pro with a key, a paid plugin and (below) a subscription with a payment.
    const email = await signUp(page, "Tabitha Tables");
    admin("account", "set-plan", "--email", email, "--plan", "pro");
    const { key } = admin("key", "create", "--email", email, "--name", "the release pipeline's key", "--scopes", "plugins:read,plugins:write,sales:read") as {
      key: string;
    };
    const slug = `e2e-layout-sold-${Date.now().toString(36)}`;
    const headers = { authorization: `Bearer ${key}` };
    const files = [
      {
        path: "plugin.json",
        content: JSON.stringify({ id: slug, name: "Table Test Plugin", version: "1.0.0", description: "Sold.", permissions: ["ui.notify"] }),
      },
      { path: "main.lua", content: 'ui.notify("Hello!")\n' },
    ];
    expect((await request.post("/api/v1/plugins", { headers, data: { files, changelog: "First release." } })).status()).toBe(201);
    expect((await request.put(`/api/v1/plugins/${slug}/price`, { headers, data: { tier: "t4" } })).status()).toBe(200);
    admin("price-request", "approve", "--slug", slug);
    admin("account", "set-staff", "--email", email);

    // The buyer, on a phone too: buys it today, and signs the desktop app in.
    const buyerContext = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
    const buyer = await buyerContext.newPage();
    await buyer.goto("/sign-up");
    await signUpFrom(buyer, "Ila Buyer", "IN");
    await buyer.goto(`/plugins/${slug}/buy`);
    await buyer.getByRole("button", { name: /^Continue to payment/ }).click();
    await buyer.getByRole("button", { name: /^Pay / }).click();
    await expect(buyer).toHaveURL(/\/buy\/complete/);
    await connectDesktopApp(buyer, buyer.request, baseURL!);
    for (const path of ["/purchases", "/account/connected-apps"]) {
      await buyer.goto(path);
      expect(await expectTablesInReach(buyer, path), `${path} has a table wider than a phone`).toBeGreaterThan(0);
    }
    await buyerContext.close();

    await subscribeOnPlans(page, "Ultimate", "a month");
    for (const path of ["/account/billing", "/dashboard/keys", "/dashboard/sales"]) {
      await page.goto(path);
      expect(await expectTablesInReach(page, path), `${path} has a table wider than a phone`).toBeGreaterThan(0);
    }
    for (const path of [
      "/admin/purchases",
      "/admin/accounts",
      "/admin/subscriptions",
      "/admin/price-requests",
      "/admin/payouts",
      "/admin/releases",
      "/dashboard/pricing",
      // The guides' Markdown tables, in the same scrolling box.
      "/docs/guides/api",
    ]) {
      await page.goto(path);
      await expectTablesInReach(page, path);
    }

    // The keys table scrolls with the arrow keys once focused.
    await page.goto("/dashboard/keys");
    const keys = page.locator(".table-scroll > .table-wrap").first();
    await keys.focus();
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => keys.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);

    // The sales chart opens at its newest day, today, in view.
    await page.goto("/dashboard/sales");
    const chart = page.locator(".sales-chart").first();
    const today = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" }).format(new Date());
    const newest = chart.locator("svg circle").last();
    await expect(newest.locator("title")).toHaveText(new RegExp(`^${today}: `));
    const scroller = chart.locator("svg").locator("xpath=..");
    expect(await scroller.evaluate((element) => element.scrollWidth - element.clientWidth), "the chart is wider than a phone").toBeGreaterThan(0);
    await expectWithin(newest, scroller, "today's point");
  });
});

/** `inner`'s box lies inside `outer`'s. */
async function expectWithin(inner: Locator, outer: Locator, name: string) {
  const a = (await inner.boundingBox())!;
  const b = (await outer.boundingBox())!;
  expect(a.x, `${name}: left edge in view`).toBeGreaterThanOrEqual(b.x - 1);
  expect(a.x + a.width, `${name}: right edge in view`).toBeLessThanOrEqual(b.x + b.width + 1);
}

test("cards in a grid start level: every card of a row has the same top (/plans, /overlays/catalog, /sounds)", async ({ page }) => {
  await signUp(page, "Grid Greta");
  for (const [path, cards] of [
    ["/plans", ".plan-grid > *"],
    ["/overlays/catalog", ".catalog-grid > *"],
    ["/sounds", 'ul[aria-label="Sounds"] > li'],
  ] as const) {
    await page.goto(path);
    await expect(page.locator(cards).first()).toBeVisible();
    const rows = await page.locator(cards).evaluateAll((elements) => {
      const grid = elements[0]!.parentElement!;
      const columns = getComputedStyle(grid).gridTemplateColumns.split(" ").length;
      const tops = elements.map((element) => element.getBoundingClientRect().top);
      return { columns, rows: Array.from({ length: Math.ceil(tops.length / columns) }, (_, row) => tops.slice(row * columns, (row + 1) * columns)) };
    });
    expect(rows.columns, `${path}: more than one card to a row`).toBeGreaterThan(1);
    for (const row of rows.rows) expect(Math.max(...row) - Math.min(...row), `${path}: tops of a row ${row.join(", ")}`).toBeLessThanOrEqual(1);
  }
});

test("the market's previews draw their text inside the picture (Follower count's was cut off)", async ({ page, request }) => {
  const items = ((await (await request.get("/api/v1/market?limit=100")).json()) as { items: { slug: string; itemKind: string }[] }).items;
  expect(items.map((item) => item.slug)).toContain("follower-counter");
  // Themes are grids of their members, drawn scaled: their members are checked as items of their own.
  for (const item of items.filter((candidate) => candidate.itemKind !== "theme")) {
    await page.goto(`/api/v1/market/${item.slug}/preview`);
    const outside = await page.evaluate(() => {
      const { width } = (document.documentElement as unknown as SVGSVGElement).viewBox.baseVal;
      return Array.from(document.querySelectorAll("text"))
        .map((text) => ({ layer: text.closest("[data-layer-id]")?.getAttribute("data-layer-id"), box: text.getBBox() }))
        .filter(({ box }) => box.width > 0 && (box.x < 0 || box.x + box.width > width))
        .map(({ layer, box }) => `${layer}: ${Math.round(box.x)}…${Math.round(box.x + box.width)} of ${width}`);
    });
    expect(outside, `${item.slug}: text outside the picture`).toEqual([]);
  }
});

test("no page preloads a stylesheet it does not use (/overlays/<id>, /market, /docs: the header's /rates is prefetched)", async ({ page, request }) => {
  const warnings: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "warning") warnings.push(message.text());
  });
  const email = await signUp(page, "Preload Petra");
  admin("account", "set-plan", "--email", email, "--plan", "pro");
  await page.goto("/overlays");
  await page.getByLabel("Name").fill("Preload scene");
  await page.getByRole("button", { name: "Create and edit" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Preload scene" })).toBeVisible();
  const editor = new URL(page.url()).pathname;
  // The stylesheets the currency converter's page needs, chart included.
  const ratesCss = [...(await (await request.get("/rates")).text()).matchAll(/href="(\/_next\/static\/[^"]+\.css)"/g)].map((match) => match[1]!);
  expect(ratesCss.length).toBeGreaterThan(0);
  for (const path of [editor, "/market", "/docs"]) {
    const prefetched = page.waitForResponse((response) => /\/rates\?_rsc=/.test(response.url()));
    await page.goto(path);
    await prefetched;
    await page.waitForLoadState("networkidle");
    const links = await page.evaluate(() => ({
      sheets: Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')).map((link) => new URL(link.href).pathname),
      preloads: Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="style"]')).map((link) => new URL(link.href).pathname),
    }));
    for (const sheet of ratesCss) expect(links.sheets, `${path}: the prefetched /rates' ${sheet} is already a stylesheet here`).toContain(sheet);
    expect(
      links.preloads.filter((href) => !links.sheets.includes(href)),
      `${path}: stylesheets preloaded and not used`,
    ).toEqual([]);
  }
  expect(warnings.filter((text) => text.includes("preloaded using link preload but not used"))).toEqual([]);
});
