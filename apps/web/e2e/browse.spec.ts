import { expect, test } from "@playwright/test";

test("a visitor searches the marketplace, pages through it, and reads a plugin's permissions and versions", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: "Plugins for your stream" })).toBeVisible();

  // The service's own plugins come first, each card with its publisher, version, downloads and price.
  const cards = page.getByRole("list", { name: "Plugins" }).getByRole("article");
  await expect(cards).toHaveCount(12);
  await expect(cards.first()).toContainText("Streamkit");
  await expect(cards.first().getByRole("img", { name: "Verified publisher" })).toBeVisible();
  await expect(cards.first()).toContainText(/v\d+\.\d+\.\d+/);

  // Page through the catalogue and back.
  const firstPageNames = await cards.getByRole("heading").allTextContents();
  await page.getByRole("link", { name: "Next →" }).click();
  await expect(page.getByText("All plugins · page 2")).toBeVisible();
  const secondPageNames = await cards.getByRole("heading").allTextContents();
  expect(secondPageNames.length).toBeGreaterThan(0);
  expect(secondPageNames.filter((name) => firstPageNames.includes(name))).toEqual([]);
  await expect(page.getByRole("link", { name: "Next →" })).toHaveCount(0);
  await page.getByRole("link", { name: "← Previous" }).click();
  await expect(page.getByText("All plugins · page 1")).toBeVisible();
  expect(await cards.getByRole("heading").allTextContents()).toEqual(firstPageNames);

  // Search.
  await page.getByRole("searchbox", { name: "Search plugins" }).fill("song");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/q=song/);
  await expect(page.getByText("Results for “song”")).toBeVisible();
  const songCard = cards.filter({ has: page.getByRole("heading", { name: "Song Requests for Spotify", exact: true }) });
  await expect(songCard).toHaveCount(1);
  await expect(songCard).toContainText("$2");

  // The plugin page: description, publisher, permissions in plain words, version history.
  await songCard.getByRole("link", { name: "Song Requests for Spotify" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Song Requests for Spotify" })).toBeVisible();
  const permissions = page.getByRole("region", { name: "Permissions" });
  await expect(permissions.getByText("Read chat")).toBeVisible();
  await expect(permissions.getByText("See the messages in your stream chat and who sent them.")).toBeVisible();
  // One entry per version (a changelog's own Markdown list items are inside them).
  const versions = page.getByRole("region", { name: "Version history" }).locator("ol.versions > li");
  await expect(versions).toHaveCount(4);
  await expect(versions.first()).toContainText("1.2.0");
  await expect(versions.last()).toContainText("0.9.0");
});

test("a visitor in India sees rupee prices, and can switch region", async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: "country", value: "IN", url: baseURL! }]);
  await page.goto("/plugins/song-requests");
  await expect(page.getByRole("complementary", { name: "Price" })).toContainText("₹99");
  await page.getByLabel("Prices for").selectOption("ZZ");
  await page.getByRole("button", { name: "Change" }).click();
  await expect(page.getByRole("complementary", { name: "Price" })).toContainText("$2");
});

test("an unknown plugin is a 404 page", async ({ page }) => {
  const response = await page.goto("/plugins/no-such-plugin");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Plugin not found" })).toBeVisible();
});

test("the API reference renders the OpenAPI document", async ({ page }) => {
  await page.goto("/docs");
  await expect(page.getByTestId("api-reference")).toContainText("Browse the marketplace", { timeout: 30_000 });
  await expect(page.getByTestId("api-reference")).toContainText("Streamkit API");
});
