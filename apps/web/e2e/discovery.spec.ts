import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { signUp } from "./support/accounts";
import { admin, newPage } from "./support/admin";

/**
 * Finding plugins (docs/plugins.md#finding-plugins): the author sets category
 * and tags on My plugins; a visitor browses a category on /plugins, sees each
 * card's category and rating, follows a tag from a plugin's page, searches
 * (with a typo), sorts and filters, each keeping the others.
 */
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

async function publish(request: APIRequestContext, key: string, id: string, name: string, permissions: string[]) {
  const files = [
    { path: "plugin.json", content: JSON.stringify({ id, name, version: "1.0.0", description: `The ${name} plugin.`, permissions }) },
    { path: "main.lua", content: 'ui.notify("hi")\n' },
  ];
  const response = await request.post("/api/v1/plugins", { headers: { authorization: `Bearer ${key}` }, data: { files, changelog: "First." } });
  expect(response.status()).toBe(201);
}

/** Someone who downloaded the plugin rates it through the API (plugin-reviews.spec.ts writes reviews on the page). */
async function rate(page: Page, request: APIRequestContext, token: string, slug: string, rating: number) {
  const email = await signUp(page, `Rae Rater ${token}`);
  admin("account", "set-plan", "--email", email, "--plan", "pro");
  const { key } = admin("key", "create", "--email", email, "--scopes", "plugins:read") as { key: string };
  const headers = { authorization: `Bearer ${key}` };
  expect((await request.get(`/api/v1/plugins/${slug}/package`, { headers })).status()).toBe(200);
  expect((await request.put(`/api/v1/plugins/${slug}/review`, { headers, data: { rating } })).status()).toBe(200);
}

async function author(page: Page, request: APIRequestContext, token: string) {
  const email = await signUp(page, `Dana Discover ${token}`);
  admin("account", "set-plan", "--email", email, "--plan", "pro");
  const { key } = admin("key", "create", "--email", email, "--scopes", "plugins:read,plugins:write") as { key: string };
  const quiet = { slug: `quiet-${token}`, name: `Quietude ${token}` };
  const online = { slug: `online-${token}`, name: `Onliner ${token}` };
  await publish(request, key, quiet.slug, quiet.name, ["ui.notify"]);
  await publish(request, key, online.slug, online.name, ["ui.notify", "network"]);
  return { quiet, online };
}

const cards = (page: Page) => page.getByRole("list", { name: "Plugins" }).locator("article.card");

test("an author sets category and tags on My plugins; visitors browse the category, search with a typo, sort and filter", async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  const token = unique();
  const { quiet, online } = await author(page, request, token);

  await page.goto("/dashboard/plugins");
  const row = page.getByTestId("my-plugin").filter({ hasText: quiet.slug });
  await row.locator("summary").filter({ hasText: "Category and tags" }).click();
  const form = row.getByRole("form", { name: `Category and tags of ${quiet.name}` });
  await form.getByLabel("Category").selectOption({ label: "Music" });
  await form.getByLabel("Tags").fill(`Song Queue, tag-${token}`);
  await form.getByRole("button", { name: "Save category and tags" }).click();
  await expect(form.getByRole("status")).toHaveText("Saved.");
  await expect(form.getByLabel("Tags")).toHaveValue(`song-queue, tag-${token}`);
  await expect(row.locator("summary").filter({ hasText: "Category and tags" })).toHaveText(`Category and tags: music, song-queue, tag-${token}`);
  // A tag the server refuses is explained.
  await form.getByLabel("Tags").fill("c++");
  await form.getByRole("button", { name: "Save category and tags" }).click();
  await expect(form.getByRole("alert")).toContainText("letters and digits");

  // Someone who downloaded it rates it 4.
  const rater = await newPage(browser, baseURL!);
  await rate(rater, request, token, quiet.slug, 4);
  await rater.close();

  // Browse a category, then search inside it: the category stays.
  await page.goto("/plugins");
  await page.getByRole("navigation", { name: "Categories" }).getByRole("link", { name: "Music", exact: true }).click();
  await expect(page).toHaveURL(/\/plugins\?category=music$/);
  await expect(page.getByRole("navigation", { name: "Categories" }).getByRole("link", { name: "Music", exact: true })).toHaveAttribute("aria-current", "page");
  await page.getByLabel("Search plugins").fill(token);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`category=music.*q=${token}|q=${token}.*category=music`));
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page).first()).toContainText(quiet.name);
  await expect(page.getByTestId("result-count")).toContainText("1 plugin ·");
  // The card shows its category, linking to the category's page, and its rating.
  const card = cards(page).first();
  await expect(card.getByRole("link", { name: "Category: Music" })).toHaveAttribute("href", "/plugins?category=music");
  await expect(card.getByTestId("card-rating")).toContainText("4.0 (1)");
  await expect(card.getByTestId("card-rating")).toContainText("4.0 out of 5, 1 review");
  await expect(card.getByTestId("card-rating")).toHaveAttribute("title", "4.0 out of 5, 1 review");

  // The plugin's page links its category and its tags; a tag leads to the plugins with that tag.
  await page.goto(`/plugins/${quiet.slug}`);
  await expect(page.getByRole("link", { name: "Category: Music" })).toHaveAttribute("href", "/plugins?category=music");
  const tags = page.getByRole("list", { name: "Tags" });
  await expect(tags.getByRole("link")).toHaveText(["#song-queue", `#tag-${token}`]);
  await tags.getByRole("link", { name: `tag-${token}` }).click();
  await expect(page).toHaveURL(new RegExp(`/plugins\\?tag=tag-${token}$`));
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page).first()).toContainText(quiet.name);

  // Search with a typo finds the name, ranked first.
  await page.goto("/plugins");
  await page.getByLabel("Search plugins").fill(`Quietdue ${token}`);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(cards(page).first()).toContainText(quiet.name);
  await expect(page.getByLabel("Sort by")).toHaveValue("relevance");

  // Sort and filter the author's two plugins: newest first, then only those without internet access.
  await page.goto(`/plugins?q=${token}`);
  await expect(cards(page)).toHaveCount(2);
  // A plugin without reviews shows no rating, and one without a category none.
  const onlineCard = cards(page).filter({ hasText: online.name });
  await expect(onlineCard.getByTestId("card-rating")).toHaveCount(0);
  await expect(onlineCard.getByRole("link", { name: /^Category:/ })).toHaveCount(0);
  const filters = page.getByRole("form", { name: "Sort and filter" });
  await filters.getByLabel("Sort by").selectOption("newest");
  await filters.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/sort=newest/);
  await expect(cards(page).first()).toContainText(online.name);
  await page.getByRole("form", { name: "Sort and filter" }).getByLabel("Without internet access").check();
  await page.getByRole("form", { name: "Sort and filter" }).getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/without=network/);
  await expect(page).toHaveURL(/sort=newest/);
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page).first()).toContainText(quiet.name);
  // Only plugins that run on plugin API version 1 (all of them today); the other filters stay.
  await page.getByRole("form", { name: "Sort and filter" }).getByLabel("Runs on plugin API").selectOption("1");
  await page.getByRole("form", { name: "Sort and filter" }).getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/api=1/);
  await expect(page).toHaveURL(/without=network/);
  await expect(page.getByRole("form", { name: "Sort and filter" }).getByLabel("Runs on plugin API")).toHaveValue("1");
  await expect(cards(page)).toHaveCount(1);
  await page.getByRole("form", { name: "Sort and filter" }).getByLabel("Price").selectOption("paid");
  await page.getByRole("form", { name: "Sort and filter" }).getByRole("button", { name: "Apply" }).click();
  await expect(page.getByText("No plugin matches")).toBeVisible();
});
