import { expect, type Page, test } from "@playwright/test";
import { signUp } from "./support/accounts";
import { admin, unique } from "./support/admin";

/**
 * A plugin's page: the author's Markdown rendered safely, and an Install
 * button (the desktop app's deep link) wherever the plugin is installable.
 */

const description = [
  "Counts **hype** in chat. Use `!hype` to see it.",
  "",
  "- first item",
  "- second item",
  "",
  '<script>window.__pwned = true</script><img src=x onerror="window.__pwned = true">',
  "[safe link](https://example.com/docs) and [bad link](javascript:alert(1))",
].join("\n");

async function publishWithMarkdown(page: Page) {
  const slug = `e2e-md-${unique()}`;
  const email = await signUp(page, "Mark Down");
  admin("account", "set-plan", "--email", email, "--plan", "pro");
  const { key } = admin("key", "create", "--email", email, "--scopes", "plugins:read,plugins:write") as { key: string };
  const files = [
    { path: "plugin.json", content: JSON.stringify({ id: slug, name: "Markdown Plugin", version: "1.0.0", description, permissions: ["chat.read"] }) },
    { path: "main.lua", content: 'chats.on("message", function(m) end)\n' },
  ];
  const changelog = "## Fixed\n\n- `!hype` counts emotes\n- <b onmouseover=alert(1)>bold?</b>\n\n# Big heading";
  const response = await page.request.post("/api/v1/plugins", { headers: { authorization: `Bearer ${key}` }, data: { files, changelog } });
  expect(response.status()).toBe(201);
  return slug;
}

test("descriptions and changelogs are rendered Markdown with nothing that runs", async ({ page }) => {
  const slug = await publishWithMarkdown(page);
  await page.goto(`/plugins/${slug}`);
  const lede = page.locator(".plugin-head .markdown");
  await expect(lede.locator("strong")).toHaveText("hype");
  await expect(lede.locator("code")).toHaveText("!hype");
  await expect(lede.locator("li")).toHaveText(["first item", "second item"]);
  await expect(lede.locator("script, img, [onerror]")).toHaveCount(0);
  const safe = lede.getByRole("link", { name: "safe link" });
  await expect(safe).toHaveAttribute("href", "https://example.com/docs");
  await expect(safe).toHaveAttribute("rel", "nofollow ugc noopener noreferrer");
  // The javascript: link keeps its words and loses its address.
  await expect(lede.getByText("bad link")).toBeVisible();
  await expect(lede.getByRole("link", { name: "bad link" })).toHaveCount(0);
  expect(await lede.locator("[href]").evaluateAll((links) => links.map((link) => link.getAttribute("href")))).toEqual(["https://example.com/docs"]);
  expect(await page.evaluate(() => (window as { __pwned?: boolean }).__pwned)).toBeUndefined();

  const changelog = page.locator(".versions .markdown");
  await expect(changelog.locator("li code")).toHaveText("!hype");
  await expect(changelog.locator("[onmouseover], b")).toHaveCount(0);
  // An author's headings never outrank the page's own.
  await expect(changelog.locator("h1, h2")).toHaveCount(0);
  await expect(changelog.locator("h3")).toHaveText("Big heading");
  await expect(changelog.locator("h4")).toHaveText("Fixed");

  // The author's dashboard renders the changelog too.
  await page.goto("/dashboard/plugins");
  await expect(page.locator(".markdown li code").first()).toHaveText("!hype");
});

test("Install opens the desktop app's deep link for free and owned plugins, with help when nothing opens", async ({ page }) => {
  await page.goto("/plugins/chat-commands");
  const install = page.getByTestId("install-button");
  await expect(install).toHaveAttribute("href", "streamkit://install/chat-commands");
  await page.getByText("Nothing opened?").click();
  await page.getByRole("link", { name: "get the desktop app" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "The Streamkit desktop app" })).toBeVisible();
  await expect(page.getByText("streamkit://install/chat-commands")).toBeVisible();

  // A paid plugin not bought: Buy, no Install; once bought, Install (plugin page, buy page and purchases).
  const list = (await (await page.request.get("/api/v1/plugins?limit=100")).json()) as { items: { slug: string; price: unknown }[] };
  const paid = list.items.find((plugin) => plugin.price !== null)!;
  // On Pro: the plan that installs plugins (subscriptions.spec.ts has what Free is shown instead).
  admin("account", "set-plan", "--email", await signUp(page, "Ivy Installer"), "--plan", "pro");
  await page.goto(`/plugins/${paid.slug}`);
  await expect(page.getByTestId("install-button")).toHaveCount(0);
  await page.getByTestId("buy-state").click();
  await page.getByRole("button", { name: /Continue to payment/ }).click();
  await page.getByRole("button", { name: /^Pay / }).click();
  await expect(page.getByRole("heading", { name: /^You own / })).toBeVisible();
  await expect(page.getByTestId("install-button")).toHaveAttribute("href", `streamkit://install/${paid.slug}`);
  await page.goto(`/plugins/${paid.slug}`);
  await expect(page.getByTestId("install-button")).toHaveAttribute("href", `streamkit://install/${paid.slug}`);
  await page.goto("/purchases");
  await expect(page.getByTestId("purchase-row").getByTestId("install-button")).toHaveAttribute("href", `streamkit://install/${paid.slug}`);
});
