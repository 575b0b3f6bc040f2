/**
 * Uploaded alert sounds (docs/overlays.md#uploaded-alert-sounds) through the real REST core, on PGlite and
 * PostgreSQL: WAV, Ogg and MP3 taken with their type decided from the bytes (a script named .mp3 refused, a picture
 * sent as audio stored as a picture, MP4 refused), the sound cap (413), one storage with pictures under concurrent
 * uploads, the serving headers, another account's sound, delete while an alert plays it (409), and the OBS source's
 * sound route serving an uploaded sound only when its live document names it. The guards of the upload are in the
 * security suite (rest/security.test.ts).
 */
import { randomUUID } from "node:crypto";
import { assetLimits } from "@streamkit/api-contract";
import { assets } from "@streamkit/db";
import { plans } from "@streamkit/plans";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { processSound } from "../../../src/assets/audio";
import { processPicture } from "../../../src/shared/pictures";
import { createTestApp, type TestApp } from "../../support/app";
import { TestClock } from "../../support/clock";
import { eventStream } from "../../support/event-stream";
import { bearer, insertAccount, insertAsset, insertKey } from "../../support/factories";
import { apiCaller, createOverlay, overlayDocument, textLayer } from "../../support/overlays";
import { raceThroughLock } from "../../support/race";
import { sessionCookie } from "../../support/session";
import { mp3File, oggFile, wavFile } from "../../support/sound-files";
import { readTrpc, trpcQuery } from "../../support/trpc";

let app: TestApp;
const clock = new TestClock();
beforeAll(async () => {
  app = await createTestApp({ now: clock.now });
});
afterAll(() => app.close());
beforeEach(() => clock.nextMinute());

async function streamer(plan: "free" | "pro" | "ultimate" = "pro") {
  const account = await insertAccount(app.deps.db, { plan });
  const { key } = await insertKey(app.deps.db, account.id);
  const send = apiCaller(app, key, () => clock.nextMinute());
  return {
    account,
    key,
    send,
    upload: (bytes: Uint8Array | string, name = "sound", contentType = "application/octet-stream") =>
      app.json(`/assets?name=${encodeURIComponent(name)}`, {
        method: "POST",
        headers: { "content-type": contentType, ...bearer(key) },
        body: bytes as BodyInit,
      }),
  };
}

const stored = (accountId: string) => app.deps.db.select().from(assets).where(eq(assets.accountId, accountId));

describe("uploading a sound: the type from the bytes", () => {
  it.each([
    ["a WAV", () => wavFile(400), "audio/wav", "wav"],
    ["an Ogg", () => oggFile(), "audio/ogg", "ogg"],
    ["an MP3", () => mp3File().file, "audio/mpeg", "mp3"],
  ])(
    "%s is a sound of its type, served from its content address with that type, a CSP that runs nothing and a year of caching",
    async (_name, bytes, type, ext) => {
      const sam = await streamer();
      const file = bytes();
      // Declared as something else: the bytes decide.
      const { status, body } = await sam.upload(file, `ding.${ext}`, "image/png");
      expect(status).toBe(201);
      expect(body).toMatchObject({ name: `ding.${ext}`, kind: "sound", contentType: type, size: file.byteLength, width: null, height: null, animated: false });
      expect(body.url).toMatch(new RegExp(`^/api/assets/[0-9a-f]{64}\\.${ext}$`));
      const served = await app.raw(body.url);
      expect(served.status).toBe(200);
      expect(served.headers.get("content-type")).toBe(type);
      expect(served.headers.get("content-length")).toBe(String(file.byteLength));
      expect(served.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
      expect(served.headers.get("x-content-type-options")).toBe("nosniff");
      expect(served.headers.get("cache-control")).toBe(`public, max-age=${assetLimits.maxAgeSeconds}, immutable`);
      expect(Buffer.from(await served.arrayBuffer()).equals(Buffer.from(file))).toBe(true);
    },
  );

  it("an MP3's ID3 tags are dropped: the stored bytes are its frames alone", async () => {
    const sam = await streamer();
    const { file, audio } = mp3File({ tags: true, seed: 5 });
    const { status, body } = await sam.upload(file, "tagged.mp3");
    expect(status).toBe(201);
    expect(body.size).toBe(audio.byteLength);
    const bytes = Buffer.from(await (await app.raw(body.url)).arrayBuffer());
    expect(bytes.equals(Buffer.from(audio))).toBe(true);
    expect(bytes.includes("Private title")).toBe(false);
    expect(bytes.includes("Secret song")).toBe(false);
  });

  it("a script named .mp3 and sent as audio/mpeg is 400 bad_request, and nothing is stored", async () => {
    const sam = await streamer();
    const { status, body } = await sam.upload("<script>alert(document.cookie)</script>", "evil.mp3", "audio/mpeg");
    expect(status).toBe(400);
    expect(body.error.code).toBe("bad_request");
    expect(body.error.message).toBe(
      "The body is not a picture or sound the library can read (its bytes are no image or audio format); send the bytes of a PNG, JPEG, WebP or GIF picture, or an MP3, Ogg, WAV or FLAC sound.",
    );
    expect(await stored(sam.account.id)).toEqual([]);
  });

  it("bytes that only start like audio are 400: a RIFF/WAVE without its chunks, MPEG sync bits without a valid frame", async () => {
    const sam = await streamer();
    const riff = new Uint8Array(64);
    riff.set(new TextEncoder().encode("RIFF\x38\x00\x00\x00WAVEjunk"), 0);
    const wav = await sam.upload(riff, "broken.wav");
    expect(wav.status).toBe(400);
    expect(wav.body.error.message).toMatch(/^The body starts like WAV audio but is not a sound the library can read \(no readable fmt and data chunks\)/);
    const mpeg = await sam.upload(new Uint8Array([0xff, 0xfb, 0xf0, 0x64, ...new Uint8Array(100)]), "broken.mp3");
    expect(mpeg.status).toBe(400);
    expect(mpeg.body.error.message).toMatch(/^The body starts like MP3 audio/);
    expect(await stored(sam.account.id)).toEqual([]);
  });

  it("a picture named .mp3 and sent as audio/mpeg is stored as the picture it is", async () => {
    const sam = await streamer();
    const png = await sharp({ create: { width: 12, height: 8, channels: 3, background: "#336699" } })
      .png()
      .toBuffer();
    const { status, body } = await sam.upload(png, "not-a-song.mp3", "audio/mpeg");
    expect(status).toBe(201);
    expect(body).toMatchObject({ kind: "picture", contentType: "image/png", width: 12, height: 8 });
  });

  it("MP4 audio is 415 unsupported_media_type, naming the sound types taken", async () => {
    const sam = await streamer();
    const mp4 = new Uint8Array(64);
    mp4.set(new TextEncoder().encode("\x00\x00\x00\x20ftypM4A \x00\x00\x00\x00"), 0);
    const { status, body } = await sam.upload(mp4, "song.m4a", "audio/mp4");
    expect(status).toBe(415);
    expect(body.error).toMatchObject({
      code: "unsupported_media_type",
      details: { type: "audio/mp4", accepted: ["audio/mpeg", "audio/ogg", "audio/wav", "audio/flac"] },
    });
  });

  it("a sound past the sound cap is 413 payload_too_large with its size and the cap; nothing is stored", async () => {
    const sam = await streamer();
    const samples = (assetLimits.maxSoundBytes - 44) / 2 + 1;
    const { status, body } = await sam.upload(wavFile(samples), "long.wav");
    expect(status).toBe(413);
    expect(body.error).toMatchObject({
      code: "payload_too_large",
      details: { size: assetLimits.maxSoundBytes + 2, maxSoundBytes: assetLimits.maxSoundBytes },
    });
    expect(await stored(sam.account.id)).toEqual([]);
    // At the cap exactly, a sound is taken (shown with a small cap: a 5 MiB upload is slow on PGlite).
    expect(processSound(wavFile(100), "audio/wav", { maxSoundBytes: 244 }).bytes.byteLength).toBe(244);
    expect(() => processSound(wavFile(100), "audio/wav", { maxSoundBytes: 243 })).toThrow(/at most 243 bytes/);
  });

  it("Free has no storage: 403 plan_required, as for pictures", async () => {
    const fay = await streamer("free");
    const { status, body } = await fay.upload(wavFile(), "ding.wav");
    expect(status).toBe(403);
    expect(body.error.code).toBe("plan_required");
  });
});

describe("one storage for pictures and sounds", () => {
  it("concurrent uploads of pictures and sounds never take the library past the quota: the database decides", async () => {
    const sam = await streamer("pro");
    const picture = await sharp({ create: { width: 40, height: 40, channels: 3, background: "#aa2200" } })
      .png()
      .toBuffer();
    const size = (await processPicture(picture)).bytes.byteLength;
    // A WAV of the picture's stored size (within a byte), so that exactly two of the six fit.
    const sound = wavFile(Math.floor((size - 44) / 2), 9);
    const quota = plans.pro.entitlements.assetStorageBytes;
    const held = quota - Math.floor(size * 2.5);
    await insertAsset(app.deps.db, sam.account.id, { size: held });
    const results = await raceThroughLock(
      app.database,
      { lockSql: "select id from accounts where id = $1 for update", params: [sam.account.id], racers: 6 },
      () => Array.from({ length: 6 }, (_, i) => (i % 2 ? sam.upload(sound, `sound ${i}`) : sam.upload(picture, `picture ${i}`))),
    );
    const answers = results.map((result) => (result.status === "fulfilled" ? result.value : null));
    expect(answers.filter((answer) => answer?.status === 201)).toHaveLength(2);
    const refused = answers.filter((answer) => answer?.status === 403);
    expect(refused).toHaveLength(4);
    for (const answer of refused) {
      expect(answer!.body.error.code).toBe("limit_reached");
      expect(answer!.body.error.message).toMatch(/^The (picture|sound) \(.* MiB once stored\) does not fit: your Pro plan's library holds at most 100 MiB\./);
    }
    const rows = await stored(sam.account.id);
    const total = rows.reduce((sum, row) => sum + row.size, 0);
    expect(total).toBeLessThanOrEqual(quota);
    expect((await sam.send("GET", "/assets")).body.usage).toEqual({ bytes: total, quotaBytes: quota });
  });

  it("lists pictures and sounds together, or one kind with ?kind=", async () => {
    const sam = await streamer("ultimate");
    const ding = (await sam.upload(wavFile(100, 3), "ding")).body.id as string;
    clock.advance(1000);
    const logo = (
      await sam.upload(
        await sharp({ create: { width: 4, height: 4, channels: 3, background: "#000" } })
          .png()
          .toBuffer(),
        "logo",
      )
    ).body.id as string;
    const ids = (answer: { body: { items: { id: string }[] } }) => answer.body.items.map((item) => item.id);
    expect(ids(await sam.send("GET", "/assets"))).toEqual([logo, ding]);
    expect(ids(await sam.send("GET", "/assets?kind=sound"))).toEqual([ding]);
    expect(ids(await sam.send("GET", "/assets?kind=picture"))).toEqual([logo]);
    const bad = await sam.send("GET", "/assets?kind=video");
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe("bad_request");
  });
});

/** A document whose donations play `donation` (an alert sound source), with a text layer. */
const withAlertSound = (sound: unknown) => ({
  ...overlayDocument([textLayer("who", "{{plugin.alerts.name}}")]),
  alertSounds: { donation: { sound, volume: 0.5 } },
});

describe("another account's sound, and deleting one an alert plays", () => {
  it("another account's sound is 404 to read, rename and delete", async () => {
    const sam = await streamer();
    const eve = await streamer();
    const id = (await sam.upload(wavFile(100, 4), "mine")).body.id as string;
    expect((await eve.send("GET", `/assets/${id}`)).status).toBe(404);
    expect((await eve.send("PATCH", `/assets/${id}`, { name: "stolen" })).status).toBe(404);
    const removed = await eve.send("DELETE", `/assets/${id}`);
    expect(removed.status).toBe(404);
    expect(removed.body.error).toEqual({ code: "not_found", message: "No such picture or sound in your asset library." });
  });

  it("deleting a sound an overlay's alert plays is 409 asset_in_use naming the overlay; usedBy shows it; once taken out, 204", async () => {
    const sam = await streamer();
    const id = (await sam.upload(wavFile(100, 5), "horn")).body.id as string;
    const overlay = await createOverlay(sam.send, withAlertSound({ kind: "asset", id }), "Horn scene");
    const refused = await sam.send("DELETE", `/assets/${id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toEqual({
      code: "asset_in_use",
      message: 'The sound is played by the alerts of the overlay "Horn scene"; remove it from that overlay (and publish) before deleting it.',
      details: { overlays: [{ overlayId: overlay.id, name: "Horn scene" }] },
    });
    expect((await sam.send("GET", `/assets/${id}`)).body.usedBy).toEqual([{ overlayId: overlay.id, name: "Horn scene" }]);
    // Taken out of the current document (and so of the live one): an older revision naming it does not count.
    expect((await sam.send("PUT", `/overlays/${overlay.id}`, { baseRev: 1, document: overlayDocument([]) })).status).toBe(200);
    expect((await sam.send("DELETE", `/assets/${id}`)).status).toBe(204);
    expect(await stored(sam.account.id)).toEqual([]);
  });
});

describe("the OBS source plays an uploaded sound", () => {
  it("the alert event names it as an asset; the token's route serves it with ranges; a sound the document does not name is 404", async () => {
    const sam = await streamer();
    const wav = wavFile(600, 6);
    const id = (await sam.upload(wav, "chime")).body.id as string;
    const unnamed = (await sam.upload(wavFile(600, 7), "other")).body.id as string;
    const overlay = await createOverlay(sam.send, withAlertSound({ kind: "asset", id }), "Chime scene");
    const source = eventStream(await app.raw(`/api/overlay-source/${overlay.token}/events`));
    expect((await source.next())!.id).toBe("1");
    const fired = await sam.send("POST", `/overlays/${overlay.id}/test-alerts`, { alert: { type: "donation", name: "Ada", amount: 5, currency: "EUR" } });
    expect(fired.status).toBe(202);
    expect(JSON.parse((await source.next())!.data).sound).toEqual({ id, kind: "asset", volume: 0.5 });
    await source.close();

    const sound = (soundId: string, headers: Record<string, string> = {}) => app.raw(`/api/overlay-source/${overlay.token}/sounds/${soundId}`, { headers });
    const whole = await sound(id);
    expect(whole.status).toBe(200);
    expect(whole.headers.get("content-type")).toBe("audio/wav");
    expect(whole.headers.get("content-length")).toBe(String(wav.byteLength));
    expect(whole.headers.get("accept-ranges")).toBe("bytes");
    expect(whole.headers.get("cache-control")).toMatch(/^private, max-age=\d+, immutable$/);
    expect(Buffer.from(await whole.arrayBuffer()).equals(Buffer.from(wav))).toBe(true);
    const part = await sound(id, { range: "bytes=10-19" });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer()).equals(Buffer.from(wav.subarray(10, 20)))).toBe(true);
    // The account's other sound, which the document does not name: 404 in the envelope.
    for (const refused of [await sound(unnamed), await sound(randomUUID())]) {
      expect(refused.status).toBe(404);
      expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("not_found");
    }
  });

  it("a document naming another account's sound, or a picture, plays nothing: the route is 404 and delete is not blocked for the other account", async () => {
    const sam = await streamer();
    const eve = await streamer();
    const eves = (await eve.upload(wavFile(100, 8), "eve's")).body.id as string;
    const picture = (
      await sam.upload(
        await sharp({ create: { width: 4, height: 4, channels: 3, background: "#fff" } })
          .png()
          .toBuffer(),
        "pic",
      )
    ).body.id as string;
    const overlay = await createOverlay(sam.send, {
      ...withAlertSound({ kind: "asset", id: eves }),
      alertSounds: { donation: { sound: { kind: "asset", id: eves }, volume: 1 }, raid: { sound: { kind: "asset", id: picture }, volume: 1 } },
    });
    expect((await app.raw(`/api/overlay-source/${overlay.token}/sounds/${eves}`)).status).toBe(404);
    expect((await app.raw(`/api/overlay-source/${overlay.token}/sounds/${picture}`)).status).toBe(404);
    expect((await eve.send("DELETE", `/assets/${eves}`)).status).toBe(204);
  });
});

describe("the editor's sounds (overlays.soundAssets, the website's own)", () => {
  it("lists the signed-in account's sounds, newest first, and no pictures or other account's", async () => {
    const sam = await streamer();
    const eve = await streamer();
    const first = (await sam.upload(wavFile(100, 10), "First")).body;
    clock.advance(1000);
    const second = (await sam.upload(oggFile(3), "Second")).body;
    await sam.upload(
      await sharp({ create: { width: 4, height: 4, channels: 3, background: "#123" } })
        .png()
        .toBuffer(),
      "Picture",
    );
    await eve.upload(wavFile(100, 11), "Eve's");
    const cookie = await sessionCookie(app, sam.account.id);
    const { status, data } = await readTrpc(await trpcQuery(app, "overlays.soundAssets", undefined, { cookie }));
    expect(status).toBe(200);
    expect(data.items).toEqual([
      { id: second.id, name: "Second", url: second.url },
      { id: first.id, name: "First", url: first.url },
    ]);
    expect((await trpcQuery(app, "overlays.soundAssets", undefined)).status).toBe(401);
  });
});
