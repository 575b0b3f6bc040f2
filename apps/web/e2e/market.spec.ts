import { expect, type Page, test } from "@playwright/test";
import { signUp } from "./support/accounts";
import { admin } from "./support/admin";

/**
 * The streamer's market in Chromium: browse /market with its rendered
 * previews and filters, open a theme and its members, add it to the
 * inventory on a plan that allows it, and see it on /inventory; a Free
 * account is told which plan unlocks a Pro item; a visitor is asked to sign in.
 */

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test("browse the market, open a theme and its preview, add it on Ultimate, and find it in the inventory", async ({ page }) => {
  const email = await signUp(page, "Market Maven");
  admin("account", "set-plan", "--email", email, "--plan", "ultimate");

  await page.goto("/");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Market", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Market" })).toBeVisible();
  const chat = page.getByTestId("market-item").filter({ hasText: "Chat box" }).first();
  await expect(chat.getByRole("img", { name: "Preview of Chat box" })).toBeVisible();
  // The preview is the renderer's image, loaded for real (polled: a visible image may still be loading on a cold server).
  await expect.poll(() => chat.getByRole("img").evaluate((image) => (image as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);

  // Filters: themes only.
  await page.getByLabel("Kind").selectOption("theme");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(/itemKind=theme/);
  const cards = page.getByTestId("market-item");
  await expect(cards.first()).toBeVisible();
  for (const text of await cards.allTextContents()) expect(text).toContain("Theme");

  // A phone: one column, nothing scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.getByRole("link", { name: "Tournament night" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Tournament night" })).toBeVisible();
  await expect(page.getByTestId("item-plan")).toHaveText("Ultimate");
  const members = page.getByRole("list", { name: "Items in Tournament night" });
  await expect(members.getByTestId("market-item")).toHaveCount(6);
  await expect(members.getByRole("img", { name: "Preview of Scoreboard" })).toBeVisible();
  const preview = page.getByRole("img", { name: "Preview of Tournament night" });
  expect(await preview.evaluate((image) => (image as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  const svg = await page.request.get(await preview.evaluate((image) => (image as HTMLImageElement).src));
  expect(svg.headers()["content-type"]).toBe("image/svg+xml; charset=utf-8");

  // Added, the page says it is held and offers no second add (adding again would be idempotent: inventory.test.ts).
  await page.getByRole("button", { name: "Add to my inventory" }).click();
  await expect(page.getByTestId("in-inventory")).toContainText("In your inventory.");
  await expect(page.getByRole("button", { name: "Add to my inventory" })).toHaveCount(0);

  await page.goto("/inventory");
  const held = page.getByTestId("inventory-item").filter({ hasText: "Tournament night" });
  await expect(held).toHaveCount(1);
  await expect(held).toContainText("Scoreboard");
  await expect(held.getByTestId("locked")).toHaveCount(0);

  // A downgrade locks it (kept, flagged with the plan that unlocks it); Remove takes it out.
  admin("account", "set-plan", "--email", email, "--plan", "free");
  await page.reload();
  await expect(held.getByTestId("locked")).toContainText("Needs the Ultimate plan");
  await held.getByRole("button", { name: "Remove" }).click();
  await expect(page.getByTestId("inventory-item")).toHaveCount(0);
});

test("a Free account sees the plan that unlocks a Pro item; a visitor reads the item and is asked to sign in only to add it", async ({ page }) => {
  // Signed out, the item's page is there to read, as GET /api/v1/market/{slug} is.
  const response = await page.goto("/market/goal-bar");
  expect(response?.status()).toBe(200);
  await expect(page).toHaveURL(/\/market\/goal-bar$/);
  await expect(page.getByRole("heading", { level: 1, name: "Goal bar" })).toBeVisible();
  await expect(page.getByTestId("item-plan")).toHaveText("Pro");
  await expect(page.getByTestId("plan-gate")).toContainText("Sign in");
  await expect(page.getByRole("button", { name: "Add to my inventory" })).toHaveCount(0);
  // Its sign-in link says why, and comes back to the item.
  await page.getByTestId("plan-gate").getByRole("link", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/sign-in\?next=%2Fmarket%2Fgoal-bar$/);
  await expect(page.getByTestId("sign-in-reason")).toHaveText("Sign in to add this item to your inventory.");

  await signUp(page, "Free Viewer");
  await page.goto("/market?plan=pro&itemKind=widget");
  await page.getByRole("link", { name: "Goal bar" }).click();
  await expect(page.getByTestId("plan-gate")).toContainText("needs the Pro plan; yours is Free");
  await expect(page.getByTestId("plan-gate").getByRole("link", { name: "See the plans" })).toHaveAttribute("href", "/plans");
  await expect(page.getByRole("button", { name: "Add to my inventory" })).toHaveCount(0);

  // A free item is added at once; from then on its page says it is held, and offers no second add.
  await page.goto("/market/stream-clock");
  await expect(page.getByTestId("in-inventory")).toHaveCount(0);
  await page.getByRole("button", { name: "Add to my inventory" }).click();
  await expect(page.getByTestId("in-inventory")).toContainText("In your inventory.");
  await page.reload();
  await expect(page.getByTestId("in-inventory")).toContainText("In your inventory.");
  await expect(page.getByTestId("in-inventory").getByRole("link", { name: "Open your inventory" })).toHaveAttribute("href", "/inventory");
  await expect(page.getByRole("button", { name: "Add to my inventory" })).toHaveCount(0);
  // Another item it does not hold is not marked.
  await page.goto("/market/chat-feed");
  await expect(page.getByTestId("in-inventory")).toHaveCount(0);
});
