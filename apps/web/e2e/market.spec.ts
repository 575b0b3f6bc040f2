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
  // The preview is the renderer's image, loaded for real.
  expect(await chat.getByRole("img").evaluate((image) => (image as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);

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

  await page.getByRole("button", { name: "Add to my inventory" }).click();
  await expect(page.getByRole("status")).toHaveText("Added to your inventory.");
  await page.getByRole("button", { name: "Add to my inventory" }).click();
  await expect(page.getByRole("status")).toHaveText("Already in your inventory.");

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

test("a Free account sees the plan that unlocks a Pro item; a visitor is asked to sign in", async ({ page }) => {
  await page.goto("/market/goal-bar");
  await expect(page.getByTestId("plan-gate")).toContainText("Sign in");
  await expect(page.getByRole("button", { name: "Add to my inventory" })).toHaveCount(0);

  await signUp(page, "Free Viewer");
  await page.goto("/market?plan=pro&itemKind=widget");
  await page.getByRole("link", { name: "Goal bar" }).click();
  await expect(page.getByTestId("plan-gate")).toContainText("needs the Pro plan; yours is Free");
  await expect(page.getByTestId("plan-gate").getByRole("link", { name: "See the plans" })).toHaveAttribute("href", "/plans");
  await expect(page.getByRole("button", { name: "Add to my inventory" })).toHaveCount(0);

  // A free item is added at once.
  await page.goto("/market/stream-clock");
  await page.getByRole("button", { name: "Add to my inventory" }).click();
  await expect(page.getByRole("status")).toHaveText("Added to your inventory.");
});
