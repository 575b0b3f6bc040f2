import { expect, type Page, test } from "@playwright/test";
import { signUp } from "./support/accounts";
import { admin } from "./support/admin";
import { chromiumLaunchOptions } from "./support/chromium";

/**
 * Alert sounds (docs/overlays.md#alert-sounds): a Pro streamer picks a catalogue sound for donations in the editor,
 * publishes, opens the OBS page, fires a test donation from the editor, and the OBS page plays that sound from its
 * token's route at the chosen volume.
 */

// OBS's browser source lets a page play sound without a click; a browser tab may not. This spec's Chromium acts as OBS:
// the headless build here plays without the switch too, but a headed one asks for a gesture, so the spec says what it relies on.
test.use({ launchOptions: { ...chromiumLaunchOptions, args: [...chromiumLaunchOptions.args, "--autoplay-policy=no-user-gesture-required"] } });

async function proAccount(page: Page, name: string): Promise<string> {
  const email = await signUp(page, name);
  admin("account", "set-plan", "--email", email, "--plan", "pro");
  return email;
}

test("a donation sound picked in the editor plays on the OBS page", async ({ page, context }) => {
  await proAccount(page, "Sound Sam");
  await page.goto("/overlays");
  await page.getByLabel("Name").fill("Loud scene");
  await page.getByRole("button", { name: "Create and edit" }).click();
  await expect(page.getByTestId("save-state")).toHaveText("Saved · rev 1");

  const sounds = page.getByTestId("alert-sounds-panel");
  await sounds.getByLabel("Donation", { exact: true }).selectOption({ label: "Thunder" });
  const soundId = await sounds.getByLabel("Donation", { exact: true }).inputValue();
  expect(soundId).toMatch(/^[0-9a-f-]{36}$/);
  await sounds.getByLabel("Volume of donation").fill("40");
  await expect(sounds.getByTestId("alert-sound-donation").locator("output")).toHaveText("40%");
  // Choosing and setting the volume are two undo steps: undo takes the volume back to the first choice's 80 %.
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(sounds.getByTestId("alert-sound-donation").locator("output")).toHaveText("80%");
  await page.getByRole("button", { name: "Redo" }).click();
  await expect(sounds.getByTestId("alert-sound-donation").locator("output")).toHaveText("40%");

  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByTestId("save-state")).toHaveText("Saved · rev 2");
  const sourceUrl = await page.getByTestId("browser-source-url").inputValue();
  const token = new URL(sourceUrl).pathname.split("/").at(-1)!;

  const obs = await context.newPage();
  const streaming = obs.waitForResponse((response) => response.url().endsWith("/events") && response.status() === 200);
  await obs.goto(sourceUrl);
  await streaming;
  await expect(obs.getByTestId("alert-sound")).toHaveCount(0);

  const panel = page.getByTestId("test-alert-panel");
  await panel.getByLabel("Event").selectOption("donation");
  await panel.getByLabel("Viewer name").fill("Ada Lovelace");
  await panel.getByLabel("Amount").fill("5");
  await panel.getByLabel("Currency").fill("EUR");
  await panel.getByRole("button", { name: "Send test alert" }).click();
  await expect(panel.getByTestId("test-alert-status")).toContainText("Sent");

  // The OBS page plays it: its audio element names the token's route for that sound, at the volume, and has started.
  const audio = obs.getByTestId("alert-sound");
  await expect(audio).toHaveAttribute("data-type", "donation");
  await expect(audio).toHaveAttribute("src", `/api/overlay-source/${encodeURIComponent(token)}/sounds/${soundId}`);
  await expect(audio).toHaveAttribute("data-played", "1");
  expect(await audio.evaluate((element: HTMLAudioElement) => element.volume)).toBeCloseTo(0.4);
  await expect.poll(() => audio.evaluate((element: HTMLAudioElement) => element.currentTime)).toBeGreaterThan(0);
});
