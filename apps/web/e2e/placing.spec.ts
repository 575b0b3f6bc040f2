import { expect, type Page, test } from "@playwright/test";
import { signUp } from "./support/accounts";
import { admin } from "./support/admin";

/**
 * Placing things in the overlay editor, in Chromium: a layer dragged near the
 * canvas's centre snaps to it with the centre guide drawn; three layers
 * picked with the marquee and Shift+click are aligned in one undo step (a
 * locked one is not picked); a layer copied in one overlay is pasted into
 * another, and a clipboard holding anything else pastes nothing, saying why.
 */

async function proEditor(page: Page, name: string, overlay: string) {
  const email = await signUp(page, name);
  admin("account", "set-plan", "--email", email, "--plan", "pro");
  await newOverlay(page, overlay);
}

async function newOverlay(page: Page, overlay: string) {
  await page.goto("/overlays");
  await page.getByLabel("Name").fill(overlay);
  await page.getByRole("button", { name: "Create and edit" }).click();
  await expect(page.getByRole("heading", { level: 1, name: overlay })).toBeVisible();
}

/** Puts the selected layer at (x, y) through the properties panel. */
async function place(page: Page, x: number, y: number) {
  await page.getByLabel("X", { exact: true }).fill(String(x));
  await page.getByLabel("Y", { exact: true }).fill(String(y));
}

test("a layer dragged near the centre snaps to the centre guide; one undo step takes the drag back", async ({ page }) => {
  await proEditor(page, "Snap Sam", "Snapping scene");
  // A new shape sits centred (x 672, 576 wide, on 1920): move it off centre first.
  await page.getByRole("button", { name: "Add shape" }).click();
  const frameX = page.getByLabel("X", { exact: true });
  await expect(frameX).toHaveValue("672");
  await frameX.fill("722");

  const canvas = page.getByTestId("overlay-canvas");
  await canvas.scrollIntoViewIfNeeded();
  const scale = 1920 / (await canvas.boundingBox())!.width;
  const box = (await page.getByTestId("selection").boundingBox())!;
  const start = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  // 46 canvas pixels to the left: 4 short of the centre, within the snapping distance.
  await page.mouse.move(start.x - 46 / scale, start.y, { steps: 6 });
  const centre = page.locator('[data-testid="snap-guide"][data-axis="x"][data-position="960"]');
  await expect(centre).toBeVisible();
  await page.mouse.up();
  await expect(centre).toHaveCount(0);
  await expect(frameX).toHaveValue("672");

  // Alt turns snapping off for a drag.
  const again = (await page.getByTestId("selection").boundingBox())!;
  await page.keyboard.down("Alt");
  await page.mouse.move(again.x + again.width / 2, again.y + again.height / 2);
  await page.mouse.down();
  await page.mouse.move(again.x + again.width / 2 + 4 / scale, again.y + again.height / 2, { steps: 3 });
  await page.mouse.up();
  await page.keyboard.up("Alt");
  await expect(page.getByTestId("snap-guide")).toHaveCount(0);
  expect(Math.abs(Number(await frameX.inputValue()) - 676)).toBeLessThanOrEqual(1);

  await page.getByRole("button", { name: "Undo" }).click();
  await expect(frameX).toHaveValue("672");
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(frameX).toHaveValue("722");
});

test("three layers picked with the marquee and Shift+click are aligned in one step; a locked layer is not picked on the canvas", async ({ page }) => {
  await proEditor(page, "Align Ada", "Aligned scene");
  const spots = [
    [100, 50],
    [500, 400],
    [900, 750],
  ] as const;
  for (const [x, y] of spots) {
    await page.getByRole("button", { name: "Add shape" }).click();
    await place(page, x, y);
  }
  const count = page.getByTestId("selection-count");
  await expect(count).toHaveText("1 selected");

  // The marquee, from the empty top-left corner to the bottom right, picks all three.
  const marquee = async () => {
    const canvas = page.getByTestId("overlay-canvas");
    await canvas.scrollIntoViewIfNeeded();
    const area = (await canvas.boundingBox())!;
    await page.mouse.move(area.x + 3, area.y + 3);
    await page.mouse.down();
    await page.mouse.move(area.x + area.width - 3, area.y + area.height - 3, { steps: 5 });
    await expect(page.getByTestId("marquee")).toBeVisible();
    await page.mouse.up();
  };
  await marquee();
  await expect(count).toHaveText("3 selected");
  await expect(page.getByTestId("selection")).toHaveCount(3);

  await page.getByRole("button", { name: "Align left" }).click();
  const xOf = async (name: string) => {
    await page.getByRole("button", { name: new RegExp(`^${name} `) }).click();
    return page.getByLabel("X", { exact: true }).inputValue();
  };
  expect([await xOf("Shape 1"), await xOf("Shape 2"), await xOf("Shape 3")]).toEqual(["100", "100", "100"]);
  // One undo takes the whole alignment back.
  await page.getByRole("button", { name: "Undo" }).click();
  expect([await xOf("Shape 1"), await xOf("Shape 2"), await xOf("Shape 3")]).toEqual(["100", "500", "900"]);

  // Shift+click on the canvas adds a layer to the selection.
  await page.getByRole("button", { name: /^Shape 1 / }).click();
  const third = page.getByTestId("overlay-canvas").locator('[data-layer-id="shape-3"]');
  await third.click({ modifiers: ["Shift"], position: { x: 5, y: 5 } });
  await expect(count).toHaveText("2 selected");

  // A locked layer stays out of the marquee, and out of Escape's way.
  await page.keyboard.press("Escape");
  await expect(count).toHaveText("Nothing selected");
  await page.getByRole("button", { name: "Lock Shape 2" }).click();
  await expect(page.getByRole("button", { name: "Lock Shape 2" })).toHaveAttribute("aria-pressed", "true");
  await marquee();
  await expect(count).toHaveText("2 selected");

  // Duplicate and delete the selection from the keyboard, each one step.
  await page.keyboard.press("ControlOrMeta+d");
  await expect(page.getByTestId("layer-row")).toHaveCount(5);
  await page.keyboard.press("Delete");
  await expect(page.getByTestId("layer-row")).toHaveCount(3);
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(page.getByTestId("layer-row")).toHaveCount(5);
});

test("a layer copied in one overlay is pasted into another; a clipboard of anything else pastes nothing and says why", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await proEditor(page, "Copy Cat", "Copied from");
  await page.getByRole("button", { name: "Add text" }).click();
  await page.getByLabel("Text", { exact: true }).fill("Carried across");
  await page.getByRole("button", { name: "Copy layers" }).click();
  await expect(page.getByTestId("placing-message")).toHaveText("Copied 1 layer.");

  // Another overlay, in another tab.
  const other = await context.newPage();
  await newOverlay(other, "Pasted into");
  await expect(other.getByTestId("layer-row")).toHaveCount(0);
  await other.getByRole("button", { name: "Paste layers" }).click();
  await expect(other.getByTestId("placing-message")).toHaveText("Pasted 1 layer.");
  await expect(other.getByTestId("layer-row")).toHaveCount(1);
  await expect(other.getByTestId("overlay-canvas").locator("svg text").last()).toHaveText("Carried across");
  await expect(other.getByTestId("save-state")).toHaveText("Unsaved changes");

  // Text that is not copied layers: a message, and nothing changes.
  await other.evaluate(() => navigator.clipboard.writeText("just some words"));
  await other.getByRole("button", { name: "Paste layers" }).click();
  await expect(other.getByTestId("placing-message")).toContainText("The clipboard holds no overlay layers");
  await expect(other.getByTestId("layer-row")).toHaveCount(1);

  // Saved, the pasted layer is the overlay's.
  await other.getByRole("button", { name: "Save" }).click();
  await expect(other.getByTestId("save-state")).toHaveText("Saved · rev 2");
});

test("two layers resize as one box from its corner, and the round handle rotates a layer (Shift: 15° steps), each one undo step", async ({ page }) => {
  await proEditor(page, "Turn Tom", "Turned scene");
  await page.getByRole("button", { name: "Add shape" }).click();
  await page.getByRole("button", { name: "Add shape" }).click();
  // Shape 2 at (100, 150), room above it for the rotation handle, and Shape 1 at (672, 432), both 576 × 216: the box is 1148 wide.
  await place(page, 100, 150);
  await page.getByTestId("overlay-canvas").focus();
  await page.keyboard.press("ControlOrMeta+a");
  await expect(page.getByTestId("selection-count")).toHaveText("2 selected");
  const canvas = page.getByTestId("overlay-canvas");
  await canvas.scrollIntoViewIfNeeded();
  const scale = 1920 / (await canvas.boundingBox())!.width;
  const corner = (await page.getByTestId("selection-bounds").getByTestId("resize-handle").boundingBox())!;
  await page.mouse.move(corner.x + corner.width / 2, corner.y + corner.height / 2);
  await page.mouse.down();
  await page.mouse.move(corner.x + corner.width / 2 + 287 / scale, corner.y + corner.height / 2, { steps: 4 });
  await page.mouse.up();
  // A quarter wider: each layer 720 wide, Shape 1 moved with the box.
  const width = page.getByLabel("Width", { exact: true });
  await page.getByRole("button", { name: /^Shape 1 / }).click();
  expect(Math.abs(Number(await width.inputValue()) - 720)).toBeLessThanOrEqual(2);
  expect(Math.abs(Number(await page.getByLabel("X", { exact: true }).inputValue()) - 815)).toBeLessThanOrEqual(2);
  await page.getByRole("button", { name: /^Shape 2 / }).click();
  expect(Math.abs(Number(await width.inputValue()) - 720)).toBeLessThanOrEqual(2);
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(width).toHaveValue("576");

  // Rotating Shape 2: the handle dragged to the right of its centre, with Shift, is a quarter turn.
  const layer = canvas.locator('[data-layer-id="shape-2"]');
  await canvas.scrollIntoViewIfNeeded();
  const frame = (await page.getByTestId("selection").boundingBox())!;
  const handle = (await page.getByTestId("rotate-handle").boundingBox())!;
  await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
  await page.mouse.down();
  await page.keyboard.down("Shift");
  await page.mouse.move(frame.x + frame.width / 2 + 150, frame.y + frame.height / 2 + 3, { steps: 4 });
  await page.mouse.up();
  await page.keyboard.up("Shift");
  await expect(layer).toHaveAttribute("transform", /^rotate\(90 /);
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(layer).not.toHaveAttribute("transform", /rotate/);
});

test("from the keyboard: Ctrl+C and Ctrl+V paste a copy beside the layer, Ctrl+Shift+] and [ change the drawing order, and keys typed in a field stay there", async ({
  page,
  context,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await proEditor(page, "Keys Kim", "Keyboard scene");
  await page.getByRole("button", { name: "Add shape" }).click();
  await page.getByRole("button", { name: "Add text" }).click();
  const rows = page.getByTestId("layer-row");
  // The list is topmost first.
  await expect(rows.first()).toContainText("Text 1");

  await page.getByRole("button", { name: /^Shape 1 / }).click();
  await page.keyboard.press("ControlOrMeta+Shift+BracketRight");
  await expect(rows.first()).toContainText("Shape 1");
  await page.keyboard.press("ControlOrMeta+Shift+BracketLeft");
  await expect(rows.first()).toContainText("Text 1");

  await page.getByTestId("overlay-canvas").focus();
  await page.keyboard.press("ControlOrMeta+c");
  await expect(page.getByTestId("placing-message")).toHaveText("Copied 1 layer.");
  await page.keyboard.press("ControlOrMeta+v");
  await expect(rows).toHaveCount(3);
  await expect(rows.first()).toContainText("Shape 1");
  // Pasted where the copied layer sits, so 20 px lower right.
  await expect(page.getByLabel("X", { exact: true })).toHaveValue("692");

  // In a field, Delete and Ctrl+A are the field's.
  await page.getByLabel("Layer name").fill("Backdrop");
  await page.getByLabel("Layer name").press("ControlOrMeta+a");
  await page.getByLabel("Layer name").press("Delete");
  await expect(rows).toHaveCount(3);
  await expect(page.getByTestId("selection-count")).toHaveText("1 selected");
});
