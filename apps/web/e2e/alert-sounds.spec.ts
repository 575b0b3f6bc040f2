import { expect, type Page, test } from "@playwright/test";
import { signUp } from "./support/accounts";
import { admin } from "./support/admin";
import { chromiumLaunchOptions } from "./support/chromium";
import { proWithOverlay } from "./support/editor";

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

/** A short, audible 16-bit mono WAV (a 440 Hz tone), as a streamer's own alert sound. */
function toneWav(seconds = 0.5, sampleRate = 8000): Buffer {
  const samples = Math.round(seconds * sampleRate);
  const wav = Buffer.alloc(44 + samples * 2);
  wav.write("RIFF", 0, "latin1");
  wav.writeUInt32LE(36 + samples * 2, 4);
  wav.write("WAVEfmt ", 8, "latin1");
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20); // PCM
  wav.writeUInt16LE(1, 22); // mono
  wav.writeUInt32LE(sampleRate, 24);
  wav.writeUInt32LE(sampleRate * 2, 28);
  wav.writeUInt16LE(2, 32);
  wav.writeUInt16LE(16, 34);
  wav.write("data", 36, "latin1");
  wav.writeUInt32LE(samples * 2, 40);
  for (let i = 0; i < samples; i++) wav.writeInt16LE(Math.round(Math.sin((2 * Math.PI * 440 * i) / sampleRate) * 12000), 44 + i * 2);
  return wav;
}

test("an uploaded sound (docs/overlays.md#uploaded-alert-sounds): uploaded in the editor, chosen for raids, played by the OBS page, listed in the library", async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  // (Free has no overlays, so its editor is never open: Free's side of uploads is the Pictures and sounds page's plan prompt, pictures.spec.ts.)
  await proWithOverlay(page, "Upload Ula", "Raid scene");
  const sounds = page.getByTestId("alert-sounds-panel");
  await expect(sounds.getByTestId("sound-upload-plan")).toHaveCount(0);
  // Sent as image/png on purpose: the bytes decide it is a WAV sound.
  await sounds.getByLabel("Upload a sound").setInputFiles({ name: "Air horn.wav", mimeType: "image/png", buffer: toneWav() });
  await expect(sounds.getByTestId("sound-uploaded")).toHaveText("Uploaded “Air horn”: pick it for an alert above.");
  const raid = sounds.getByLabel("Raid", { exact: true });
  await raid.selectOption({ label: "Air horn" });
  const chosen = await raid.inputValue();
  expect(chosen).toMatch(/^asset:[0-9a-f-]{36}$/);
  const assetId = chosen.slice("asset:".length);
  await expect(raid.locator("option:checked")).toHaveText("Air horn");
  await expect(raid.locator("xpath=ancestor::*[@data-testid='alert-sound-raid']").getByRole("button", { name: "Preview the raid sound" })).toBeEnabled();

  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByTestId("save-state")).toHaveText("Saved · rev 2");
  const sourceUrl = await page.getByTestId("browser-source-url").inputValue();
  const token = new URL(sourceUrl).pathname.split("/").at(-1)!;

  const obs = await context.newPage();
  const streaming = obs.waitForResponse((response) => response.url().endsWith("/events") && response.status() === 200);
  await obs.goto(sourceUrl);
  await streaming;
  const fetched = obs.waitForResponse((response) => response.url().includes(`/sounds/${assetId}`) && response.status() < 300);

  const panel = page.getByTestId("test-alert-panel");
  await panel.getByLabel("Event").selectOption("raid");
  await panel.getByLabel("Viewer name").fill("Grace Hopper");
  await panel.getByRole("button", { name: "Send test alert" }).click();
  await expect(panel.getByTestId("test-alert-status")).toContainText("Sent");

  // The OBS page plays the upload from its token's route (which serves only what its document names), as audio/wav.
  const audio = obs.getByTestId("alert-sound");
  await expect(audio).toHaveAttribute("data-type", "raid");
  await expect(audio).toHaveAttribute("src", `/api/overlay-source/${encodeURIComponent(token)}/sounds/${assetId}`);
  expect((await fetched).headers()["content-type"]).toBe("audio/wav");
  await expect(audio).toHaveAttribute("data-played", "1");
  await expect.poll(() => audio.evaluate((element: HTMLAudioElement) => element.currentTime)).toBeGreaterThan(0);

  // The library lists it with the pictures' storage; deleting it while the alert plays it is refused.
  await page.goto("/overlays/pictures");
  const row = page.getByTestId("sound-row");
  await expect(row.getByRole("heading", { name: "Air horn" })).toBeVisible();
  await expect(row).toContainText(/WAV\s*Sound\s*[\d.]+ (B|KiB)/);
  await expect(page.getByTestId("picture-storage")).toHaveText(/^[1-9][\d.]* (B|KiB) of 100 MiB used$/);
  await row.getByText("Delete…").click();
  await row.getByRole("button", { name: "Delete Air horn" }).click();
  await expect(row.getByTestId("picture-in-use")).toContainText('The sound is played by the alerts of the overlay "Raid scene"');
});
