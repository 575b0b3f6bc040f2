import { expect, test } from "@playwright/test";

/**
 * The repository's docs/ on the site (/docs/guides/<page>): reached from the
 * API reference, links between pages rewritten to the site's addresses with
 * GitHub's heading ids, and any other name the site's 404 page.
 */

test("from /docs a visitor follows a guide, then a link to another guide's section", async ({ page }) => {
  await page.goto("/docs");
  const guides = page.getByRole("navigation", { name: "Guides" });
  await guides.getByRole("link", { name: "Exchange rates" }).click();
  await expect(page).toHaveURL(/\/docs\/guides\/exchange-rates$/);
  await expect(page.getByRole("heading", { level: 1, name: "Exchange rates" })).toBeVisible();
  // A table of the page sits in the site's table box; the Markdown's links point at the site, not at .md files.
  await expect(page.locator("main table.data").first()).toContainText("GET /fx/latest");
  expect(await page.locator("main a[href$='.md'], main a[href*='.md#']").count()).toBe(0);

  await page.locator("main").getByRole("link", { name: "Configuration" }).first().click();
  await expect(page).toHaveURL(/\/docs\/guides\/configuration#exchange-rates$/);
  await expect(page.locator("#exchange-rates")).toBeInViewport();

  await page.getByRole("navigation", { name: "Documentation" }).getByRole("link", { name: "All guides" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Streamkit documentation" })).toBeVisible();
  await page.locator("main").getByRole("link", { name: "The REST API" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "The REST API" })).toBeVisible();
});

test("an unknown guide is the site's 404 page", async ({ page }) => {
  for (const path of ["/docs/guides/no-such-guide", "/docs/guides/README", "/docs/guides/api.md"]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  }
});
