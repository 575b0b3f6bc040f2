import { expect, test } from "@playwright/test";
import { admin, signInOperator } from "./support/admin";

/**
 * /admin/releases in Chromium for channels, minimum versions and rollback:
 * an operator publishes to beta, promotes the release to stable at a
 * rollout, sets a platform's minimum version (the updater then says the
 * update is required) and removes it, and withdraws a release with rollback
 * (the updater offers those on it the previous one). Its platform,
 * windows/i686, is used by no other spec.
 */

test("an operator ships to beta, promotes to stable, sets a minimum version and withdraws with rollback", async ({ page }) => {
  await signInOperator(page, "Cara Channels");
  const major = 20 + (Date.now() % 1000);
  const good = `${major}.0.0`;
  const beta = `${major}.1.0-beta.1`;
  admin(
    "release",
    "publish",
    "--version",
    good,
    "--target",
    "windows",
    "--arch",
    "i686",
    "--url",
    `https://downloads.streamkit.example/${good}.exe`,
    "--signature",
    "c2ln",
  );
  await page.goto("/admin/releases");

  const form = page.getByRole("form", { name: "Publish a release" });
  await form.getByLabel("Version").fill(beta);
  await form.getByLabel("Operating system").selectOption("windows");
  await form.getByLabel("Processor").selectOption("i686");
  await form.getByLabel("Channel").selectOption("beta");
  await form.getByLabel("Download address").fill(`https://downloads.streamkit.example/${beta}.exe`);
  await form.getByLabel("Signature").fill("c2lnbmF0dXJl");
  await form.getByRole("button", { name: "Publish release" }).click();
  await expect(page.getByRole("status")).toHaveText(`Published ${beta} for Windows (32-bit x86): the updater offers it to every beta installation.`);
  const row = page.locator(`[data-testid="admin-release-row"][data-version="${beta}"]`);
  await expect(row.getByTestId("release-channel")).toHaveText("beta");
  await expect(row.getByTestId("release-changed-by")).toContainText("Published by Cara Channels");
  expect((await (await page.request.get(`/api/app/update/windows/i686/1.0.0?channel=beta`)).json()).version).toBe(beta);
  expect((await (await page.request.get("/api/app/update/windows/i686/1.0.0")).json()).version).toBe(good);

  // Promoted to stable at 0 %: listed as staged, offered to no stable installation yet.
  await row.getByText("Change…").click();
  const change = row.getByRole("form", { name: `Change ${beta} for Windows (32-bit x86)` });
  await change.getByLabel("Channel").selectOption("stable");
  await change.getByLabel("Rollout (%)").fill("0");
  await change.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status")).toHaveText(`Changed ${beta} for Windows (32-bit x86): the updater offers it to 0 % of stable installations.`);
  await expect(row.getByTestId("release-channel")).toHaveText("stable");
  await expect(row.getByTestId("release-rollout")).toHaveText("0 %");
  await expect(row.getByTestId("release-changed-by")).toContainText("Changed by Cara Channels");
  expect((await (await page.request.get("/api/app/update/windows/i686/1.0.0")).json()).version).toBe(good);

  // The minimum makes it required for older installations, whatever its rollout.
  const minimum = page.getByRole("form", { name: "Set a minimum version" });
  await minimum.getByLabel("Operating system").selectOption("windows");
  await minimum.getByLabel("Processor").selectOption("i686");
  await minimum.getByLabel("Minimum version").fill("1.0");
  await minimum.getByRole("button", { name: "Set minimum version" }).click();
  await expect(minimum.getByLabel("Minimum version")).toHaveAttribute("aria-invalid", "true");
  await minimum.getByLabel("Minimum version").fill(beta);
  await minimum.getByRole("button", { name: "Set minimum version" }).click();
  await expect(page.getByRole("status")).toHaveText(`Set the minimum version of Windows (32-bit x86), stable, to ${beta}.`);
  const set = page.locator('[data-testid="minimum-row"][data-platform="windows/i686"][data-channel="stable"]');
  await expect(set.getByTestId("minimum-met")).toHaveText(`met by ${beta}`);
  await expect(set).toContainText("set by Cara Channels");
  expect(await (await page.request.get(`/api/app/update/windows/i686/${good}`)).json()).toMatchObject({ version: beta, required: true, minimumVersion: beta });
  await set.getByRole("button", { name: "Remove the minimum of Windows (32-bit x86), stable" }).click();
  await expect(page.getByRole("status")).toHaveText("Removed the minimum version of Windows (32-bit x86), stable.");
  await expect(set).toHaveCount(0);
  expect((await page.request.get(`/api/app/update/windows/i686/${good}`)).status()).toBe(204);

  // Withdrawn with rollback: installations on it are offered the previous good release.
  await row.getByText("Withdraw…").click();
  await row.getByLabel(/Also roll back/).check();
  await row.getByRole("button", { name: `Withdraw ${beta}` }).click();
  await expect(page.getByRole("status")).toHaveText(
    `Withdrew ${beta} for Windows (32-bit x86) and rolled it back: installations on it are offered the previous good release.`,
  );
  await expect(row.getByTestId("release-status")).toContainText("Withdrawn, rolled back");
  expect(await (await page.request.get(`/api/app/update/windows/i686/${beta}`)).json()).toMatchObject({ version: good, rollback: true });
  expect((await page.request.get(`/api/app/update/windows/i686/${good}`)).status()).toBe(204);
});
