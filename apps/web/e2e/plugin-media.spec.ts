import { expect, test } from "@playwright/test";
import { signUp } from "./support/accounts";
import { admin } from "./support/admin";

/**
 * A plugin's icon and screenshots (docs/plugins.md#icons-and-screenshots): the author uploads them on My plugins,
 * the marketplace card and the plugin page show them with their alt text, and the page's og:image is a PNG the
 * site answers.
 */
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
// A 32×32 and a 64×36 PNG of one colour each.
const ICON = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAACAAAAAgCAIAAAD8GO2jAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAO0lEQVRIiWN4KZdMU8QwaoHcaBAlj6ail6MZLXm0qHg5WprKjVY4L0erTLnRVkXyaMNLbrTpmDyoW9cAprKoTBczpU0AAAAASUVORK5CYII=",
  "base64",
);
const SCREENSHOT = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAEAAAAAkCAIAAAC2bqvFAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAaElEQVRYhe2SQQkAQRDD6qwaTmz8rYf7hIFCBKSh6cdpoht0A9ArdhfiLtENugHoFbsLcZfoBt0A9IrdhbhLdINuAHrF7kLcJbpBNwC9Ynch7hLdoBuAXrG7EHeJbtANQK/YXQg95G8eNTJtpm4BNAkAAAAASUVORK5CYII=",
  "base64",
);
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

test("the author uploads an icon and a screenshot; the card and the plugin page show them with alt text; og:image is a PNG", async ({ page }) => {
  const slug = `e2e-media-${unique()}`;
  const name = "Media Journey";
  const email = await signUp(page, "Pia Pictures");
  admin("account", "set-plan", "--email", email, "--plan", "pro");
  const { key } = admin("key", "create", "--email", email, "--scopes", "plugins:read,plugins:write") as { key: string };
  const files = [
    { path: "plugin.json", content: JSON.stringify({ id: slug, name, version: "1.0.0", description: "Shows pictures." }) },
    { path: "main.lua", content: "-- nothing yet\n" },
  ];
  expect((await page.request.post("/api/v1/plugins", { headers: { authorization: `Bearer ${key}` }, data: { files, changelog: "First" } })).status()).toBe(201);

  // Before any upload: the generated icon on the card.
  await page.goto(`/?q=${slug}`);
  const card = page.locator("article.card", { has: page.getByRole("link", { name, exact: true }) });
  await expect(card.getByRole("img", { name: `${name} icon` })).toHaveAttribute("src", `/api/plugin-media/generated/${slug}.svg`);

  await page.goto("/dashboard/plugins");
  const row = page.getByTestId("my-plugin").filter({ has: page.getByText(slug, { exact: true }) });
  const media = row.getByTestId("plugin-media");
  await media.locator("summary").click();
  await media.getByLabel("Icon (none yet: a generated one shows)").setInputFiles({ name: "icon.gif", mimeType: "image/gif", buffer: ICON });
  await media.getByRole("button", { name: "Upload icon" }).click();
  await expect(media.getByRole("img", { name: `${name} icon` })).toHaveAttribute("src", /^\/api\/plugin-media\/[0-9a-f]{64}\.png$/);
  await expect(media.getByRole("button", { name: "Remove icon" })).toBeVisible();

  await media.getByLabel("Screenshot", { exact: true }).setInputFiles({ name: "shot.png", mimeType: "image/png", buffer: SCREENSHOT });
  await media.getByLabel("What it shows (alt text)").fill("The greeting settings");
  await media.getByRole("button", { name: "Add screenshot" }).click();
  await expect(media.getByRole("img", { name: "The greeting settings" })).toBeVisible();
  await expect(media.getByLabel("Alt text of screenshot 1")).toHaveValue("The greeting settings");

  await page.goto(`/?q=${slug}`);
  const icon = card.getByRole("img", { name: `${name} icon` });
  await expect(icon).toHaveAttribute("src", /^\/api\/plugin-media\/[0-9a-f]{64}\.png$/);
  expect(await icon.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(32);

  await page.goto(`/plugins/${slug}`);
  await expect(page.locator(".plugin-head").getByRole("img", { name: `${name} icon` })).toHaveAttribute("src", /^\/api\/plugin-media\/[0-9a-f]{64}\.png$/);
  const screenshots = page.getByRole("region", { name: "Screenshots" });
  const shot = screenshots.getByRole("img", { name: "The greeting settings" });
  await expect(shot).toBeVisible();
  expect(await shot.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(64);

  const ogImage = await page.locator('meta[property="og:image"]').getAttribute("content");
  expect(ogImage).toMatch(new RegExp(`/api/plugin-media/social/${slug}\\.png\\?v=[0-9a-z]+$`));
  await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute("content", "summary_large_image");
  await expect(page.locator('meta[name="twitter:image"]')).toHaveAttribute("content", ogImage!);
  const picture = await page.request.get(new URL(ogImage!).pathname + new URL(ogImage!).search);
  expect(picture.status()).toBe(200);
  expect(picture.headers()["content-type"]).toBe("image/png");
  expect([...(await picture.body()).subarray(0, 8)]).toEqual(PNG_SIGNATURE);
});
