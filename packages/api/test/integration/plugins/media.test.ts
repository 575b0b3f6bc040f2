/**
 * A plugin's icon and screenshots through the real REST core (docs/plugins.md#icons-and-screenshots), on PGlite and
 * PostgreSQL: types from the bytes (a PNG sent as GIF, SVG, TIFF, garbage, empty), EXIF gone, sizes and sides capped
 * (413), another account's plugin (404), the listing's `icon`/`iconGenerated` and the detail's `screenshots`, alt text,
 * reordering, deleting, the blob's removal, the count of screenshots and the account's storage under concurrent
 * uploads (the database decides), the serving headers, the generated icon, the social preview PNG and the website's door.
 * The guards of every operation are in the security suite (rest/security.test.ts).
 */
import { pluginMediaLimits } from "@streamkit/api-contract";
import { blobs, pluginMedia, plugins } from "@streamkit/db";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { blobStore } from "../../../src/shared/blobs/index";
import { createTestApp, type TestApp } from "../../support/app";
import { TestClock } from "../../support/clock";
import { bearer, insertAccount, insertKey, insertPlugin } from "../../support/factories";
import { raceThroughLock } from "../../support/race";
import { sessionCookie } from "../../support/session";

let app: TestApp;
const clock = new TestClock();
beforeAll(async () => {
  app = await createTestApp({ now: clock.now });
});
afterAll(() => app.close());
// A fresh rate-limit minute per test: a key makes 10 requests a minute.
beforeEach(() => clock.nextMinute());

/** A picture of `width`×`height` whose pixels vary, so each seed is a distinct content. */
async function png(width = 64, height = 48, seed = 1): Promise<Uint8Array<ArrayBuffer>> {
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 31 + seed * 97) % 251;
  return new Uint8Array(
    await sharp(raw, { raw: { width, height, channels: 3 } })
      .png()
      .toBuffer(),
  );
}

let counter = 0;
/** An author with a key and a published plugin of their own. */
async function author() {
  const account = await insertAccount(app.deps.db, { plan: "pro", name: `Author ${++counter}` });
  const { key } = await insertKey(app.deps.db, account.id);
  const plugin = await insertPlugin(app.deps.db, { slug: `media-plugin-${counter}`, ownerId: account.id, name: `Media Plugin ${counter}` });
  const auth = bearer(key);
  const send = (method: string, path: string, bytes: Uint8Array | string, headers: Record<string, string> = {}) =>
    app.json(path, { method, headers: { "content-type": "application/octet-stream", ...auth, ...headers }, body: bytes as BodyInit });
  return {
    account,
    plugin,
    slug: plugin.slug,
    key,
    icon: (bytes: Uint8Array | string, headers: Record<string, string> = {}) => send("PUT", `/plugins/${plugin.slug}/icon`, bytes, headers),
    screenshot: (bytes: Uint8Array | string, alt?: string) =>
      send("POST", `/plugins/${plugin.slug}/screenshots${alt === undefined ? "" : `?alt=${encodeURIComponent(alt)}`}`, bytes),
    json: (method: string, path: string, body?: unknown) =>
      app.json(path, {
        method,
        headers: { ...auth, ...(body === undefined ? {} : { "content-type": "application/json" }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
  };
}

const served = (url: string, headers: Record<string, string> = {}) => app.raw(url.replace(/^https?:\/\/[^/]+/, ""), { headers });
const bytesOf = async (response: Response) => Buffer.from(await response.arrayBuffer());

describe("the icon", () => {
  it("a plugin without one shows the generated icon; an uploaded PNG (sent as a GIF) is stored as PNG with its size, listed and served", async () => {
    const ada = await author();
    const before = await app.json(`/plugins/${ada.slug}`);
    expect(before.body.item).toMatchObject({
      iconGenerated: true,
      icon: { url: `/api/plugin-media/generated/${ada.slug}.svg`, width: pluginMediaLimits.generatedIconSide, height: pluginMediaLimits.generatedIconSide },
      screenshots: [],
    });

    const picture = await png(128, 128, 7);
    const { status, body, headers } = await ada.icon(picture, { "content-type": "image/gif" });
    expect(status).toBe(200);
    expect(headers.get("cache-control")).toBe("no-store");
    expect(body).toEqual({ icon: { url: expect.stringMatching(/^\/api\/plugin-media\/[0-9a-f]{64}\.png$/), width: 128, height: 128 }, iconGenerated: false });

    const listed = await app.json("/plugins?limit=100");
    const item = listed.body.items.find((entry: { slug: string }) => entry.slug === ada.slug);
    expect(item).toMatchObject({ icon: body.icon, iconGenerated: false });
    expect((await app.json(`/plugins/${ada.slug}`)).body.item).toMatchObject({ icon: body.icon, iconGenerated: false });

    const answer = await served(body.icon.url);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("image/png");
    expect(answer.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(answer.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
    expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
    expect(answer.headers.get("cross-origin-resource-policy")).toBe("cross-origin");
    const etag = answer.headers.get("etag")!;
    expect(etag).toBe(`"${body.icon.url.slice(18, 82)}"`);
    const stored = await bytesOf(answer);
    expect((await sharp(stored).metadata()).format).toBe("png");
    expect((await served(body.icon.url, { "if-none-match": etag })).status).toBe(304);
    expect((await served(body.icon.url.replace(".png", ".gif"))).status).toBe(404);
  });

  it("a new icon replaces the old (whose bytes go); DELETE brings the generated one back, and repeating it is harmless", async () => {
    const ada = await author();
    const first = (await ada.icon(await png(64, 64, 21))).body.icon.url as string;
    const second = (await ada.icon(await png(32, 32, 22))).body;
    expect(second.icon).toMatchObject({ width: 32, height: 32 });
    expect((await served(first)).status).toBe(404);
    expect(
      await app.deps.db
        .select()
        .from(blobs)
        .where(eq(blobs.key, first.slice(18, 82))),
    ).toEqual([]);
    expect((await app.deps.db.select().from(pluginMedia).where(eq(pluginMedia.pluginId, ada.plugin.id))).length).toBe(1);

    expect((await ada.json("DELETE", `/plugins/${ada.slug}/icon`)).status).toBe(204);
    expect((await ada.json("DELETE", `/plugins/${ada.slug}/icon`)).status).toBe(204);
    expect((await served(second.icon.url)).status).toBe(404);
    expect((await app.json(`/plugins/${ada.slug}`)).body.item).toMatchObject({
      iconGenerated: true,
      icon: { url: `/api/plugin-media/generated/${ada.slug}.svg` },
    });
  });

  it("EXIF (camera, GPS) is gone and the orientation applied; a JPEG stays a JPEG", async () => {
    const ada = await author();
    const jpeg = await sharp(await png(40, 20))
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExifMerge({ IFD0: { Copyright: "secret-camera-owner", Make: "SecretCam" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "51/1 30/1 0/1" } })
      .toBuffer();
    expect(jpeg.includes("secret-camera-owner")).toBe(true);
    const { status, body } = await ada.icon(jpeg);
    expect(status).toBe(200);
    expect(body.icon).toMatchObject({ width: 20, height: 40 });
    expect(body.icon.url).toMatch(/\.jpg$/);
    const bytes = await bytesOf(await served(body.icon.url));
    const after = await sharp(bytes).metadata();
    expect(after.exif).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect(bytes.includes("secret-camera-owner")).toBe(false);
  });

  it.each([
    ["SVG", () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><script>alert(1)</script></svg>'), 415, "unsupported_media_type"],
    [
      "TIFF",
      () =>
        sharp({ create: { width: 4, height: 4, channels: 3, background: "#123" } })
          .tiff()
          .toBuffer(),
      415,
      "unsupported_media_type",
    ],
    ["a script named .png", () => Buffer.from("#!/bin/sh\nrm -rf /\n"), 400, "bad_request"],
    ["an empty body", () => Buffer.alloc(0), 400, "bad_request"],
    ["a truncated PNG", async () => (await png(64, 64, 3)).subarray(0, 120), 400, "bad_request"],
  ])("%s is refused, with a message that says what to send", async (_case, make, status, code) => {
    const ada = await author();
    const answer = await ada.icon(await make(), { "content-type": "image/png" });
    expect(answer.status).toBe(status);
    expect(answer.body.error.code).toBe(code);
    expect(answer.body.error.message).toMatch(/PNG, JPEG, WebP or GIF/);
    if (code === "unsupported_media_type") expect(answer.body.error.details.accepted).toEqual(["image/png", "image/jpeg", "image/webp", "image/gif"]);
    expect((await app.json(`/plugins/${ada.slug}`)).body.item.iconGenerated).toBe(true);
  });

  it("too large: a body past the icon's limit and a side past the icon's bound are 413", async () => {
    const ada = await author();
    const big = await ada.icon(Buffer.alloc(pluginMediaLimits.maxIconBytes + 1, 1));
    expect(big.status).toBe(413);
    expect(big.body.error.code).toBe("payload_too_large");
    const wide = await ada.icon(await png(pluginMediaLimits.icon.maxSide + 1, 4));
    expect(wide.status).toBe(413);
    expect(wide.body.error).toMatchObject({
      code: "payload_too_large",
      message: `The picture is ${pluginMediaLimits.icon.maxSide + 1}×4 pixels; each side may be at most ${pluginMediaLimits.icon.maxSide}.`,
      details: { width: pluginMediaLimits.icon.maxSide + 1, height: 4, maxSide: pluginMediaLimits.icon.maxSide },
    });
  });

  it("another account's plugin, or an unknown one: 404 not_found, and nothing is stored", async () => {
    const ada = await author();
    const eve = await author();
    const theirs = await eve.json("GET", "/me");
    expect(theirs.status).toBe(200);
    const answer = await app.json(`/plugins/${ada.slug}/icon`, { method: "PUT", headers: bearer(eve.key), body: await png(8, 8, 99) });
    expect(answer.status).toBe(404);
    expect(answer.body.error).toEqual({ code: "not_found", message: `You have no plugin "${ada.slug}".` });
    expect((await app.json("/plugins/no-such-plugin/screenshots", { method: "POST", headers: bearer(eve.key), body: await png(8, 8, 98) })).status).toBe(404);
    expect((await app.json(`/plugins/${ada.slug}`)).body.item.iconGenerated).toBe(true);
  });
});

describe("screenshots", () => {
  it("are added last with their alt text, listed in the detail, re-described, reordered and deleted", async () => {
    const ada = await author();
    const first = await ada.screenshot(await png(160, 90, 31), "The settings window");
    expect(first.status).toBe(201);
    expect(first.body).toEqual({
      id: expect.any(String),
      url: expect.stringMatching(/^\/api\/plugin-media\/[0-9a-f]{64}\.png$/),
      width: 160,
      height: 90,
      alt: "The settings window",
    });
    expect(first.headers.get("location")).toBe(`/api/v1/plugins/${ada.slug}/screenshots/${first.body.id}`);
    const second = (await ada.screenshot(await png(90, 160, 32))).body;
    expect(second.alt).toBe("");

    const detail = await app.json(`/plugins/${ada.slug}`);
    expect(detail.body.item.screenshots).toEqual([first.body, second]);

    const described = await ada.json("PATCH", `/plugins/${ada.slug}/screenshots/${second.id}`, { alt: "  Chat with the plugin on  " });
    expect(described.status).toBe(200);
    expect(described.body).toEqual({ ...second, alt: "Chat with the plugin on" });

    const reordered = await ada.json("PUT", `/plugins/${ada.slug}/screenshots/order`, { ids: [second.id, first.body.id] });
    expect(reordered.status).toBe(200);
    expect(reordered.body.screenshots.map((shot: { id: string }) => shot.id)).toEqual([second.id, first.body.id]);
    expect((await app.json(`/plugins/${ada.slug}`)).body.item.screenshots.map((shot: { alt: string }) => shot.alt)).toEqual([
      "Chat with the plugin on",
      "The settings window",
    ]);
    const mine = await ada.json("GET", "/plugins/mine");
    expect(mine.body.items.find((item: { slug: string }) => item.slug === ada.slug)).toMatchObject({ iconGenerated: true });

    expect((await ada.json("DELETE", `/plugins/${ada.slug}/screenshots/${first.body.id}`)).status).toBe(204);
    expect((await served(first.body.url)).status).toBe(404);
    const again = await ada.json("DELETE", `/plugins/${ada.slug}/screenshots/${first.body.id}`);
    expect(again.status).toBe(404);
    expect(again.body.error).toEqual({ code: "not_found", message: "Your plugin has no such screenshot." });
    expect((await app.json(`/plugins/${ada.slug}`)).body.item.screenshots).toEqual([{ ...second, alt: "Chat with the plugin on" }]);
  });

  it("bad requests: alt text too long (query 400, body 400 validation_error), a wrong order, an unknown screenshot", async () => {
    const ada = await author();
    const long = "x".repeat(pluginMediaLimits.maxAltLength + 1);
    const tooLong = await ada.screenshot(await png(8, 8, 41), long);
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error).toMatchObject({
      code: "bad_request",
      details: [{ path: "alt", message: `Alt text has at most ${pluginMediaLimits.maxAltLength} characters.` }],
    });

    const shot = (await ada.screenshot(await png(8, 8, 42))).body;
    const patched = await ada.json("PATCH", `/plugins/${ada.slug}/screenshots/${shot.id}`, { alt: long });
    expect(patched.status).toBe(400);
    expect(patched.body.error.code).toBe("validation_error");

    const wrong = await ada.json("PUT", `/plugins/${ada.slug}/screenshots/order`, { ids: [shot.id, shot.id] });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toEqual({
      code: "bad_request",
      message: "Name each of the plugin's 1 screenshots once, in the new order.",
      details: { screenshots: [shot.id] },
    });
    const unknown = await ada.json("PATCH", `/plugins/${ada.slug}/screenshots/00000000-0000-4000-8000-000000000000`, { alt: "x" });
    expect(unknown.status).toBe(404);
    const malformed = await ada.json("DELETE", `/plugins/${ada.slug}/screenshots/not-an-id`);
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.code).toBe("bad_request");
    const svg = await ada.screenshot(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="8" height="8"/></svg>'));
    expect(svg.status).toBe(415);
    expect(svg.body.error.message).toMatch(/^SVG pictures are not taken: .* a plugin's screenshot takes PNG, JPEG, WebP or GIF\.$/);
  });

  it(`concurrent uploads past ${pluginMediaLimits.maxScreenshots}: exactly ${pluginMediaLimits.maxScreenshots} succeed (the database decides), the rest 403 limit_reached`, async () => {
    const ada = await author();
    const pictures = await Promise.all(Array.from({ length: 10 }, (_, i) => png(16, 16, 200 + i)));
    clock.nextMinute();
    const results = await raceThroughLock(
      app.database,
      { lockSql: "select id from accounts where id = $1 for update", params: [ada.account.id], racers: 5, ownConnection: true },
      () => pictures.map((picture, i) => ada.screenshot(picture, `racer ${i}`)),
    );
    const answers = results.map((result) => (result.status === "fulfilled" ? result.value : null));
    expect(answers.filter((answer) => answer?.status === 201)).toHaveLength(pluginMediaLimits.maxScreenshots);
    const refused = answers.filter((answer) => answer?.status === 403);
    expect(refused).toHaveLength(10 - pluginMediaLimits.maxScreenshots);
    for (const answer of refused) {
      expect(answer!.body.error).toEqual({
        code: "limit_reached",
        message: `The plugin already has ${pluginMediaLimits.maxScreenshots} screenshots, the most it may have; delete one before adding another.`,
        details: { limit: pluginMediaLimits.maxScreenshots, screenshots: pluginMediaLimits.maxScreenshots },
      });
    }
    clock.nextMinute();
    const detail = await app.json(`/plugins/${ada.slug}`);
    expect(detail.body.item.screenshots).toHaveLength(pluginMediaLimits.maxScreenshots);
    expect(new Set(detail.body.item.screenshots.map((shot: { url: string }) => shot.url)).size).toBe(pluginMediaLimits.maxScreenshots);
  });

  it("the account's storage over all its plugins: concurrent uploads never pass it together; the refused get 403 limit_reached with the usage", async () => {
    const ada = await author();
    const picture = await png(24, 24, 300);
    const size = (await sharp(picture).png().toBuffer()).byteLength;
    // Another plugin of the same account already holds all but room for one and a half of these pictures.
    const other = await insertPlugin(app.deps.db, { slug: `${ada.slug}-other`, ownerId: ada.account.id });
    const filler = await blobStore(app.deps.db).put(await png(4, 4, 301), "image/png");
    const limit = pluginMediaLimits.storageBytesPerAccount;
    const stored = (
      await app.deps.db
        .insert(pluginMedia)
        .values({
          pluginId: other.id,
          accountId: ada.account.id,
          role: "screenshot",
          blobKey: filler.key,
          contentType: "image/png",
          size: 1,
          width: 4,
          height: 4,
        })
        .returning()
    )[0]!;
    // Its real stored size is what the upload's re-encoding makes; measure it with one upload first.
    const probe = await ada.screenshot(picture);
    expect(probe.status).toBe(201);
    const probeSize = (await app.deps.db.select().from(pluginMedia).where(eq(pluginMedia.id, probe.body.id)))[0]!.size;
    await ada.json("DELETE", `/plugins/${ada.slug}/screenshots/${probe.body.id}`);
    const held = limit - Math.floor(probeSize * 1.5);
    await app.deps.db.update(pluginMedia).set({ size: held }).where(eq(pluginMedia.id, stored.id));
    clock.nextMinute();
    const results = await raceThroughLock(
      app.database,
      { lockSql: "select id from accounts where id = $1 for update", params: [ada.account.id], racers: 3, ownConnection: true },
      () => [0, 1, 2].map(() => ada.screenshot(picture)),
    );
    const answers = results.map((result) => (result.status === "fulfilled" ? result.value : null));
    expect(answers.filter((answer) => answer?.status === 201)).toHaveLength(1);
    const refused = answers.filter((answer) => answer?.status === 403);
    expect(refused).toHaveLength(2);
    for (const answer of refused) {
      expect(answer!.body.error).toMatchObject({ code: "limit_reached", details: { limit, usedBytes: held + probeSize, sizeBytes: probeSize } });
      expect(answer!.body.error.message).toMatch(
        /^The screenshot \(.* MiB once stored\) does not fit: your plugins' icons and screenshots may take at most 64 MiB together\./,
      );
    }
    expect(size).toBeGreaterThan(0);
  });
});

describe("a plugin taken down", () => {
  it("stops its pictures at once (404), as its page; restored, they are served again", async () => {
    const ada = await author();
    const shot = (await ada.screenshot(await png(20, 10, 600), "Before")).body;
    expect((await served(shot.url)).status).toBe(200);
    await app.deps.db.update(plugins).set({ status: "taken_down" }).where(eq(plugins.id, ada.plugin.id));
    const gone = await served(shot.url);
    expect(gone.status).toBe(404);
    expect((await gone.json()).error.code).toBe("not_found");
    await app.deps.db.update(plugins).set({ status: "published" }).where(eq(plugins.id, ada.plugin.id));
    expect((await served(shot.url)).status).toBe(200);
  });
});

describe("drawn pictures", () => {
  it("the generated icon: the slug's initials on its colour, the same every time, an SVG that runs nothing", async () => {
    const answer = await app.raw("/api/plugin-media/generated/chat-hello.svg");
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("image/svg+xml; charset=utf-8");
    expect(answer.headers.get("content-security-policy")).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox");
    expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
    const svg = await answer.text();
    expect(svg).toContain(">CH</text>");
    expect(svg).not.toMatch(/<script|href|on[a-z]+=/i);
    expect(await (await app.raw("/api/plugin-media/generated/chat-hello.svg")).text()).toBe(svg);
    expect(await (await app.raw("/api/plugin-media/generated/timer.svg")).text()).toContain(">TI</text>");
    expect((await app.raw("/api/plugin-media/generated/chat-hello.svg", { headers: { "if-none-match": answer.headers.get("etag")! } })).status).toBe(304);
    const bad = await app.raw("/api/plugin-media/generated/%3Cscript%3E.svg");
    expect(bad.status).toBe(404);
    expect((await bad.json()).error.code).toBe("not_found");
  });

  it("the social preview: a 1200×630 PNG of a listed plugin, redrawn when its icon changes; unknown and removed plugins 404", async () => {
    const ada = await author();
    const url = `/api/plugin-media/social/${ada.slug}.png?v=1`;
    const answer = await app.raw(url);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("image/png");
    expect(answer.headers.get("cache-control")).toBe("public, max-age=3600");
    expect(answer.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
    const bytes = await bytesOf(answer);
    expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(await sharp(bytes).metadata()).toMatchObject({ format: "png", width: pluginMediaLimits.social.width, height: pluginMediaLimits.social.height });
    const etag = answer.headers.get("etag")!;
    expect((await app.raw(url, { headers: { "if-none-match": etag } })).status).toBe(304);

    await ada.icon(await png(64, 64, 400));
    const after = await app.raw(url);
    expect(after.status).toBe(200);
    expect(after.headers.get("etag")).not.toBe(etag);

    expect((await app.raw("/api/plugin-media/social/no-such-plugin.png")).status).toBe(404);
    await ada.json("DELETE", `/plugins/${ada.slug}`);
    expect((await app.raw(url)).status).toBe(404);
  });
});

describe("the website's door", () => {
  it("PUT /api/plugins/{slug}/icon and POST /api/plugins/{slug}/screenshots take the session from the site's own pages; cross-site 403, signed out 401", async () => {
    const ada = await author();
    const cookie = await sessionCookie(app, ada.account.id);
    const origin = "http://localhost:3000";
    const icon = await app.raw(`/api/plugins/${ada.slug}/icon`, { method: "PUT", headers: { cookie, origin }, body: await png(16, 16, 500) });
    expect(icon.status).toBe(200);
    expect((await icon.json()).iconGenerated).toBe(false);
    const shot = await app.raw(`/api/plugins/${ada.slug}/screenshots?alt=From%20the%20dashboard`, {
      method: "POST",
      headers: { cookie, origin },
      body: await png(16, 9, 501),
    });
    expect(shot.status).toBe(201);
    expect((await shot.json()).alt).toBe("From the dashboard");

    const crossSite = await app.raw(`/api/plugins/${ada.slug}/icon`, {
      method: "PUT",
      headers: { cookie, origin: "https://evil.example" },
      body: await png(16, 16, 502),
    });
    expect(crossSite.status).toBe(403);
    expect((await crossSite.json()).error).toEqual({ code: "forbidden", message: "Cross-site request refused: uploads must come from this site's own pages." });
    const signedOut = await app.raw(`/api/plugins/${ada.slug}/screenshots`, { method: "POST", headers: { origin }, body: await png(16, 16, 503) });
    expect(signedOut.status).toBe(401);
    expect((await signedOut.json()).error).toEqual({ code: "unauthorized", message: "Sign in on the website to add screenshots to your plugin." });
    const eve = await insertAccount(app.deps.db, { plan: "pro" });
    const others = await app.raw(`/api/plugins/${ada.slug}/icon`, {
      method: "PUT",
      headers: { cookie: await sessionCookie(app, eve.id), origin },
      body: await png(16, 16, 504),
    });
    expect(others.status).toBe(404);
  });
});
