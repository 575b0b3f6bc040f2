import { expect, type Page, test } from "@playwright/test";
import { signUp } from "./support/accounts";
import { admin } from "./support/admin";

/**
 * Widget settings (docs/overlays.md#widget-settings): a Pro streamer copies the catalogue's follower goal, which arrives
 * with its settings, changes its label and bar colour in the editor's Settings form (each change one undo step), types a
 * goal under its minimum (refused with the rule's message, not applied), then a valid one, publishes, and the OBS page,
 * open all along, shows the new text and colour without reloading.
 */

async function proAccount(page: Page, name: string): Promise<string> {
  const email = await signUp(page, name);
  admin("account", "set-plan", "--email", email, "--plan", "pro");
  return email;
}

test("change a copied overlay's settings in the form, publish, and see them on the OBS page", async ({ page, context }) => {
  await proAccount(page, "Settings Sia");
  await page.goto("/overlays/catalog");
  const card = page.getByTestId("catalog-overlay").filter({ hasText: "Follower goal" });
  await card.getByText("Add to my overlays").click();
  await card.getByLabel("Name of your copy").fill("My goal");
  await card.getByRole("button", { name: "Copy and edit" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "My goal" })).toBeVisible();

  const sourceUrl = await page.getByTestId("browser-source-url").inputValue();
  const obs = await context.newPage();
  await obs.goto(sourceUrl);
  await expect(obs.locator('#stage svg [data-layer-id="label"] text')).toHaveText("Follower goal");

  const settings = page.getByTestId("settings-panel");
  const label = settings.getByLabel("Label", { exact: true });
  const colour = settings.getByLabel("Bar colour", { exact: true });
  const goal = settings.getByLabel("Goal", { exact: true });
  await expect(label).toHaveValue("Follower goal");
  await label.fill("Road to 750");
  await colour.fill("#ff8800");
  await expect(page.getByTestId("save-state")).toHaveText("Unsaved changes");
  // Two settings, two undo steps: undo takes the colour back and keeps the label.
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(colour).toHaveValue("#06d6a0");
  await expect(label).toHaveValue("Road to 750");
  await page.getByRole("button", { name: "Redo" }).click();
  await expect(colour).toHaveValue("#ff8800");

  // A goal under its minimum stays in the field with the reason and is not applied; a valid one is.
  await goal.fill("0");
  await expect(settings.getByTestId("setting-goal.target").getByRole("alert")).toHaveText("0 is below the minimum, 1.");
  await goal.fill("750");
  await expect(settings.getByTestId("setting-goal.target").getByRole("alert")).toHaveCount(0);

  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByTestId("save-state")).toHaveText("Saved · rev 2");
  await expect(page.getByTestId("live-state")).toHaveText("On stream: rev 2");
  // The same OBS page, never navigated again.
  await expect(obs.locator('#stage svg [data-layer-id="label"] text')).toHaveText("Road to 750");
  await expect(obs.locator('#stage svg [data-layer-id="count"] text')).toContainText("/ 750");
  await expect(obs.locator('#stage svg [data-layer-id="fill"] [fill="#ff8800"]')).toHaveCount(1);
});
