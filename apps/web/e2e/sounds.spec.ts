import { expect, test } from "@playwright/test";
import { signUp } from "./support/accounts";

/**
 * The sound catalogue in Chromium: a signed-in streamer opens Sounds from the
 * header, browses a category, searches, and plays a sound in the page — the
 * player loads the audio through the website's own route (the session, Range)
 * and knows its length; nothing here waits by sleeping.
 */
test("browse the sounds by category, search, and play one in the page", async ({ page }) => {
  await signUp(page, "Sound Fan");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Sounds" }).click();
  await expect(page).toHaveURL(/\/sounds$/);
  await expect(page.getByRole("heading", { level: 1, name: "Sounds" })).toBeVisible();
  expect(await page.getByTestId("sound").count()).toBeGreaterThanOrEqual(24);

  await page
    .getByRole("navigation", { name: "Sound categories" })
    .getByRole("link", { name: /Arcade and game/ })
    .click();
  await expect(page).toHaveURL(/category=arcade/);
  await expect(page.getByTestId("sound")).toHaveCount(6);
  const coin = page.getByTestId("sound").filter({ hasText: "Coin" });
  await expect(coin).toContainText("CC0-1.0");

  // Play it: metadata loads over the website's audio route, the length is the sound's, and it really plays.
  const player = coin.locator("audio");
  await player.evaluate((audio: HTMLAudioElement) => {
    audio.muted = true;
    return audio.play();
  });
  await expect.poll(() => player.evaluate((audio: HTMLAudioElement) => audio.readyState)).toBeGreaterThanOrEqual(1);
  const duration = await player.evaluate((audio: HTMLAudioElement) => audio.duration);
  expect(duration).toBeGreaterThan(0.4);
  expect(duration).toBeLessThan(0.6);
  await expect.poll(() => player.evaluate((audio: HTMLAudioElement) => audio.currentTime > 0 || audio.ended)).toBe(true);
  expect(await player.evaluate((audio: HTMLAudioElement) => audio.error)).toBeNull();

  await page.getByRole("searchbox", { name: "Search" }).fill("thunder");
  await page.getByRole("button", { name: "Search" }).click();
  // The search stays within the category: no arcade sound is thunder.
  await expect(page.getByText("No sound matches.")).toBeVisible();
  await page.getByRole("navigation", { name: "Sound categories" }).getByRole("link", { name: /^All/ }).click();
  await expect(page.getByTestId("sound")).toHaveCount(1);
  await expect(page.getByTestId("sound")).toContainText("Thunder");
});

test("the sounds page asks a visitor to sign in, and the sign-in page says why", async ({ page }) => {
  await page.goto("/sounds");
  await expect(page).toHaveURL(/\/sign-in\?next=%2Fsounds$/);
  await expect(page.getByTestId("sign-in-reason")).toHaveText("Sign in to see sounds: the sound library is open to every account, Free included.");
  // A sign-in of its own, with no page behind it, needs no reason.
  await page.goto("/sign-in");
  await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
  await expect(page.getByTestId("sign-in-reason")).toHaveCount(0);
});
