import { expect, test } from "@playwright/test";
import { signUp } from "./support/accounts";
import { admin } from "./support/admin";
import { cspViolations, proWithOverlay } from "./support/editor";

/**
 * Picture layers in Chromium (issue 30): the editor adds one, binds it to a picture variable's https address, sets
 * its fit, corner radius and opacity (each an undo step), and draws it with the one renderer; after Publish the OBS
 * page draws the same <image>. Both pages' CSP lets the picture load (it is requested) and nothing else run. A
 * picture whose uploaded asset is missing is the placeholder, in the editor and on stream. The asset library as a
 * streamer uses it: uploading from a picture layer (an SVG refused in the API's words), and the Pictures page.
 */

const LOGO = "https://pictures.example/logo.png?size=2&v=1";
// A 1×1 transparent PNG: the picture's address answers it, so the page really loads it (there is no internet here).
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=", "base64");

test("a picture bound to a picture variable: drawn in the editor with its fit, radius and opacity, then on the OBS page after Publish", async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  await context.route("https://pictures.example/**", (route) => route.fulfill({ status: 200, contentType: "image/png", body: PNG }));
  const editorViolations = cspViolations(page);
  await proWithOverlay(page, "Picture Pia", "Logo scene");
  // Every page may show https: images (the editor runs under the policy of the page the visitor arrived on), and still runs only its own scripts.
  for (const path of [new URL(page.url()).pathname, "/plans"]) {
    const csp = (await page.request.get(path)).headers()["content-security-policy"]!;
    expect(csp).toMatch(/(^|; )img-src 'self' data: blob: https:(;|$)/);
    expect(csp).toMatch(/(^|; )script-src 'self' 'nonce-[^']+' 'strict-dynamic'(;|$)/);
    expect(csp).toMatch(/(^|; )object-src 'none'(;|$)/);
  }

  // No uploads yet: a new picture follows a new, empty picture variable, drawn as the placeholder.
  await page.getByRole("button", { name: "Add picture" }).click();
  await expect(page.getByRole("button", { name: "Picture 1 Picture" })).toBeVisible();
  const canvas = page.getByTestId("overlay-canvas");
  await expect(canvas.locator('[data-picture="placeholder"]')).toHaveCount(1);
  await expect(page.getByTestId("layer-properties").getByLabel("Picture", { exact: true })).toHaveValue("var:picture");

  const requested = page.waitForRequest((request) => request.url() === LOGO);
  await page.getByLabel("Picture address (https)").fill(LOGO);
  const image = canvas.locator('image[data-picture="image"]');
  await expect(image).toHaveAttribute("href", LOGO);
  await requested;
  await expect(image).toHaveAttribute("preserveAspectRatio", "xMidYMid meet");
  await expect(canvas.locator('[data-picture="placeholder"]')).toHaveCount(0);

  await page.getByLabel("Fit").selectOption("cover");
  await expect(image).toHaveAttribute("preserveAspectRatio", "xMidYMid slice");
  await page.getByLabel("Corner radius (px)").fill("24");
  await expect(canvas.locator("clipPath#sk-picture-picture-1 rect")).toHaveAttribute("rx", "24");
  await expect(image).toHaveAttribute("clip-path", "url(#sk-picture-picture-1)");
  await page.getByLabel("Opacity (%)").fill("50");
  const layer = canvas.locator('g[data-layer-id="picture-1"]');
  await expect(layer).toHaveAttribute("opacity", "0.5");
  // One undo step per change: the opacity, then the radius.
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(layer).not.toHaveAttribute("opacity", /.*/);
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(canvas.locator("clipPath#sk-picture-picture-1 rect")).not.toHaveAttribute("rx", /.*/);
  await page.getByRole("button", { name: "Redo" }).click();
  await page.getByRole("button", { name: "Redo" }).click();
  await expect(layer).toHaveAttribute("opacity", "0.5");

  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByTestId("live-state")).toHaveText("On stream: rev 2");

  const sourceUrl = await page.getByTestId("browser-source-url").inputValue();
  const obs = await context.newPage();
  const obsViolations = cspViolations(obs);
  const obsRequested = obs.waitForRequest((request) => request.url() === LOGO);
  await obs.goto(sourceUrl);
  const shown = obs.locator('#stage svg image[data-picture="image"]');
  await expect(shown).toHaveAttribute("href", LOGO);
  await expect(shown).toHaveAttribute("preserveAspectRatio", "xMidYMid slice");
  await expect(obs.locator('#stage svg g[data-layer-id="picture-1"]')).toHaveAttribute("opacity", "0.5");
  await expect(obs.locator("#stage svg clipPath#sk-picture-picture-1 rect")).toHaveAttribute("rx", "24");
  await obsRequested;
  expect(editorViolations).toEqual([]);
  expect(obsViolations).toEqual([]);
});

test("a picture whose uploaded asset is missing is the placeholder, in the editor and on the OBS page", async ({ page, context }) => {
  await proWithOverlay(page, "Missing Max", "Missing picture");
  const overlayId = new URL(page.url()).pathname.split("/").at(-1)!;
  const missing = "00000000-0000-4000-8000-00000000beef";
  // Saved by the site's own API as the editor saves (no upload of that id exists).
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
            type: "picture",
            id: "gone",
            name: "Gone",
            frame: { x: 100, y: 100, w: 320, h: 240 },
            props: { source: { kind: "asset", id: missing }, fit: "contain", radius: 8 },
          },
        ],
      },
    },
  });
  expect(saved.status()).toBe(200);

  await page.reload();
  await expect(page.getByTestId("save-state")).toHaveText("Saved · rev 2");
  await expect(page.getByTestId("overlay-canvas").locator('g[data-layer-id="gone"] [data-picture="placeholder"]')).toHaveCount(1);
  await page.getByRole("button", { name: "Gone Picture" }).click();
  await expect(page.getByTestId("layer-properties").getByLabel("Picture", { exact: true })).toHaveValue(`asset:${missing}`);

  const obs = await context.newPage();
  await obs.goto(await page.getByTestId("browser-source-url").inputValue());
  await expect(obs.locator('#stage svg g[data-layer-id="gone"] [data-picture="placeholder"]')).toHaveCount(1);
  await expect(obs.locator("#stage svg image")).toHaveCount(0);
});

/** The address the asset library serves an uploaded PNG at. */
const ASSET_PNG = /^\/api\/assets\/[0-9a-f]{64}\.png$/;

test("upload a picture from the editor and place it: an SVG is refused in the API's words, a PNG is drawn at once, one undo step, and on the OBS page after Publish", async ({
  page,
  context,
}) => {
  await proWithOverlay(page, "Upload Uma", "Upload scene");
  await page.getByRole("button", { name: "Add picture" }).click();
  const picture = page.getByTestId("layer-properties").getByLabel("Picture", { exact: true });
  await expect(picture).toHaveValue("var:picture");
  const upload = page.getByLabel("Upload picture");
  const problem = page.getByTestId("upload-problem");

  // Over the limit: refused before a byte is sent.
  await upload.setInputFiles({ name: "huge.png", mimeType: "image/png", buffer: Buffer.alloc(10 * 1024 * 1024 + 1) });
  await expect(problem).toHaveText("The file is 10,485,761 bytes; an upload may be at most 10,485,760 bytes (10 MiB).");
  const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><script>alert(1)</script></svg>';
  await upload.setInputFiles({ name: "logo.svg", mimeType: "image/svg+xml", buffer: Buffer.from(svg) });
  await expect(page.getByTestId("upload-problem")).toHaveText(
    /^SVG pictures are not taken: they can carry scripts and outside loads\. Export it as PNG or WebP/,
  );
  await expect(picture).toHaveValue("var:picture");

  await upload.setInputFiles({ name: "Channel logo.png", mimeType: "image/png", buffer: PNG });
  const image = page.getByTestId("overlay-canvas").locator('g[data-layer-id="picture-1"] image[data-picture="image"]');
  await expect(image).toHaveAttribute("href", ASSET_PNG);
  await expect(problem).toHaveCount(0);
  await expect(picture.locator("option:checked")).toHaveText("Channel logo (1 × 1)");
  const href = (await image.getAttribute("href"))!;
  expect((await page.request.get(href)).headers()["content-type"]).toBe("image/png");
  // Setting the uploaded picture was one step: undone, the layer follows its variable again.
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(picture).toHaveValue("var:picture");
  await page.getByRole("button", { name: "Redo" }).click();
  await expect(image).toHaveAttribute("href", href);

  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByTestId("live-state")).toHaveText("On stream: rev 2");
  const obs = await context.newPage();
  await obs.goto(await page.getByTestId("browser-source-url").inputValue());
  await expect(obs.locator('#stage svg g[data-layer-id="picture-1"] image[data-picture="image"]')).toHaveAttribute("href", href);

  // The History's comparison draws the picture too: an SVG shown as an <img> loads nothing, so the picture's bytes are inlined in it.
  const history = page.getByTestId("history-panel");
  await history.getByRole("button", { name: "Show history" }).click();
  await history.getByRole("button", { name: "Compare rev 1" }).click();
  const inlined = encodeURIComponent("data:image/png;base64,");
  await expect(history.getByRole("img", { name: "rev 2, saved" })).toHaveAttribute("src", new RegExp(inlined));
  await expect(history.getByRole("img", { name: "rev 1", exact: true })).not.toHaveAttribute("src", new RegExp(inlined));
});

test("the Pictures and sounds page: Free is told uploads need Pro; on Pro a dropped picture is listed with the storage it uses, renamed, refused deletion while an overlay draws it, then deleted", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const email = await signUp(page, "Library Lou");
  await page.goto("/overlays");
  await page.getByRole("link", { name: "Pictures and sounds", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Pictures and sounds" })).toBeVisible();
  const prompt = page.getByTestId("picture-plan-prompt");
  await expect(prompt).toContainText("Uploading pictures and sounds comes with Pro");
  await expect(prompt.getByRole("link", { name: "Compare plans" })).toHaveAttribute("href", "/plans");
  await expect(page.getByLabel("Picture or sound file")).toHaveCount(0);

  admin("account", "set-plan", "--email", email, "--plan", "pro");
  await page.reload();
  const storage = page.getByTestId("picture-storage");
  await expect(storage).toHaveText("0 B of 100 MiB used");
  await expect(page.getByRole("meter", { name: "Storage used" })).toHaveAttribute("value", "0");
  // Dropped on the form, it is named after its file.
  const form = page.getByTestId("picture-drop");
  await page.locator("form[data-hydrated]").waitFor();
  const dataTransfer = await page.evaluateHandle(
    (bytes) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([new Uint8Array(bytes)], "Stream logo.png", { type: "image/png" }));
      return transfer;
    },
    [...PNG],
  );
  await form.dispatchEvent("drop", { dataTransfer });
  const pictureName = form.getByLabel("Name", { exact: true });
  await expect(pictureName).toHaveValue("Stream logo");
  const uploadButton = page.getByRole("button", { name: "Upload", exact: true });
  await pictureName.fill(" ");
  await uploadButton.click();
  await expect(form.getByTestId("upload-problem")).toHaveText("Give the picture or sound a name.");
  // (Storage full is the API tests' job, on both databases: filling 100 MiB through a browser is not a journey.)
  await pictureName.fill("Stream logo");
  await uploadButton.click();
  await expect(form.getByRole("status")).toHaveText("Uploaded “Stream logo”.");
  const row = page.getByTestId("picture-row");
  await expect(row.getByRole("heading", { name: "Stream logo" })).toBeVisible();
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(/PNG\s*1 × 1\s*\d+ B/);
  await expect(row.locator("img")).toHaveAttribute("src", ASSET_PNG);
  await expect(storage).toHaveText(/^[1-9]\d* B of 100 MiB used$/);

  await row.getByRole("button", { name: "Rename Stream logo" }).click();
  const newName = row.getByLabel("New name for Stream logo");
  await newName.fill("  ");
  await row.getByRole("button", { name: "Save name" }).click();
  await expect(row.getByRole("alert")).toHaveText("Give the picture or sound a name.");
  await newName.fill("Channel logo");
  await row.getByRole("button", { name: "Save name" }).click();
  await expect(row.getByRole("heading", { name: "Channel logo" })).toBeVisible();

  // An overlay draws it (a new picture layer shows the newest upload): deleting it is refused, naming the overlay.
  await page.goto("/overlays");
  await page.getByLabel("Name").fill("Logo scene");
  await page.getByRole("button", { name: "Create and edit" }).click();
  await expect(page.getByTestId("save-state")).toHaveText("Saved · rev 1");
  const editor = page.url();
  await page.getByRole("button", { name: "Add picture" }).click();
  await expect(page.getByTestId("layer-properties").getByLabel("Picture", { exact: true }).locator("option:checked")).toHaveText("Channel logo (1 × 1)");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByTestId("save-state")).toHaveText("Saved · rev 2");
  await page.getByRole("link", { name: "Your pictures", exact: true }).click();
  await row.getByText("Delete…").click();
  await row.getByRole("button", { name: "Delete Channel logo" }).click();
  const refusal = row.getByTestId("picture-in-use");
  await expect(refusal).toContainText('The picture is drawn by the overlay "Logo scene"');
  await refusal.getByRole("link", { name: "Logo scene" }).click();
  await expect(page).toHaveURL(editor);

  await page.getByRole("button", { name: "Delete Picture 1", exact: true }).click();
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByTestId("save-state")).toHaveText("Saved · rev 3");
  await page.goto("/overlays/pictures");
  await row.getByText("Delete…").click();
  await row.getByRole("button", { name: "Delete Channel logo" }).click();
  await expect(row).toHaveCount(0);
  await expect(storage).toHaveText("0 B of 100 MiB used");
});
