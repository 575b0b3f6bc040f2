import { expect, test } from "@playwright/test";
import { signUp } from "./support/accounts";
import { admin, unique } from "./support/admin";

/**
 * Permissions per version (docs/plugins.md#permissions-per-version): each
 * entry of a plugin's version history says in words what the update asks for
 * beyond the version before it, and the marketplace card marks a plugin whose
 * latest update widened what it asks.
 */

test("an update that asks for more says so on the plugin page and marks the listing card", async ({ page }) => {
  const slug = `e2e-perm-${unique()}`;
  const email = await signUp(page, "Pia Permissions");
  admin("account", "set-plan", "--email", email, "--plan", "pro");
  const { key } = admin("key", "create", "--email", email, "--scopes", "plugins:read,plugins:write") as { key: string };
  const publish = async (version: string, permissions: string[], optional: string[]) => {
    const manifest = { id: slug, name: `Widening ${slug}`, version, permissions, optional_permissions: optional };
    const files = [
      { path: "plugin.json", content: JSON.stringify(manifest) },
      { path: "main.lua", content: 'ui.notify("hi")\n' },
    ];
    const response = await page.request.post("/api/v1/plugins", {
      headers: { authorization: `Bearer ${key}` },
      data: { files, changelog: `Release ${version}.` },
    });
    expect(response.status()).toBe(201);
  };
  await publish("1.0.0", ["ui.notify"], []);
  await publish("1.1.0", ["ui.notify", "network", "ai"], ["obs"]);

  await page.goto(`/plugins/${slug}`);
  const versions = page.locator(".versions > li");
  await expect(versions).toHaveCount(2);
  await expect(versions.nth(0).locator(".permission-change")).toHaveText("This update asks for network and ai. It may ask for obs while it runs.");
  await expect(versions.nth(0).locator(".permission-change")).toHaveClass(/widened/);
  // The first version has nothing to compare with.
  await expect(versions.nth(1).locator(".permission-change")).toHaveCount(0);

  await page.goto(`/?q=${slug}`);
  const card = page
    .getByRole("list", { name: "Plugins" })
    .getByRole("article")
    .filter({ hasText: `Widening ${slug}` });
  await expect(card.locator(".permissions-widened")).toHaveText("▲ asks for more");
  await expect(card.locator(".permissions-widened")).toHaveAttribute("title", "The latest update asks for more permissions than the version before it");

  // An update that drops permissions says so, and the card's mark goes away.
  await publish("1.2.0", ["ui.notify"], []);
  await page.goto(`/plugins/${slug}`);
  await expect(page.locator(".versions > li").first().locator(".permission-change")).toHaveText("It no longer asks for network, ai and obs.");
  await page.goto(`/?q=${slug}`);
  await expect(
    page
      .getByRole("list", { name: "Plugins" })
      .getByRole("article")
      .filter({ hasText: `Widening ${slug}` }),
  ).toHaveCount(1);
  await expect(page.locator(".permissions-widened")).toHaveCount(0);
});
