import { expect, test } from "@playwright/test";
import { signInOperator } from "./support/admin";

/**
 * The desktop app's releases in Chromium: /download lists the demo data's
 * four platforms with links that download what the updater offers, reached
 * from the footer and /desktop; an operator publishes a release on
 * /admin/releases (refusals shown at their fields), sees it listed and on
 * /download, and withdraws it.
 */

const demoPlatforms = [
  { platform: "linux/x86_64", name: "Linux (x86-64)", file: /\.AppImage$/ },
  { platform: "windows/x86_64", name: "Windows (x86-64)", file: /-setup\.exe$/ },
  { platform: "darwin/x86_64", name: "macOS (Intel)", file: /\.app\.tar\.gz$/ },
  { platform: "darwin/aarch64", name: "macOS (Apple silicon)", file: /\.app\.tar\.gz$/ },
];

test("/download lists the demo platforms with links that download what the updater offers", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("contentinfo").getByRole("link", { name: "Download the app" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Download the desktop app" })).toBeVisible();
  const rows = page.getByTestId("download-row");
  await expect(rows).toHaveCount(demoPlatforms.length);
  await expect(page.getByTestId("demo-note")).toBeVisible();

  for (const [index, { platform, name, file }] of demoPlatforms.entries()) {
    const row = rows.nth(index);
    await expect(row).toHaveAttribute("data-platform", platform);
    await expect(row.getByTestId("download-platform")).toHaveText(name);
    await expect(row.getByText("Demo", { exact: true })).toBeVisible();
    const link = row.getByRole("link", { name: new RegExp(`^Download Streamkit [\\d.]+ for ${name.replace(/[()]/g, "\\$&")}$`) });
    const href = (await link.getAttribute("href"))!;
    expect(new URL(href).pathname).toMatch(file);
    // The link is the address the updater gives an old app, and it serves the demo build.
    const offered = await page.request.get(`/api/app/update/${platform}/0.1.0`);
    expect(offered.status()).toBe(200);
    expect((await offered.json()).url).toBe(href);
    const download = await page.request.get(href);
    expect(download.status(), href).toBe(200);
    expect(await download.text()).toContain(`a demo build for ${platform}`);
  }

  // A click downloads the file (an attachment), leaving the page where it is.
  const started = page.waitForEvent("download");
  await rows.first().getByRole("link").click();
  expect((await started).suggestedFilename()).toMatch(/\.AppImage$/);

  await expect(page.getByTestId("updater-endpoint")).toHaveText(/\/api\/app\/update\/\{\{target\}\}\/\{\{arch\}\}\/\{\{current_version\}\}$/);
  const keyId = (await page.getByTestId("demo-key-id").textContent())!;
  await expect(page.getByTestId("demo-public-key")).toContainText(`untrusted comment: minisign public key: ${keyId}`);
  await expect(page.getByTestId("updater-config")).toContainText('"pubkey"');

  await page.goto("/desktop");
  await page.getByRole("link", { name: "download page" }).click();
  await expect(page).toHaveURL(/\/download$/);
});

test("an operator publishes a release on /admin/releases, sees it listed and on /download, and withdraws it", async ({ page }) => {
  await signInOperator(page, "Rory Releaser");
  await page.goto("/admin");
  await page.getByRole("navigation", { name: "Operator" }).getByRole("link", { name: "Desktop releases" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Desktop releases" })).toBeVisible();
  // The demo data's releases are listed.
  await expect(page.getByTestId("admin-release-row")).toHaveCount(demoPlatforms.length);

  const version = `9.${Date.now() % 100_000}.0`;
  const form = page.getByRole("form", { name: "Publish a release" });
  await form.getByLabel("Version").fill("9.1");
  await form.getByLabel("Operating system").selectOption("linux");
  await form.getByLabel("Processor").selectOption("aarch64");
  await form.getByLabel("Rollout (%)").fill("100");
  await form.getByLabel("Download address").fill(`https://downloads.streamkit.example/${version}/Streamkit_${version}_aarch64.AppImage`);
  await form.getByLabel("Signature").fill("dW50cnVzdGVkIGNvbW1lbnQ6IHNpZ25hdHVyZQ==");
  await form.getByLabel("Release notes (optional)").fill("Runs on ARM boards.");
  await form.getByRole("button", { name: "Publish release" }).click();
  await expect(form.getByRole("alert")).toHaveText("Check the highlighted fields.");
  await expect(form.getByLabel("Version")).toHaveAttribute("aria-invalid", "true");
  await expect(form.getByText(/Not a SemVer version/)).toBeVisible();
  // What was typed and chosen stays.
  await expect(form.getByLabel("Signature")).toHaveValue("dW50cnVzdGVkIGNvbW1lbnQ6IHNpZ25hdHVyZQ==");
  await expect(form.getByLabel("Operating system")).toHaveValue("linux");
  await expect(form.getByLabel("Processor")).toHaveValue("aarch64");

  await form.getByLabel("Version").fill(version);
  await form.getByRole("button", { name: "Publish release" }).click();
  await expect(page.getByRole("status")).toHaveText(`Published ${version} for Linux (ARM64): the updater offers it to every stable installation.`);
  const row = page.locator(`[data-testid="admin-release-row"][data-version="${version}"]`);
  await expect(row).toHaveAttribute("data-platform", "linux/aarch64");
  await expect(row.getByTestId("release-status")).toHaveText("Published");
  expect((await (await page.request.get("/api/app/update/linux/aarch64/0.1.0")).json()).version).toBe(version);

  // The same version on the same platform again is refused in words.
  const again = page.getByRole("form", { name: "Publish a release" });
  await again.getByLabel("Version").fill(version);
  await again.getByLabel("Operating system").selectOption("linux");
  await again.getByLabel("Processor").selectOption("aarch64");
  await again.getByLabel("Download address").fill("https://downloads.streamkit.example/again.AppImage");
  await again.getByLabel("Signature").fill("c2lnbmF0dXJl");
  await again.getByRole("button", { name: "Publish release" }).click();
  await expect(again.getByRole("alert")).toHaveText(`Version ${version} for linux/aarch64 is already published.`);

  await page.goto("/download");
  const listed = page.locator('[data-testid="download-row"][data-platform="linux/aarch64"]');
  await expect(listed).toContainText(version);
  await expect(listed).toContainText("Runs on ARM boards.");

  await page.goto("/admin/releases");
  await row.getByText("Withdraw…").click();
  await row.getByRole("button", { name: `Withdraw ${version}` }).click();
  await expect(page.getByRole("status")).toHaveText(`Withdrew ${version} for Linux (ARM64): the updater no longer offers it.`);
  await expect(row.getByTestId("release-status")).toContainText("Withdrawn");
  await expect(row.getByRole("button", { name: `Withdraw ${version}` })).toHaveCount(0);
  expect((await page.request.get("/api/app/update/linux/aarch64/0.1.0")).status()).toBe(204);
  await page.goto("/download");
  await expect(page.locator('[data-testid="download-row"][data-platform="linux/aarch64"]')).toHaveCount(0);
});
