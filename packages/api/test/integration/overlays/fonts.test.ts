/**
 * Fonts and text styling on the server (docs/overlays.md#fonts): a save keeps the styling and a family the site does
 * not have (valid, drawn with a fallback); out-of-bounds styling is a 400 naming each path; the OBS page links the
 * site's font stylesheet and its CSP lets that stylesheet and the font files load, and nothing else.
 */
import { FONT_STYLESHEET_PATH, OVERLAY_LIMITS } from "@streamkit/overlay";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../support/app";
import { TestClock } from "../../support/clock";
import { insertAccount, insertKey } from "../../support/factories";
import { apiCaller } from "../../support/overlays";

let app: TestApp;
const clock = new TestClock();
beforeAll(async () => {
  app = await createTestApp({ now: clock.now });
});
afterAll(() => app.close());

const text = (props: Record<string, unknown>) => ({
  type: "text",
  id: "title",
  name: "Title",
  frame: { x: 10, y: 20, w: 600, h: 100 },
  props: { text: "Going live", fontFamily: "Bebas Neue", fontSize: 64, fill: { kind: "solid", color: "#ffffff" }, ...props },
});
const documentOf = (layers: unknown[]) => ({ schema: 1, canvas: { width: 1280, height: 720 }, vars: {}, layers });

async function streamer() {
  const account = await insertAccount(app.deps.db, { plan: "pro" });
  const { key } = await insertKey(app.deps.db, account.id, { scopes: ["inventory:write"] });
  return apiCaller(app, key, () => clock.nextMinute()); // keys get 10 requests a minute
}

describe("fonts and text styling through the API", () => {
  it("saves the styling and draws it on the OBS page, which loads the site's fonts", async () => {
    const send = await streamer();
    const styled = text({
      fontWeight: 400,
      italic: false,
      letterSpacing: 2,
      lineHeight: 1.4,
      stroke: { paint: { kind: "solid", color: "#000000" }, width: 4 },
      shadow: { color: "#00000099", x: 2, y: 3, blur: 4 },
    });
    const created = await send("POST", "/overlays", { name: "Fonts", document: documentOf([styled]) });
    expect(created.status).toBe(201);
    expect(created.body.item.document.layers[0].props).toEqual(styled.props);
    const page = await app.raw(`/overlays/source/${created.body.item.browserSource.token}`);
    const html = await page.text();
    expect(html).toContain(`<link rel="stylesheet" href="${FONT_STYLESHEET_PATH}">`);
    expect(html).toContain('font-family="&quot;Bebas Neue&quot;, sans-serif"');
    expect(html).toContain('letter-spacing="2"');
    expect(html).toContain('paint-order="stroke"');
    expect(html).toContain("<feDropShadow");
    const csp = page.headers.get("content-security-policy")!;
    expect(csp).toMatch(/(^|; )style-src 'self' 'unsafe-inline'(;|$)/);
    expect(csp).toMatch(/(^|; )font-src 'self'(;|$)/);
    expect(csp).toMatch(/(^|; )default-src 'none'(;|$)/);
  });

  it("keeps a family the site does not have, drawn with its fallback", async () => {
    const send = await streamer();
    const created = await send("POST", "/overlays", { name: "Old font", document: documentOf([text({ fontFamily: "Comic Sans MS" })]) });
    expect(created.status).toBe(201);
    expect(created.body.item.document.layers[0].props.fontFamily).toBe("Comic Sans MS");
    const html = await (await app.raw(`/overlays/source/${created.body.item.browserSource.token}`)).text();
    expect(html).toContain('font-family="&quot;Comic Sans MS&quot;, sans-serif"');
  });

  it("refuses styling out of bounds and a blank font name with 400, every problem at its path", async () => {
    const send = await streamer();
    const bad = text({
      fontFamily: " ",
      letterSpacing: OVERLAY_LIMITS.letterSpacingMax + 1,
      lineHeight: 0,
      shadow: { color: "black", x: 0, y: 0, blur: 1 },
    });
    const refused = await send("POST", "/overlays", { name: "Bad", document: documentOf([bad]) });
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe("validation_error");
    const paths = refused.body.error.details.map((detail: { path: string }) => detail.path).sort();
    expect(paths).toEqual([
      "document.layers.0.props.fontFamily",
      "document.layers.0.props.letterSpacing",
      "document.layers.0.props.lineHeight",
      "document.layers.0.props.shadow.color",
    ]);
  });
});
