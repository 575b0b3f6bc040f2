/**
 * My overlays' thumbnails (GET /api/overlays/{overlayId}/thumbnail?rev=N, docs/overlays.md#thumbnails): a revision
 * drawn still by the one renderer for its signed-in owner, the owner's pictures inside it as WebP data: addresses
 * (an <img> loads nothing), kept by the browser for a year under an address that names the rev.
 */
import { accounts } from "@streamkit/db";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../support/app";
import { TestClock } from "../../support/clock";
import { insertAccount, insertAsset, insertKey } from "../../support/factories";
import { apiCaller, createOverlay, documentOf, overlayDocument, textLayer } from "../../support/overlays";
import { sessionCookie } from "../../support/session";
import { settleKeptCallers } from "../../../src/accounts/principal";

let app: TestApp;
const clock = new TestClock();
beforeAll(async () => {
  app = await createTestApp({ now: clock.now });
});
afterAll(() => app.close());

async function owner() {
  const account = await insertAccount(app.deps.db, { plan: "pro" });
  const { key } = await insertKey(app.deps.db, account.id, { scopes: ["inventory:write"] });
  return { account, send: apiCaller(app, key, () => clock.nextMinute()), cookie: await sessionCookie(app, account.id) };
}

const thumbnail = (overlayId: string, rev: string | number, cookie?: string, headers: Record<string, string> = {}) =>
  app.raw(`/api/overlays/${overlayId}/thumbnail?rev=${rev}`, { headers: { ...(cookie ? { cookie } : {}), ...headers } });

describe("overlay thumbnails", () => {
  it("draws the current revision and a kept one for the owner, as an image that runs and loads nothing, kept a year", async () => {
    const sam = await owner();
    const { id } = await createOverlay(sam.send, documentOf("First words"));
    expect((await sam.send("PUT", `/overlays/${id}`, { baseRev: 1, document: documentOf("Second words") })).status).toBe(200);

    const current = await thumbnail(id, 2, sam.cookie);
    expect(current.status).toBe(200);
    expect(current.headers.get("content-type")).toBe("image/svg+xml; charset=utf-8");
    expect(current.headers.get("cache-control")).toBe("private, max-age=31536000, immutable");
    expect(current.headers.get("content-security-policy")).toBe("default-src 'none'; img-src data:; style-src 'unsafe-inline'");
    expect(current.headers.get("x-content-type-options")).toBe("nosniff");
    const svg = await current.text();
    expect(svg).toMatch(/^<svg /);
    expect(svg).toContain(">Second words</tspan>");
    expect(svg).not.toContain("<animate");

    const older = await thumbnail(id, 1, sam.cookie);
    expect(older.status).toBe(200);
    expect(await older.text()).toContain(">First words</tspan>");

    const again = await thumbnail(id, 2, sam.cookie, { "if-none-match": current.headers.get("etag")! });
    expect(again.status).toBe(304);
  });

  it("puts the owner's pictures inside as scaled WebP, and another account's as the placeholder", async () => {
    const sam = await owner();
    const ada = await owner();
    const png = await sharp({ create: { width: 1200, height: 800, channels: 3, background: "#3366ff" } })
      .png()
      .toBuffer();
    const mine = await insertAsset(app.deps.db, sam.account.id, { bytes: new Uint8Array(png) });
    const adas = await insertAsset(app.deps.db, ada.account.id, { bytes: new Uint8Array(png) });
    const picture = (layerId: string, assetId: string, y: number) => ({
      type: "picture",
      id: layerId,
      name: layerId,
      frame: { x: 0, y, w: 600, h: 300 },
      props: { source: { kind: "asset", id: assetId }, fit: "contain" },
    });
    const { id } = await createOverlay(sam.send, overlayDocument([picture("mine", mine, 0), picture("theirs", adas, 320), textLayer("title", "Hi")]));
    const response = await thumbnail(id, 1, sam.cookie);
    expect(response.status).toBe(200);
    const svg = await response.text();
    const inlined = /<image data-picture="image" href="data:image\/webp;base64,([A-Za-z0-9+/=]+)"/.exec(svg);
    expect(inlined).not.toBeNull();
    const scaled = await sharp(Buffer.from(inlined![1]!, "base64")).metadata();
    expect(scaled).toMatchObject({ format: "webp", width: 240, height: 160 });
    expect(svg).not.toContain("/api/assets/");
    expect(svg.match(/data-picture="placeholder"/g)).toHaveLength(1);
  });

  it("is the owner's only: signed out 401, another account's or an unknown overlay 404, an unknown rev 404, a bad rev 400, locked 403", async () => {
    const sam = await owner();
    const ada = await owner();
    const { id } = await createOverlay(sam.send, documentOf("Mine"));

    const signedOut = await thumbnail(id, 1);
    expect(signedOut.status).toBe(401);
    expect((await signedOut.json()).error.code).toBe("unauthorized");
    for (const [overlayId, rev, status, code] of [
      [id, 1, 404, "not_found"],
      ["00000000-0000-4000-8000-000000000000", 1, 404, "not_found"],
      ["not-a-uuid", 1, 404, "not_found"],
    ] as const) {
      const response = await thumbnail(overlayId, rev, ada.cookie);
      expect(response.status).toBe(status);
      expect((await response.json()).error.code).toBe(code);
    }
    const unknownRev = await thumbnail(id, 9, sam.cookie);
    expect(unknownRev.status).toBe(404);
    expect((await unknownRev.json()).error.message).toContain("no revision 9");
    for (const rev of ["0", "x", "", "1e3", "9999999999"]) {
      const response = await thumbnail(id, rev, sam.cookie);
      expect(response.status).toBe(400);
      expect((await response.json()).error).toMatchObject({ code: "bad_request", details: { field: "rev" } });
    }

    // A downgrade locks the overlay: its thumbnail too, as reading it.
    await app.deps.db.update(accounts).set({ plan: "free" }).where(eq(accounts.id, sam.account.id));
    await settleKeptCallers(app.deps);
    const refused = await thumbnail(id, 1, sam.cookie);
    expect(refused.status).toBe(403);
    expect((await refused.json()).error.code).toBe("plan_required");
  });
});
