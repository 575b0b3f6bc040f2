import { expect, type Page, test } from "@playwright/test";
import { signUp } from "./support/accounts";
import { admin } from "./support/admin";

/**
 * Widget settings (docs/overlays.md#widget-settings): a Pro streamer copies the catalogue's lower third, which arrives with
 * its settings, changes its name and accent colour in the editor's Settings form (each change one undo step),
 * publishes, and the OBS page, open all along, shows the new text and colour without reloading.
 */

async function proAccount(page: Page, name: string): Promise<string> {
  const email = await signUp(page, name);
  admin("account", "set-plan", "--email", email, "--plan", "pro");
  return email;
}

test("change a copied overlay's settings in the form, publish, and see them on the OBS page", async ({ page, context }) => {
  await proAccount(page, "Settings Sia");
  await page.goto("/overlays/catalog");
  const card = page.getByTestId("catalog-overlay").filter({ hasText: "Lower third" });
  await card.getByText("Add to my overlays").click();
  await card.getByLabel("Name of your copy").fill("My lower third");
  await card.getByRole("button", { name: "Copy and edit" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "My lower third" })).toBeVisible();

  const sourceUrl = await page.getByTestId("browser-source-url").inputValue();
  const obs = await context.newPage();
  await obs.goto(sourceUrl);
  await expect(obs.locator("#stage svg text").first()).toHaveText("Your Name");

  const settings = page.getByTestId("settings-panel");
  await expect(settings.getByLabel("Name", { exact: true })).toHaveValue("Your Name");
  await settings.getByLabel("Name", { exact: true }).fill("Sia Plays");
  await settings.getByLabel("Accent", { exact: true }).fill("#00ff88");
  await expect(page.getByTestId("save-state")).toHaveText("Unsaved changes");
  // Two settings, two undo steps: undo takes the colour back and keeps the name.
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(settings.getByLabel("Accent", { exact: true })).toHaveValue("#ff3366");
  await expect(settings.getByLabel("Name", { exact: true })).toHaveValue("Sia Plays");
  await page.getByRole("button", { name: "Redo" }).click();
  await expect(settings.getByLabel("Accent", { exact: true })).toHaveValue("#00ff88");

  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByTestId("save-state")).toHaveText("Saved · rev 2");
  await expect(page.getByTestId("live-state")).toHaveText("On stream: rev 2");
  // The same OBS page, never navigated again.
  await expect(obs.locator("#stage svg text").first()).toHaveText("Sia Plays");
  await expect(obs.locator('#stage svg [data-layer-id="stripe"] [fill="#00ff88"]')).toHaveCount(1);
});
