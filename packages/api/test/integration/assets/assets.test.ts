/**
 * The asset library through the real REST core (docs/overlays.md#pictures-and-the-asset-library,
 * docs/api.md#assets), on PGlite and PostgreSQL: types decided from the bytes
 * (a PNG named .gif, a script named .png, a polyglot, SVG), every limit (413
 * while reading, sides, frames), the plan's storage under concurrent uploads,
 * EXIF gone, another account's picture, delete while an overlay draws it, the
 * blob's removal, the serving headers, the website's door and resolveAssets.
 * The guards of every operation are in the security suite (rest/security.test.ts).
 */
import { assetLimits } from "@streamkit/api-contract";
import { accounts, assets, blobs, overlayRevisions, overlays } from "@streamkit/db";
import { plans } from "@streamkit/plans";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { resolveAssets } from "../../../src/assets";
import { processPicture } from "../../../src/shared/pictures";
import { createTestApp, type TestApp } from "../../support/app";
import { TestClock } from "../../support/clock";
import { bearer, insertAccount, insertAsset, insertKey } from "../../support/factories";
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

async function animatedGif(frames = 3): Promise<Buffer> {
  const pages = await Promise.all(
    Array.from({ length: frames }, (_, i) =>
      sharp({ create: { width: 20, height: 10, channels: 4, background: `#${(i * 40).toString(16).padStart(2, "0")}0000` } })
        .png()
        .toBuffer(),
    ),
  );
  return sharp(pages, { join: { animated: true } })
    .gif({ delay: pages.map(() => 100) })
    .toBuffer();
}

async function streamer(plan: "free" | "pro" | "ultimate" = "pro") {
  const account = await insertAccount(app.deps.db, { plan });
  const { key } = await insertKey(app.deps.db, account.id);
  const auth = bearer(key);
  return {
    account,
    key,
    upload: (bytes: Uint8Array | string, name = "picture", headers: Record<string, string> = {}) =>
      app.json(`/assets?name=${encodeURIComponent(name)}`, {
        method: "POST",
        headers: { "content-type": "application/octet-stream", ...auth, ...headers },
        body: bytes as BodyInit,
      }),
    json: (method: string, path: string, body?: unknown) =>
      app.json(path, {
        method,
        headers: { ...auth, ...(body === undefined ? {} : { "content-type": "application/json" }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
  };
}

const served = (url: string, headers: Record<string, string> = {}) => app.raw(url, { headers });

describe("uploading: the type is decided from the bytes", () => {
  it("a PNG named .gif and sent as image/gif is stored and served as a PNG, with its dimensions", async () => {
    const sam = await streamer();
    const { status, body, headers } = await sam.upload(await png(64, 48), "alert.gif", { "content-type": "image/gif" });
    expect(status).toBe(201);
    expect(body).toMatchObject({ name: "alert.gif", contentType: "image/png", width: 64, height: 48, animated: false });
    expect(body.url).toMatch(/^\/api\/assets\/[0-9a-f]{64}\.png$/);
    expect(headers.get("location")).toBe(`/api/v1/assets/${body.id}`);
    expect(headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(headers.get("cache-control")).toBe("no-store");
    // Counted before the body was read, against the key's plan limit.
    expect(headers.get("x-ratelimit-limit")).toBe("10");
    expect(headers.get("x-ratelimit-remaining")).toBe("9");
    expect(Object.keys(body).sort()).toEqual(["animated", "contentType", "createdAt", "height", "id", "kind", "name", "size", "updatedAt", "url", "width"]);
    const answer = await served(body.url);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("image/png");
    const bytes = Buffer.from(await answer.arrayBuffer());
    expect(bytes.byteLength).toBe(body.size);
    expect((await sharp(bytes).metadata()).format).toBe("png");
  });

  it("a script named .png is 400 bad_request, and nothing is stored", async () => {
    const sam = await streamer();
    const { status, body } = await sam.upload("<script>alert(document.cookie)</script>", "evil.png", { "content-type": "image/png" });
    expect(status).toBe(400);
    expect(body).toEqual({
      error: {
        code: "bad_request",
        message:
          "The body is not a picture or sound the library can read (its bytes are no image or audio format); send the bytes of a PNG, JPEG, WebP or GIF picture, or an MP3, Ogg, WAV or FLAC sound.",
      },
    });
    expect(await app.deps.db.select().from(assets).where(eq(assets.accountId, sam.account.id))).toEqual([]);
  });

  it("a polyglot (a PNG with a script after its end) is neutralised: the stored bytes are a re-encoded PNG without the script", async () => {
    const sam = await streamer();
    const polyglot = Buffer.concat([await png(16, 16, 7), Buffer.from("<html><script>alert(1)</script></html>")]);
    const { status, body } = await sam.upload(polyglot, "innocent.png");
    expect(status).toBe(201);
    expect(body.contentType).toBe("image/png");
    const bytes = Buffer.from(await (await served(body.url)).arrayBuffer());
    expect(bytes.includes("<script")).toBe(false);
    expect(bytes.equals(polyglot)).toBe(false);
  });

  it("SVG is 415 unsupported_media_type, even sent as image/png", async () => {
    const sam = await streamer();
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>';
    const { status, body } = await sam.upload(svg, "logo.png", { "content-type": "image/png" });
    expect(status).toBe(415);
    expect(body.error).toEqual({
      code: "unsupported_media_type",
      message: "SVG pictures are not taken: they can carry scripts and outside loads. Export it as PNG or WebP; the library takes PNG, JPEG, WebP or GIF.",
      details: { type: "image/svg+xml", accepted: ["image/png", "image/jpeg", "image/webp", "image/gif"] },
    });
  });

  it("another image type (TIFF) is 415 unsupported_media_type", async () => {
    const sam = await streamer();
    const tiff = await sharp({ create: { width: 4, height: 4, channels: 3, background: "#123456" } })
      .tiff()
      .toBuffer();
    const { status, body } = await sam.upload(tiff, "scan.tiff");
    expect(status).toBe(415);
    expect(body.error).toMatchObject({ code: "unsupported_media_type", message: "TIFF pictures are not taken; the library takes PNG, JPEG, WebP or GIF." });
  });

  it("a truncated picture and an empty body are 400 bad_request", async () => {
    const sam = await streamer();
    const whole = await sharp({ create: { width: 200, height: 200, channels: 3, background: "#00ff00" } })
      .jpeg()
      .toBuffer();
    const truncated = await sam.upload(whole.subarray(0, 40), "cut.jpg");
    expect(truncated.status).toBe(400);
    expect(truncated.body.error.code).toBe("bad_request");
    const empty = await sam.upload(new Uint8Array(0), "nothing");
    expect(empty.status).toBe(400);
    expect(empty.body.error).toEqual({ code: "bad_request", message: "The body is empty; send the bytes of a PNG, JPEG, WebP or GIF picture, or of a sound." });
  });

  it("an animated GIF keeps its frames (animated: true, the height of one frame); an animated WebP too", async () => {
    const sam = await streamer();
    const gif = await sam.upload(await animatedGif(3), "hype.gif");
    expect(gif.status).toBe(201);
    expect(gif.body).toMatchObject({ contentType: "image/gif", width: 20, height: 10, animated: true });
    expect(gif.body.url).toMatch(/\.gif$/);
    const stored = Buffer.from(await (await served(gif.body.url)).arrayBuffer());
    expect((await sharp(stored, { animated: true }).metadata()).pages).toBe(3);
    const webp = await sharp(await animatedGif(2), { animated: true })
      .webp()
      .toBuffer();
    const answer = await sam.upload(webp, "hype.webp");
    expect(answer.body).toMatchObject({ contentType: "image/webp", width: 20, height: 10, animated: true });
    expect(answer.body.url).toMatch(/\.webp$/);
  });

  it("EXIF is gone (camera, GPS, orientation applied) and the colour profile dropped; a JPEG stays a JPEG", async () => {
    const sam = await streamer();
    const jpeg = await sharp(await png(40, 20))
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExifMerge({ IFD0: { Copyright: "secret-camera-owner", Make: "SecretCam" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "51/1 30/1 0/1" } })
      .toBuffer();
    const before = await sharp(jpeg).metadata();
    expect(before.exif).toBeDefined();
    expect(jpeg.includes("secret-camera-owner")).toBe(true);
    const { status, body } = await sam.upload(jpeg, "photo.jpg");
    expect(status).toBe(201);
    // Orientation 6 turns it a quarter: 40×20 becomes 20×40.
    expect(body).toMatchObject({ contentType: "image/jpeg", width: 20, height: 40 });
    expect(body.url).toMatch(/\.jpg$/);
    const bytes = Buffer.from(await (await served(body.url)).arrayBuffer());
    const after = await sharp(bytes).metadata();
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.icc).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect(bytes.includes("secret-camera-owner")).toBe(false);
    expect(bytes.includes("SecretCam")).toBe(false);
  });
});

describe("uploading: limits", () => {
  it("a body past the upload cap is 413 payload_too_large by its Content-Length, before it is read", async () => {
    const sam = await streamer();
    const { status, body } = await sam.upload(new Uint8Array(assetLimits.maxUploadBytes + 1), "huge");
    expect(status).toBe(413);
    expect(body.error).toEqual({
      code: "payload_too_large",
      message: `The request body is larger than the limit of ${assetLimits.maxUploadBytes} bytes.`,
      details: { limit: assetLimits.maxUploadBytes },
    });
  });

  it("a streamed body is refused as soon as it passes the cap, never read to its end", async () => {
    const sam = await streamer();
    const chunk = new Uint8Array(1024 * 1024);
    let pulled = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        if (pulled > 64) controller.close();
        else controller.enqueue(chunk);
      },
    });
    const response = await app.request("/assets?name=stream", {
      method: "POST",
      headers: bearer(sam.key),
      body: stream,
      duplex: "half",
    } as RequestInit);
    expect(response.status).toBe(413);
    expect((await response.json()).error.code).toBe("payload_too_large");
    // 10 MiB of 64: the cap plus the few chunks the stream had queued.
    expect(pulled).toBeLessThan(16);
  });

  it("a side past the limit is 413 with the picture's size in details, decided from the headers", async () => {
    const sam = await streamer();
    const wide = await sharp({ create: { width: assetLimits.maxSide + 1, height: 2, channels: 3, background: "#000000" } })
      .png()
      .toBuffer();
    const { status, body } = await sam.upload(wide, "banner");
    expect(status).toBe(413);
    expect(body.error).toEqual({
      code: "payload_too_large",
      message: `The picture is ${assetLimits.maxSide + 1}×2 pixels; each side may be at most ${assetLimits.maxSide}.`,
      details: {
        width: assetLimits.maxSide + 1,
        height: 2,
        frames: 1,
        maxSide: assetLimits.maxSide,
        maxPixels: assetLimits.maxPixels,
        maxFrames: assetLimits.maxFrames,
        maxTotalPixels: assetLimits.maxTotalPixels,
      },
    });
  });

  it("pixels past the limit (a decompression bomb: small file, huge picture) are 413 without decoding", async () => {
    const sam = await streamer();
    const bomb = await sharp({ create: { width: 4097, height: 4097, channels: 3, background: "#000000" } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.byteLength).toBeLessThan(assetLimits.maxUploadBytes);
    const { status, body } = await sam.upload(bomb, "bomb");
    expect(status).toBe(413);
    expect(body.error.message).toBe(`The picture has 16785409 pixels (4097×4097); at most ${assetLimits.maxPixels} are taken.`);
  });

  it("an animation of more frames than the limit is 413, decided from its headers", async () => {
    const sam = await streamer();
    // Frames told apart by their pixels (the encoder merges identical ones): one bit of the frame's number per pixel.
    const frames = await Promise.all(
      Array.from({ length: assetLimits.maxFrames + 1 }, (_, i) => {
        const raw = Buffer.alloc(4 * 4 * 3);
        for (let bit = 0; bit < 16; bit++) raw.fill((i >> bit) & 1 ? 255 : 0, bit * 3, bit * 3 + 3);
        return sharp(raw, { raw: { width: 4, height: 4, channels: 3 } })
          .png()
          .toBuffer();
      }),
    );
    const gif = await sharp(frames, { join: { animated: true } })
      .gif()
      .toBuffer();
    const { status, body } = await sam.upload(new Uint8Array(gif), "flipbook.gif");
    expect(status).toBe(413);
    expect(body.error).toMatchObject({
      code: "payload_too_large",
      message: `The animation has ${assetLimits.maxFrames + 1} frames; at most ${assetLimits.maxFrames} are taken.`,
      details: { width: 4, height: 4, frames: assetLimits.maxFrames + 1 },
    });
  });

  it("frames and pixels of all frames past tighter limits are 413 (the same checks)", async () => {
    const limits = { ...assetLimits, maxFrames: 2 };
    await expect(processPicture(await animatedGif(3), limits)).rejects.toMatchObject({
      code: "payload_too_large",
      message: "The animation has 3 frames; at most 2 are taken.",
    });
    await expect(processPicture(await animatedGif(3), { ...assetLimits, maxTotalPixels: 500 })).rejects.toMatchObject({
      code: "payload_too_large",
      message: "The animation has 600 pixels in all its frames; at most 500 are taken.",
    });
  });

  it("a name is required, 1 to 100 characters: 400 bad_request naming it, before the body is read", async () => {
    const sam = await streamer();
    const none = await app.json("/assets", { method: "POST", headers: bearer(sam.key), body: await png() });
    expect(none.status).toBe(400);
    expect(none.body.error).toMatchObject({ code: "bad_request", details: [{ path: "name" }] });
    const long = await sam.upload(await png(), "x".repeat(101));
    expect(long.body.error).toEqual({
      code: "bad_request",
      message: "Invalid query parameter — name: A name has at most 100 characters. Send it as ?name=<name>.",
      details: [{ path: "name", message: "A name has at most 100 characters." }],
    });
    // Checked before the body: an oversized body with a bad name is still 400.
    const both = await sam.upload(new Uint8Array(assetLimits.maxUploadBytes + 1), "   ");
    expect(both.body.error).toMatchObject({ code: "bad_request", details: [{ path: "name", message: "Give the picture or sound a name." }] });
  });
});

describe("the plan's storage", () => {
  it("Free has none: 403 plan_required naming Pro, body unread", async () => {
    const fay = await streamer("free");
    const { status, body, headers } = await fay.upload(await png(), "x");
    expect(status).toBe(403);
    expect(headers.get("x-ratelimit-remaining")).toBe("9");
    expect(body.error).toEqual({
      code: "plan_required",
      message: "This needs the Pro plan or higher; the account is on Free.",
      details: { requiredPlan: "pro" },
    });
  });

  it("concurrent uploads never take the library past the quota: the database decides; the refused get 403 limit_reached with the usage", async () => {
    const sam = await streamer("pro");
    const picture = await png(32, 32, 3);
    const size = (await processPicture(picture)).bytes.byteLength;
    const quota = plans.pro.entitlements.assetStorageBytes;
    // The library already holds all but room for two and a half of these pictures.
    const held = quota - Math.floor(size * 2.5);
    await insertAsset(app.deps.db, sam.account.id, { size: held });
    const results = await raceThroughLock(
      app.database,
      { lockSql: "select id from accounts where id = $1 for update", params: [sam.account.id], racers: 5 },
      () => Array.from({ length: 5 }, (_, i) => sam.upload(picture, `racer ${i}`)),
    );
    const answers = results.map((result) => (result.status === "fulfilled" ? result.value : null));
    expect(answers.filter((answer) => answer?.status === 201)).toHaveLength(2);
    const refused = answers.filter((answer) => answer?.status === 403);
    expect(refused).toHaveLength(3);
    for (const answer of refused) {
      expect(answer!.body.error).toMatchObject({ code: "limit_reached", details: { limit: quota, usedBytes: held + 2 * size, sizeBytes: size } });
      expect(answer!.body.error.message).toMatch(/^The picture \(.* MiB once stored\) does not fit: your Pro plan's library holds at most 100 MiB\./);
    }
    const list = await sam.json("GET", "/assets");
    expect(list.body.usage).toEqual({ bytes: held + 2 * size, quotaBytes: quota });
    expect(list.body.usage.bytes).toBeLessThanOrEqual(quota);
  });
});

describe("list, read, rename", () => {
  it("lists newest first with the usage, pages with the cursor codec, reads one with usedBy, renames", async () => {
    const sam = await streamer("ultimate");
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      ids.push((await sam.upload(await png(8, 8, 10 + i), `p${i}`)).body.id);
      clock.advance(1000);
    }
    const first = await sam.json("GET", "/assets?limit=2");
    expect(first.status).toBe(200);
    expect(first.body.items.map((item: { id: string }) => item.id)).toEqual([ids[2], ids[1]]);
    expect(first.body.usage.quotaBytes).toBe(plans.ultimate.entitlements.assetStorageBytes);
    expect(first.body.usage.bytes).toBe(first.body.items[0].size + first.body.items[1].size + (await sam.json("GET", `/assets/${ids[0]}`)).body.size);
    const second = await sam.json("GET", `/assets?limit=2&cursor=${first.body.nextCursor}`);
    expect(second.body.items.map((item: { id: string }) => item.id)).toEqual([ids[0]]);
    expect(second.body.nextCursor).toBeNull();
    const forged = await sam.json("GET", "/assets?cursor=bm9wZQ");
    expect(forged.status).toBe(400);
    expect(forged.body.error.code).toBe("bad_request");

    clock.nextMinute();
    const one = await sam.json("GET", `/assets/${ids[1]}`);
    expect(one.body).toMatchObject({ id: ids[1], name: "p1", usedBy: [] });
    const renamed = await sam.json("PATCH", `/assets/${ids[1]}`, { name: "  Raid banner  " });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ id: ids[1], name: "Raid banner", url: one.body.url });
    expect(renamed.body.updatedAt).not.toBe(one.body.updatedAt);
    const empty = await sam.json("PATCH", `/assets/${ids[1]}`, { name: " " });
    expect(empty.status).toBe(400);
    expect(empty.body.error).toMatchObject({ code: "validation_error", details: [{ path: "name", message: "Give the picture or sound a name." }] });
    const malformed = await sam.json("GET", "/assets/not-an-id");
    expect(malformed.status).toBe(400);
  });

  it("another account's picture is 404 on read, rename and delete, and its address still serves (it is public by content)", async () => {
    const sam = await streamer();
    const other = await streamer();
    const theirs = await other.upload(await png(8, 8, 42), "theirs");
    for (const [method, body] of [["GET"], ["PATCH", { name: "mine now" }], ["DELETE"]] as const) {
      const answer = await sam.json(method, `/assets/${theirs.body.id}`, body);
      expect(answer.status, method).toBe(404);
      expect(answer.body).toEqual({ error: { code: "not_found", message: "No such picture or sound in your asset library." } });
    }
    expect((await sam.json("GET", "/assets")).body.items).toEqual([]);
    expect((await other.json("GET", `/assets/${theirs.body.id}`)).body.name).toBe("theirs");
  });
});

describe("delete", () => {
  const documentWith = (assetId: string | null) => ({
    schema: 1,
    canvas: { width: 100, height: 100 },
    layers: assetId
      ? [
          {
            type: "picture",
            id: "pic",
            name: "Picture",
            frame: { x: 0, y: 0, w: 10, h: 10 },
            props: { source: { kind: "asset", id: assetId }, fit: "contain" },
          },
        ]
      : [],
  });

  it("is refused with 409 asset_in_use naming the overlays whose current or live document draws it; allowed once none does", async () => {
    const sam = await streamer();
    const { body: asset } = await sam.upload(await png(8, 8, 77), "logo");
    const db = app.deps.db;
    const [current] = await db
      .insert(overlays)
      .values({ accountId: sam.account.id, name: "Current", plan: "pro", document: documentWith(asset.id) })
      .returning();
    // A draft took the picture out; the live rev (1, kept in the history) still draws it.
    const [live] = await db
      .insert(overlays)
      .values({ accountId: sam.account.id, name: "Live", plan: "pro", rev: 2, liveRev: 1, document: documentWith(null) })
      .returning();
    await db
      .insert(overlayRevisions)
      .values({ overlayId: live!.id, rev: 1, document: documentWith(asset.id), savedBy: sam.account.id, savedAt: clock.now(), bytes: 100 });
    // Another account naming the id does not count; nor does an old revision that is not live.
    const other = await insertAccount(db, { plan: "pro" });
    await db.insert(overlays).values({ accountId: other.id, name: "Someone else's", plan: "pro", document: documentWith(asset.id) });

    // Served (and so kept in the process's memory) before the delete: the delete still stops it.
    expect((await served(asset.url)).status).toBe(200);
    const refused = await sam.json("DELETE", `/assets/${asset.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      error: {
        code: "asset_in_use",
        message: "The picture is drawn by 2 overlays; remove it from them (and publish) before deleting it.",
        details: {
          overlays: [
            { overlayId: current!.id, name: "Current" },
            { overlayId: live!.id, name: "Live" },
          ],
        },
      },
    });
    expect((await sam.json("GET", `/assets/${asset.id}`)).body.usedBy).toHaveLength(2);

    await db
      .update(overlays)
      .set({ document: documentWith(null) })
      .where(eq(overlays.id, current!.id));
    await db.update(overlays).set({ liveRev: 2 }).where(eq(overlays.id, live!.id));
    clock.nextMinute();
    const deleted = await sam.json("DELETE", `/assets/${asset.id}`);
    expect(deleted.status).toBe(204);
    expect(deleted.body).toBeUndefined();
    expect((await sam.json("DELETE", `/assets/${asset.id}`)).status).toBe(404);
    expect((await served(asset.url)).status).toBe(404);
  });

  it("the blob goes with the last asset holding the content; deleting an account removes its pictures and their blobs", async () => {
    const sam = await streamer();
    const ann = await streamer();
    const picture = await png(8, 8, 99);
    const first = await sam.upload(picture, "one");
    const second = await ann.upload(picture, "same bytes");
    expect(second.body.url).toBe(first.body.url);
    const key = first.body.url.slice("/api/assets/".length, -".png".length);
    const blobRow = () => app.deps.db.select({ key: blobs.key }).from(blobs).where(eq(blobs.key, key));

    expect((await sam.json("DELETE", `/assets/${first.body.id}`)).status).toBe(204);
    expect(await blobRow()).toHaveLength(1);
    expect((await served(second.body.url)).status).toBe(200);

    await app.deps.db.delete(accounts).where(eq(accounts.id, ann.account.id));
    expect(await app.deps.db.select().from(assets).where(eq(assets.accountId, ann.account.id))).toEqual([]);
    expect(await blobRow()).toEqual([]);
    expect((await served(second.body.url)).status).toBe(404);
  });
});

describe("the blob under concurrency", () => {
  it("deleting the last picture of a content while another account uploads the same bytes: both succeed and the new picture serves", async () => {
    const sam = await streamer();
    const ann = await streamer();
    const picture = await png(8, 8, 321);
    const first = await sam.upload(picture, "going");
    const key = first.body.url.slice("/api/assets/".length, -".png".length);
    // The gate holds the blob's row: the delete's trigger and the upload's foreign key both wait on it, then go in either order.
    const results = await raceThroughLock(app.database, { lockSql: "select key from blobs where key = $1 for update", params: [key], racers: 2 }, () => [
      sam.json("DELETE", `/assets/${first.body.id}`),
      ann.upload(picture, "coming"),
    ]);
    const [deleted, uploaded] = results.map((result) => (result.status === "fulfilled" ? result.value : null));
    expect(deleted?.status).toBe(204);
    expect(uploaded?.status).toBe(201);
    const url = uploaded!.body.url;
    expect(url).toBe(first.body.url);
    const answer = await served(url);
    expect(answer.status).toBe(200);
    expect(Buffer.from(await answer.arrayBuffer()).byteLength).toBe(first.body.size);
  });
});

describe("serving", () => {
  it("answers the bytes with immutable caching, a strong ETag, 304, a CSP that runs nothing, nosniff and CORP; HEAD the headers", async () => {
    const sam = await streamer();
    const { body: asset } = await sam.upload(await png(12, 12, 5), "badge");
    const key = asset.url.slice("/api/assets/".length, -".png".length);
    const answer = await served(asset.url);
    expect(answer.status).toBe(200);
    const expected = {
      "cache-control": "public, max-age=31536000, immutable",
      etag: `"${key}"`,
      "content-type": "image/png",
      "content-length": String(asset.size),
      "x-content-type-options": "nosniff",
      "content-security-policy": "default-src 'none'; sandbox",
      "cross-origin-resource-policy": "same-origin",
    };
    for (const [name, value] of Object.entries(expected)) expect(answer.headers.get(name), name).toBe(value);
    expect(answer.headers.get("set-cookie")).toBeNull();
    expect(answer.headers.get("x-request-id")).toBeTruthy();
    await answer.arrayBuffer();

    const again = await served(asset.url, { "if-none-match": `"${key}"` });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    expect(again.headers.get("etag")).toBe(`"${key}"`);
    expect(again.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");

    const head = await app.raw(asset.url, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-length")).toBe(String(asset.size));
    expect(await head.text()).toBe("");
  });

  it("404 in the envelope for an unknown key, the wrong extension, a malformed name; other methods are 404", async () => {
    const sam = await streamer();
    const { body: asset } = await sam.upload(await png(12, 12, 6), "badge");
    const key = asset.url.slice("/api/assets/".length, -".png".length);
    for (const url of [
      `/api/assets/${"0".repeat(64)}.png`,
      `/api/assets/${key}.gif`,
      `/api/assets/${key}.svg`,
      `/api/assets/${key}`,
      "/api/assets/..%2F..%2Fetc.png",
    ]) {
      const answer = await served(url);
      expect(answer.status, url).toBe(404);
      const body = await answer.json();
      expect(body.error.code, url).toBe("not_found");
      expect(answer.headers.get("cache-control"), url).not.toContain("immutable");
    }
    expect((await app.raw(asset.url, { method: "DELETE" })).status).toBe(404);
  });
});

describe("the website's door, POST /api/assets", () => {
  it("takes the session from the site's own pages; refuses cross-site posts (403 forbidden) and no session (401)", async () => {
    const account = await insertAccount(app.deps.db, { plan: "pro" });
    const cookie = await sessionCookie(app, account.id);
    const picture = await png(10, 10, 123);
    const ok = await app.raw("/api/assets?name=From%20the%20editor", { method: "POST", headers: { cookie, origin: "http://localhost:3000" }, body: picture });
    expect(ok.status).toBe(201);
    expect(await ok.json()).toMatchObject({ name: "From the editor", contentType: "image/png" });

    const crossSite = await app.raw("/api/assets?name=x", { method: "POST", headers: { cookie, origin: "https://evil.example" }, body: picture });
    expect(crossSite.status).toBe(403);
    expect((await crossSite.json()).error).toEqual({ code: "forbidden", message: "Cross-site request refused: uploads must come from this site's own pages." });

    const anonymous = await app.raw("/api/assets?name=x", { method: "POST", headers: { origin: "http://localhost:3000" }, body: picture });
    expect(anonymous.status).toBe(401);
    expect((await anonymous.json()).error.code).toBe("unauthorized");

    const free = await insertAccount(app.deps.db, { plan: "free" });
    const freeAnswer = await app.raw("/api/assets?name=x", {
      method: "POST",
      headers: { cookie: await sessionCookie(app, free.id), origin: "http://localhost:3000" },
      body: picture,
    });
    expect(freeAnswer.status).toBe(403);
    expect((await freeAnswer.json()).error.code).toBe("plan_required");
  });
});

describe("resolveAssets (what picture layers draw)", () => {
  it("answers the account's own assets by id in one query; other accounts', unknown ids and non-UUIDs are left out", async () => {
    const sam = await streamer();
    const other = await streamer();
    const mine = (await sam.upload(await png(30, 20, 200), "mine")).body;
    const theirs = (await other.upload(await png(30, 20, 201), "theirs")).body;
    const resolved = await resolveAssets(app.deps.db, sam.account.id, [
      mine.id,
      theirs.id,
      "00000000-0000-4000-8000-000000000000",
      "not-a-uuid",
      "' or 1=1 --",
    ]);
    expect(resolved).toEqual({ [mine.id]: { url: mine.url, width: 30, height: 20 } });
    expect(await resolveAssets(app.deps.db, sam.account.id, [])).toEqual({});
    expect(await resolveAssets(app.deps.db, sam.account.id, ["nope"])).toEqual({});
  });
});
