import { expect, type Page, test } from "@playwright/test";
import { cspViolations, proWithOverlay } from "./support/editor";

/**
 * Fonts and text styling in Chromium (issue 30, docs/overlays.md#fonts): the editor's picker shows each family in
 * itself; a text layer gets a family, a weight (only the family's), italic and a shadow, each an undo step; after
 * Publish the OBS page draws the text in that family, loaded from the site (the stylesheet and the woff2 file,
 * cached for a year, allowed by the page's CSP). A family the site does not have is a warning in the editor.
 */

/** Whether the page has loaded a face of `family` (the FontFace's status, not just a rule that names it). */
const faceLoaded = (page: Page, family: string) =>
  page.evaluate((name) => [...document.fonts].some((face) => face.family.replace(/"/g, "") === name && face.status === "loaded"), family);

test("pick a font and a weight for a text layer: drawn in the editor, then loaded and shown on the OBS page after Publish", async ({ page, context }) => {
  test.setTimeout(90_000);
  const editorViolations = cspViolations(page);
  await proWithOverlay(page, "Font Fay", "Font scene");
  await page.getByRole("button", { name: "Add text" }).click();
  const text = page.getByTestId("overlay-canvas").locator("svg text").last();
  await expect(text).toHaveAttribute("font-family", '"Inter", sans-serif');

  // The picker: every family, each name drawn in its own font.
  const fonts = page.getByRole("group", { name: "Font" });
  await expect(fonts.getByRole("radio")).toHaveCount(13);
  await expect(fonts.getByRole("radio", { name: "Inter" })).toBeChecked();
  await expect(fonts.locator("label", { hasText: "Press Start 2P" })).toHaveCSS("font-family", '"Press Start 2P", sans-serif');

  // A static family offers only its weights, and no italic.
  await fonts.getByRole("radio", { name: "Bebas Neue" }).check();
  await expect(text).toHaveAttribute("font-family", '"Bebas Neue", sans-serif');
  await expect(page.getByLabel("Weight").locator("option")).toHaveText(["400 Regular"]);
  await expect(page.getByLabel("Italic")).toHaveCount(0);

  // A variable family: its range of weights; pick Montserrat Bold Italic with a shadow.
  await fonts.getByRole("radio", { name: "Montserrat" }).focus();
  await page.keyboard.press("ArrowUp"); // radios move with the keyboard: Montserrat's neighbour above is Open Sans
  await expect(fonts.getByRole("radio", { name: "Open Sans" })).toBeChecked();
  await fonts.getByRole("radio", { name: "Montserrat" }).check();
  await expect(page.getByLabel("Weight").locator("option")).toHaveCount(9);
  await page.getByLabel("Weight").selectOption("700");
  await expect(text).toHaveAttribute("font-weight", "700");
  await page.getByLabel("Italic").check();
  await expect(text).toHaveAttribute("font-style", "italic");
  await page.getByLabel("Letter spacing (px)").fill("3");
  await expect(text).toHaveAttribute("letter-spacing", "3");
  await page.getByLabel("Shadow", { exact: true }).check();
  await expect(text).toHaveAttribute("filter", /^url\(#text-shadow-text-1-[a-z0-9]+\)$/);
  // One undo step per change: the shadow, the spacing, the italic, then the weight.
  for (const gone of ["filter", "letter-spacing", "font-style", "font-weight"]) {
    await page.getByRole("button", { name: "Undo" }).click();
    await expect(text).not.toHaveAttribute(gone, /.*/);
  }
  for (let i = 0; i < 4; i++) await page.getByRole("button", { name: "Redo" }).click();
  await expect(text).toHaveAttribute("filter", /text-shadow/);
  await expect(text).toHaveAttribute("font-family", '"Montserrat", sans-serif');
  await expect.poll(() => faceLoaded(page, "Montserrat")).toBe(true);
  // The frame covers the text as drawn in the loaded font (measured again once a font still loading is there).
  await expect.poll(async () => (await page.getByTestId("selection").boundingBox())!.width - (await text.boundingBox())!.width).toBeGreaterThanOrEqual(0);

  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByTestId("live-state")).toHaveText("On stream: rev 2");

  const obs = await context.newPage();
  const obsViolations = cspViolations(obs);
  const fontFile = obs.waitForResponse((response) => /\/fonts\/montserrat\/5\.3\.0\/montserrat-latin-wght-italic\.woff2$/.test(response.url()));
  await obs.goto(await page.getByTestId("browser-source-url").inputValue());
  const shown = obs.locator("#stage svg text");
  await expect(shown).toHaveAttribute("font-family", '"Montserrat", sans-serif');
  await expect(shown).toHaveAttribute("font-weight", "700");
  await expect(shown).toHaveAttribute("font-style", "italic");
  const file = await fontFile;
  expect(file.status()).toBe(200);
  expect(file.headers()["content-type"]).toBe("font/woff2");
  await expect.poll(() => faceLoaded(obs, "Montserrat")).toBe(true);
  expect(await obs.evaluate(() => document.fonts.check('italic 700 16px "Montserrat"'))).toBe(true);
  expect(editorViolations).toEqual([]);
  expect(obsViolations).toEqual([]);
});

test("the fonts are served from the site: the stylesheet and files with their types, a year's caching, licences beside them, allowed by the CSP", async ({
  page,
}) => {
  await page.goto("/overlays/fonts");
  await expect(page.getByRole("heading", { level: 1, name: "Overlay fonts" })).toBeVisible();
  await expect(page.locator("tr[data-font]")).toHaveCount(13);
  await expect(page.locator('tr[data-font="Permanent Marker"]')).toContainText("Apache License 2.0");
  await expect(page.locator('tr[data-font="Bebas Neue"]')).toContainText("SIL Open Font License 1.1");
  await expect(page.locator('tr[data-font="Bebas Neue"]')).toContainText("@fontsource/bebas-neue@5.3.0");
  const csp = (await page.request.get("/overlays/fonts")).headers()["content-security-policy"]!;
  expect(csp).toMatch(/(^|; )font-src 'self'/);
  expect(csp).toMatch(/(^|; )style-src 'self'/);

  const href = await page.locator('link[rel="stylesheet"][href^="/fonts/fonts-"]').getAttribute("href");
  expect(href).toMatch(/^\/fonts\/fonts-[a-z0-9]+\.css$/);
  const sheet = await page.request.get(href!);
  expect(sheet.status()).toBe(200);
  expect(sheet.headers()["content-type"]).toMatch(/^text\/css/);
  expect(sheet.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  const css = await sheet.text();
  expect(css).toContain(
    'font-family:"Bebas Neue";font-style:normal;font-weight:400;font-display:swap;src:url(/fonts/bebas-neue/5.3.0/bebas-neue-latin-400-normal.woff2)',
  );
  expect(css.match(/@font-face/g)).toHaveLength(71);

  const font = await page.request.get("/fonts/bebas-neue/5.3.0/bebas-neue-latin-400-normal.woff2");
  expect(font.status()).toBe(200);
  expect(font.headers()["content-type"]).toBe("font/woff2");
  expect(font.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  expect((await font.body()).subarray(0, 4).toString("latin1")).toBe("wOF2");

  expect(await (await page.request.get("/fonts/bebas-neue/5.3.0/LICENSE.txt")).text()).toContain("SIL Open Font License");
  expect(await (await page.request.get("/fonts/permanent-marker/5.3.0/LICENSE.txt")).text()).toContain("Apache License");
  // Only what the catalogue lists is copied: no cyrillic subset, no woff.
  expect((await page.request.get("/fonts/inter/5.3.0/inter-cyrillic-wght-normal.woff2")).status()).toBe(404);
  expect((await page.request.get("/fonts/bebas-neue/5.3.0/bebas-neue-latin-400-normal.woff")).status()).toBe(404);
});

test("a family the site does not have is a visible warning in the editor, drawn with its fallback; picking one of the site's clears it", async ({ page }) => {
  await proWithOverlay(page, "Comic Cal", "Old fonts");
  const overlayId = new URL(page.url()).pathname.split("/").at(-1)!;
  // Saved by the site's own API as the editor saves: an older document naming a font the site does not serve.
  const saved = await page.request.post("/api/trpc/overlays.update", {
    headers: { "content-type": "application/json", origin: new URL(page.url()).origin },
    data: {
      overlayId,
      baseRev: 1,
      document: {
        schema: 1,
        canvas: { width: 1920, height: 1080 },
        layers: [
          {
            type: "text",
            id: "old",
            name: "Old",
            frame: { x: 100, y: 100, w: 600, h: 120 },
            props: { text: "Hello", fontFamily: "Comic Sans MS", fontSize: 64, fill: { kind: "solid", color: "#ffffff" } },
          },
        ],
      },
    },
  });
  expect(saved.status()).toBe(200);
  await page.reload();
  await expect(page.getByTestId("save-state")).toHaveText("Saved · rev 2");
  const text = page.getByTestId("overlay-canvas").locator('g[data-layer-id="old"] text');
  await expect(text).toHaveAttribute("font-family", '"Comic Sans MS", sans-serif');
  await page.getByRole("button", { name: "Old Text" }).click();
  await expect(page.getByTestId("font-warning")).toHaveText(
    'Font "Comic Sans MS" is not available on the site: OBS will show sans-serif (unless that computer has it installed). Pick one of the site\'s fonts.',
  );
  await expect(page.getByRole("group", { name: "Font" }).getByRole("radio", { checked: true })).toHaveCount(0);
  await page.getByRole("group", { name: "Font" }).getByRole("radio", { name: "Roboto" }).check();
  await expect(page.getByTestId("font-warning")).toHaveCount(0);
  await expect(text).toHaveAttribute("font-family", '"Roboto", sans-serif');
});
