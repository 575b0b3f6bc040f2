import { expect, type Page, test } from "@playwright/test";
import { signUp } from "./support/accounts";
import { admin } from "./support/admin";

/**
 * Overlays in Chromium: a Free account sees what overlays are and which plan
 * unlocks them; a Pro account copies one from the catalogue, creates one,
 * edits it on the canvas (a text, a move with the mouse and the keyboard,
 * undo and redo), saves, loses a race to a second tab, loads the newer
 * version with its changes re-applied, saves again — and the OBS browser
 * source shows each save without a reload (by its event stream, or by
 * polling where EventSource is missing).
 */

async function proAccount(page: Page, name: string): Promise<string> {
  const email = await signUp(page, name);
  admin("account", "set-plan", "--email", email, "--plan", "pro");
  return email;
}

test("a Free account sees the plan that unlocks overlays, on My overlays and in the catalogue", async ({ page }) => {
  await signUp(page, "Free Streamer");
  await page.goto("/overlays");
  await expect(page.getByTestId("overlay-plan-prompt")).toContainText("Overlays come with Pro");
  await expect(page.getByRole("form", { name: "New overlay" })).toHaveCount(0);
  await page.getByRole("link", { name: "See the catalogue" }).click();
  const card = page.getByTestId("catalog-overlay").filter({ hasText: "Starting soon" });
  await expect(card.getByTestId("catalog-plan-prompt")).toContainText("Copying it needs Pro");
  await expect(card.getByRole("img", { name: "Preview of Starting soon" })).toBeVisible();
  // The preview is the renderer's image, loaded for real.
  expect(await card.getByRole("img").evaluate((image) => (image as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
});

test("a Pro account copies an overlay from the catalogue; Ultimate designs ask for Ultimate", async ({ page }) => {
  await proAccount(page, "Fork Fan");
  await page.goto("/overlays/catalog");
  await expect(page.getByTestId("catalog-overlay").filter({ hasText: "Celebration" }).getByTestId("catalog-plan-prompt")).toContainText("needs Ultimate");
  const card = page.getByTestId("catalog-overlay").filter({ hasText: "Lower third" });
  await card.getByText("Add to my overlays").click();
  await card.getByLabel("Name of your copy").fill("My lower third");
  await card.getByRole("button", { name: "Copy and edit" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "My lower third" })).toBeVisible();
  await expect(page.getByText("copied from the catalogue")).toBeVisible();
  expect(await page.getByTestId("layer-row").count()).toBeGreaterThan(1);
  // On a phone the editor is one column: nothing scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.locator("main").getByRole("link", { name: "My overlays" }).click();
  const row = page.getByTestId("my-overlay").filter({ hasText: "My lower third" });
  await expect(row).toContainText("from the catalogue");
  // Its thumbnail: the current revision drawn by the renderer, loaded for real, at the canvas's proportions.
  const thumbnail = row.getByTestId("overlay-thumbnail");
  await expect(thumbnail).toHaveAttribute("src", /\/api\/overlays\/[0-9a-f-]{36}\/thumbnail\?rev=1$/);
  await thumbnail.scrollIntoViewIfNeeded(); // loading="lazy"
  await expect.poll(() => thumbnail.evaluate((image) => (image as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
});

test("create, edit, save a draft, publish; a second tab saves first; the conflict keeps the edits, which are re-applied and published; OBS follows without reloading", async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await proAccount(page, "Editor Eve");
  await page.goto("/overlays");
  await page.getByLabel("Name").fill("Starting soon scene");
  await page.getByRole("button", { name: "Create and edit" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Starting soon scene" })).toBeVisible();
  await expect(page.getByTestId("save-state")).toHaveText("Saved · rev 1");

  // The OBS page, open from the start: it must follow every save by itself.
  const sourceUrl = await page.getByTestId("browser-source-url").inputValue();
  const obs = await context.newPage();
  // It follows the event stream, not a poll of the feed.
  const obsRequests: string[] = [];
  obs.on("request", (request) => obsRequests.push(new URL(request.url()).pathname));
  await obs.goto(sourceUrl);
  await expect(obs.locator("#stage svg")).toHaveCount(1);

  // A text layer: typed, then moved with the mouse and the keyboard.
  await page.getByRole("button", { name: "Add text" }).click();
  await page.getByLabel("Text", { exact: true }).fill("Hello stream");
  const frameX = page.getByLabel("X", { exact: true });
  const before = Number(await frameX.inputValue());
  const selection = page.getByTestId("selection");
  await page.getByTestId("overlay-canvas").scrollIntoViewIfNeeded();
  const box = (await selection.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 60, box.y + box.height / 2 + 20, { steps: 5 });
  await page.mouse.up();
  const dragged = Number(await frameX.inputValue());
  expect(dragged).toBeGreaterThan(before + 50);
  await page.getByTestId("overlay-canvas").focus();
  await page.keyboard.press("Shift+ArrowRight");
  await expect(frameX).toHaveValue(String(dragged + 10));
  // Undo takes the key move back; redo brings it again.
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(frameX).toHaveValue(String(dragged));
  await page.getByRole("button", { name: "Redo" }).click();
  await expect(frameX).toHaveValue(String(dragged + 10));
  await expect(page.getByTestId("save-state")).toHaveText("Unsaved changes");

  // Save keeps a draft: OBS stays on rev 1 until Publish.
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByTestId("save-state")).toHaveText("Saved · rev 2");
  await expect(page.getByTestId("live-state")).toHaveText("On stream: rev 1 · not published yet");
  await expect(obs.locator("#stage svg text")).toHaveCount(0);
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByTestId("live-state")).toHaveText("On stream: rev 2");
  await expect(obs.locator("#stage svg text")).toHaveText("Hello stream");
  const feeds = obsRequests.filter((path) => path.startsWith("/api/overlay-source/"));
  expect(feeds.length).toBeGreaterThan(0);
  expect(feeds.every((path) => path.endsWith("/events"))).toBe(true);

  // A second tab opens rev 2 and saves a change of its own first.
  const other = await context.newPage();
  await other.goto(page.url());
  await other.getByRole("button", { name: "Add shape" }).click();
  await other.getByRole("button", { name: "Save" }).click();
  await expect(other.getByTestId("save-state")).toHaveText("Saved · rev 3");

  // The first tab, still on rev 2, changes the text and saves: refused, nothing lost.
  await page.getByRole("button", { name: "Text 1 Text" }).click();
  await page.getByLabel("Text", { exact: true }).fill("Starting in 5 minutes");
  await page.getByRole("button", { name: "Save" }).click();
  const conflict = page.getByTestId("save-conflict");
  await expect(conflict).toContainText("Someone saved this overlay elsewhere");
  await expect(conflict).toContainText("It is at rev 3 now; you started from rev 2");
  await expect(page.getByLabel("Text", { exact: true })).toHaveValue("Starting in 5 minutes");

  await conflict.getByRole("button", { name: "Load the newer version and re-apply my changes" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Loaded rev 3 and re-applied your changes" })).toBeVisible();
  // Both: the other tab's shape and this tab's text.
  await expect(page.getByTestId("layer-row")).toHaveCount(2);
  await expect(page.getByRole("button", { name: "Shape 1 Shape" })).toBeVisible();
  // Publish with changes: saved and on stream in one step.
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByTestId("save-state")).toHaveText("Saved · rev 4");
  await expect(page.getByTestId("live-state")).toHaveText("On stream: rev 4");

  // OBS shows it without a reload (the same page object, never navigated again).
  await expect(obs.locator("#stage svg text")).toHaveText("Starting in 5 minutes", { timeout: 5_000 });
  await expect(obs.locator("#stage svg path")).toHaveCount(1);
});

test("leaving the editor with unsaved changes asks first", async ({ page }) => {
  await proAccount(page, "Careful Cam");
  await page.goto("/overlays");
  await page.getByLabel("Name").fill("Unsaved scene");
  await page.getByRole("button", { name: "Create and edit" }).click();
  await page.getByRole("button", { name: "Add group" }).click();
  const asked: string[] = [];
  page.once("dialog", (dialog) => {
    asked.push(dialog.message());
    void dialog.dismiss();
  });
  await page.locator("main").getByRole("link", { name: "My overlays" }).click();
  expect(asked).toEqual(["Leave the editor? Your unsaved changes to this overlay will be lost."]);
  await expect(page.getByRole("heading", { level: 1, name: "Unsaved scene" })).toBeVisible();
  // Saved, it leaves without asking.
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByTestId("save-state")).toHaveText("Saved · rev 2");
  await page.locator("main").getByRole("link", { name: "My overlays" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "My overlays" })).toBeVisible();
});

test("the editor: the visibility toggle is the site's own icon, and a text layer's frame covers its text", async ({ page }) => {
  await proAccount(page, "Frame Fran");
  await page.goto("/overlays");
  await page.getByLabel("Name").fill("Framed scene");
  await page.getByRole("button", { name: "Create and edit" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Framed scene" })).toBeVisible();
  await page.getByRole("button", { name: "Add text" }).click();

  // An SVG drawing, not an emoji (Debian's Chromium has no emoji font and drew an empty box); struck through when hidden.
  const toggle = page
    .getByTestId("layer-row")
    .first()
    .locator("label")
    .filter({ has: page.getByRole("checkbox") });
  await expect(toggle.getByTestId("visibility-icon")).toBeVisible();
  expect(await toggle.evaluate((label) => label.textContent)).not.toMatch(/\p{Extended_Pictographic}/u);
  await expect(toggle.getByTestId("visibility-icon").locator("path")).toHaveCount(1);
  await toggle.getByRole("checkbox").uncheck();
  await expect(toggle.getByTestId("visibility-icon").locator("path")).toHaveCount(2);
  await toggle.getByRole("checkbox").check();

  const selection = page.getByTestId("selection");
  const text = page.getByTestId("overlay-canvas").locator("svg text").last();
  /** The selection box (the layer's frame on screen) and the text as drawn. */
  const boxes = async () => ({ frame: (await selection.boundingBox())!, drawn: (await text.boundingBox())! });
  // A new text layer's frame hugs its text.
  await expect(text).toHaveText("New text");
  let { frame, drawn } = await boxes();
  expect(frame.width, "new text: frame at least as wide as the text").toBeGreaterThanOrEqual(drawn.width);
  expect(frame.width, "new text: frame hugs the text").toBeLessThanOrEqual(drawn.width * 1.25);
  expect(frame.x).toBeLessThanOrEqual(drawn.x + 1);
  // Longer text: the frame grows with it, in the same undo step as the text.
  const width = page.getByLabel("Width", { exact: true });
  const hugged = Number(await width.inputValue());
  await page.getByLabel("Text", { exact: true }).fill("Starting in five minutes — grab a drink and say hello in chat");
  await expect(text).toHaveText(/say hello in chat$/);
  ({ frame, drawn } = await boxes());
  expect(frame.width, "long text: frame at least as wide as the text").toBeGreaterThanOrEqual(drawn.width);
  expect(frame.x + frame.width).toBeGreaterThanOrEqual(drawn.x + drawn.width - 1);
  const grown = Number(await width.inputValue());
  expect(grown).toBeGreaterThan(hugged);
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(width).toHaveValue(String(hugged));
  await expect(page.getByLabel("Text", { exact: true })).toHaveValue("New text");
  await page.getByRole("button", { name: "Redo" }).click();
  await expect(width).toHaveValue(String(grown));
  // A bigger size and two lines: as wide as the longer line, as tall as both.
  await page.getByLabel("Font size").fill("90");
  await page.getByLabel("Text", { exact: true }).fill("Be right back\nin a minute or two, promise");
  await expect(text.locator("tspan")).toHaveCount(2);
  ({ frame, drawn } = await boxes());
  expect(frame.width, "two lines: as wide as the longer").toBeGreaterThanOrEqual(drawn.width);
  expect(frame.height, "two lines: as tall as both").toBeGreaterThanOrEqual(drawn.height * 0.95);
});

test("without EventSource the OBS page polls the feed, and still shows a save without reloading", async ({ page, context }) => {
  await proAccount(page, "Poller Pat");
  await page.goto("/overlays");
  await page.getByLabel("Name").fill("Polled scene");
  await page.getByRole("button", { name: "Create and edit" }).click();
  await expect(page.getByTestId("save-state")).toHaveText("Saved · rev 1");
  const sourceUrl = await page.getByTestId("browser-source-url").inputValue();

  // A browser source without EventSource (an old embedded browser).
  const obs = await context.newPage();
  await obs.addInitScript(() => {
    delete (window as { EventSource?: unknown }).EventSource;
  });
  const obsRequests: string[] = [];
  obs.on("request", (request) => obsRequests.push(new URL(request.url()).pathname));
  await obs.goto(sourceUrl);
  await expect(obs.locator("#stage svg")).toHaveCount(1);

  await page.getByRole("button", { name: "Add text" }).click();
  await page.getByLabel("Text", { exact: true }).fill("Polled hello");
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByTestId("save-state")).toHaveText("Saved · rev 2");
  await expect(obs.locator("#stage svg text")).toHaveText("Polled hello");
  const feeds = obsRequests.filter((path) => path.startsWith("/api/overlay-source/"));
  expect(feeds.length).toBeGreaterThan(0);
  expect(feeds.some((path) => path.endsWith("/events"))).toBe(false);
});

test("an OBS page whose event stream never opens (the browser out of connections) polls the feed instead, and shows a save", async ({ page, context }) => {
  await proAccount(page, "Waiting Wren");
  await page.goto("/overlays");
  await page.getByLabel("Name").fill("Crowded scene");
  await page.getByRole("button", { name: "Create and edit" }).click();
  await expect(page.getByTestId("save-state")).toHaveText("Saved · rev 1");
  const sourceUrl = await page.getByTestId("browser-source-url").inputValue();

  // The stream's request is left pending, as when every connection to the host is taken.
  const obs = await context.newPage();
  await obs.route("**/api/overlay-source/*/events", () => {});
  const polls: string[] = [];
  obs.on("request", (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith("/api/overlay-source/") && !path.endsWith("/events")) polls.push(path);
  });
  await obs.goto(sourceUrl);
  await expect(obs.locator("#stage svg")).toHaveCount(1);

  await page.getByRole("button", { name: "Add text" }).click();
  await page.getByLabel("Text", { exact: true }).fill("Polled anyway");
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByTestId("save-state")).toHaveText("Saved · rev 2");
  // The stream gives way after 10 s, then the feed is polled every 5 s.
  await expect(obs.locator("#stage svg text")).toHaveText("Polled anyway", { timeout: 30_000 });
  expect(polls.length).toBeGreaterThan(0);
});

test("the editor's history: each save keeps the one it replaced; compare a revision beside the saved one, restore it as a draft, publish it, put an older one back on stream; OBS follows without reloading", async ({
  page,
  context,
}) => {
  await proAccount(page, "Historian Hal");
  await page.goto("/overlays");
  await page.getByLabel("Name").fill("Layered past");
  await page.getByRole("button", { name: "Create and edit" }).click();
  await expect(page.getByTestId("save-state")).toHaveText("Saved · rev 1");
  const sourceUrl = await page.getByTestId("browser-source-url").inputValue();

  await page.getByRole("button", { name: "Add text" }).click();
  await page.getByLabel("Text", { exact: true }).fill("First words");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByTestId("save-state")).toHaveText("Saved · rev 2");
  await page.getByLabel("Text", { exact: true }).fill("Second words");
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByTestId("save-state")).toHaveText("Saved · rev 3");

  const obs = await context.newPage();
  await obs.goto(sourceUrl);
  await expect(obs.locator("#stage svg text")).toHaveText("Second words");

  const history = page.getByTestId("history-panel");
  await history.getByRole("button", { name: "Show history" }).click();
  await expect(history.getByTestId("revision-2")).toContainText("Historian Hal");
  await expect(history.getByTestId("revision-2")).toContainText("the website");
  await expect(history.getByTestId("revision-1")).toBeVisible();

  await history.getByRole("button", { name: "Compare rev 2" }).click();
  const compare = history.getByTestId("revision-compare");
  await expect(compare.getByRole("img", { name: "rev 2" })).toBeVisible();
  await expect(compare.getByRole("img", { name: "rev 3, saved" })).toBeVisible();
  await expect(compare.getByRole("list", { name: "What changed since then" })).toContainText("Restyled: Text 1");

  // A restore is a draft: OBS keeps rev 3 until Publish.
  await compare.getByRole("button", { name: "Restore rev 2" }).click();
  await expect(page.getByTestId("save-state")).toHaveText("Saved · rev 4");
  await expect(page.getByTestId("live-state")).toHaveText("On stream: rev 3 · not published yet");
  await expect(page.getByLabel("Text", { exact: true })).toHaveCount(0);
  await expect(obs.locator("#stage svg text")).toHaveText("Second words");
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByTestId("live-state")).toHaveText("On stream: rev 4");
  await expect(obs.locator("#stage svg text")).toHaveText("First words");
  // The restore kept the rev it replaced: rev 3 is in the history now.
  await expect(history.getByTestId("revision-3")).toBeVisible();

  // Going back to an older revision on stream is one click, and the editor keeps its draft.
  await history.getByRole("button", { name: "Put rev 3 on stream" }).click();
  await expect(page.getByTestId("live-state")).toHaveText("On stream: rev 3 · not published yet");
  await expect(history.getByTestId("revision-3")).toContainText("on stream");
  await expect(obs.locator("#stage svg text")).toHaveText("Second words");
  await expect(page.getByTestId("save-state")).toHaveText("Saved · rev 4");
});

test("a test donation shown on the OBS page", async ({ page, context }) => {
  await proAccount(page, "Alert Ada");
  await page.goto("/overlays");
  await page.getByLabel("Name").fill("Alert scene");
  await page.getByRole("button", { name: "Create and edit" }).click();
  await expect(page.getByTestId("save-state")).toHaveText("Saved · rev 1");
  // A text layer with the donation ticker's value, as the market's ticker widget has.
  await page.getByRole("button", { name: "Add text" }).click();
  await page.getByLabel("Text", { exact: true }).fill("{{plugin.donations.recent}}");
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByTestId("save-state")).toHaveText("Saved · rev 2");
  const sourceUrl = await page.getByTestId("browser-source-url").inputValue();

  const obs = await context.newPage();
  const streaming = obs.waitForResponse((response) => response.url().endsWith("/events") && response.status() === 200);
  await obs.goto(sourceUrl);
  await streaming;
  const text = obs.locator("#stage svg text");
  // Off stream the value is blank.
  await expect(text).toHaveText("");

  const panel = page.getByTestId("test-alert-panel");
  await panel.getByLabel("Event").selectOption("donation");
  await panel.getByLabel("Viewer name").fill("Ada Lovelace");
  await panel.getByLabel("Amount").fill("5");
  await panel.getByLabel("Currency").fill("EUR");
  await panel.getByLabel("Message (optional)").fill("Great stream");
  await panel.getByRole("button", { name: "Send test alert" }).click();
  await expect(panel.getByTestId("test-alert-status")).toHaveText("Sent: every open OBS source of this overlay shows it for 6 s.");
  // OBS plays it without a reload (the same page object, never navigated again).
  await expect(text).toHaveText("Ada Lovelace — €5.00: Great stream", { timeout: 5_000 });

  // Nothing was saved: the editor and the feed are still at rev 2.
  await expect(page.getByTestId("save-state")).toHaveText("Saved · rev 2");
  const feed = await (await obs.request.get(sourceUrl.replace("/overlays/source/", "/api/overlay-source/"))).json();
  expect(feed.rev).toBe(2);

  // A publish while the alert shows waits for its end, then shows.
  await page.getByLabel("Text", { exact: true }).fill("Thanks{{plugin.donations.recent}}");
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByTestId("save-state")).toHaveText("Saved · rev 3");
  await expect(text).toHaveText("Ada Lovelace — €5.00: Great stream");
  await expect(text).toHaveText("Thanks", { timeout: 10_000 });
});
