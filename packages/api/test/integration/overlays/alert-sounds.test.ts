/**
 * Alert sounds on the OBS source (docs/overlays.md#alert-sounds): a test alert's `alert` event names the sound the live
 * document plays for its type (or the default) with its volume, and the source fetches it from
 * GET /api/overlay-source/{token}/sounds/{soundId} — the catalogue's audio answer (ranges, ETag, caching) only while the
 * address is live, the overlay unlocked, and its live document names the sound; otherwise 404 in the envelope.
 */
import { randomUUID } from "node:crypto";
import { accounts, blobChunks, sounds } from "@streamkit/db";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../support/app";
import { TestClock } from "../../support/clock";
import { eventStream } from "../../support/event-stream";
import { insertAccount, insertDesktopTokens } from "../../support/factories";
import { apiCaller, createOverlay, overlayDocument, textLayer } from "../../support/overlays";
import { settleKeptCallers } from "../../../src/accounts/principal";

let app: TestApp;
const clock = new TestClock();
/** Two seeded catalogue sounds: thunder (with its bytes, read from its blob's chunks) and another. */
let thunder: { id: string; size: number; blobKey: string; format: string; bytes: Buffer };
let other: { id: string };
beforeAll(async () => {
  app = await createTestApp({ now: clock.now });
  const rows = await app.deps.db.select().from(sounds).orderBy(asc(sounds.slug));
  const row = rows.find((sound) => sound.slug === "thunder")!;
  const chunks = await app.deps.db.select().from(blobChunks).where(eq(blobChunks.blobKey, row.blobKey)).orderBy(asc(blobChunks.seq));
  thunder = { id: row.id, size: row.size, blobKey: row.blobKey, format: row.format, bytes: Buffer.concat(chunks.map((c) => Buffer.from(c.bytes))) };
  other = { id: rows.find((sound) => sound.slug !== "thunder")!.id };
});
afterAll(() => app.close());

/** A document with `alertSounds`; null leaves the member out. */
const withSounds = (alertSounds: unknown) => ({
  ...overlayDocument([textLayer("who", "{{plugin.alerts.name}}")]),
  ...(alertSounds === null ? {} : { alertSounds }),
});
const catalogue = (id: string, volume: number) => ({ sound: { kind: "catalogue", id }, volume });

/** A Pro streamer's overlay whose donations play thunder at 0.4 and every other alert `other` at 0.9. */
async function overlayOf(alertSounds: unknown = { donation: catalogue(thunder.id, 0.4), default: catalogue(other.id, 0.9) }) {
  clock.nextMinute();
  const account = await insertAccount(app.deps.db, { plan: "pro" });
  const { accessToken } = await insertDesktopTokens(app.deps.db, account.id, { now: clock.now() });
  const send = apiCaller(app, accessToken);
  const { id, token } = await createOverlay(send, withSounds(alertSounds), "Alerts");
  return {
    account,
    id,
    token,
    send,
    sound: (soundId: string, headers: Record<string, string> = {}) => app.raw(`/api/overlay-source/${token}/sounds/${soundId}`, { headers }),
  };
}

async function expectNotFound(response: Response) {
  expect(response.status).toBe(404);
  expect(response.headers.get("content-type")).toContain("application/json");
  const body = (await response.json()) as { error: { code: string; message: string } };
  expect(body.error.code).toBe("not_found");
  return body;
}

describe("the OBS source's sound route", () => {
  it("answers a named sound whole: its type, length, bytes, ETag and the sounds' private caching", async () => {
    const overlay = await overlayOf();
    const response = await overlay.sound(thunder.id);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe(thunder.format);
    expect(response.headers.get("content-length")).toBe(String(thunder.size));
    expect(response.headers.get("accept-ranges")).toBe("bytes");
    expect(response.headers.get("etag")).toBe(`"${thunder.blobKey}"`);
    expect(response.headers.get("cache-control")).toMatch(/^private, max-age=\d+, immutable$/);
    expect(Buffer.from(await response.arrayBuffer()).equals(thunder.bytes)).toBe(true);
    // The default's sound too, and an id written in capitals is the same sound.
    expect((await overlay.sound(other.id)).status).toBe(200);
    expect((await overlay.sound(thunder.id.toUpperCase())).status).toBe(200);
  });

  it("a Range is 206 byte for byte; an unsatisfiable one 416; HEAD without the body; If-None-Match with the ETag 304", async () => {
    const overlay = await overlayOf();
    const partial = await overlay.sound(thunder.id, { range: "bytes=100-199" });
    expect(partial.status).toBe(206);
    expect(partial.headers.get("content-range")).toBe(`bytes 100-199/${thunder.size}`);
    expect(Buffer.from(await partial.arrayBuffer()).equals(thunder.bytes.subarray(100, 200))).toBe(true);
    const outside = await overlay.sound(thunder.id, { range: `bytes=${thunder.size}-` });
    expect(outside.status).toBe(416);
    expect(outside.headers.get("content-range")).toBe(`bytes */${thunder.size}`);
    const head = await app.raw(`/api/overlay-source/${overlay.token}/sounds/${thunder.id}`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-length")).toBe(String(thunder.size));
    expect(await head.text()).toBe("");
    const cached = await overlay.sound(thunder.id, { "if-none-match": `"${thunder.blobKey}"` });
    expect(cached.status).toBe(304);
    expect(await cached.text()).toBe("");
  });

  it("is 404 for a sound the live document does not name, an unknown or malformed id, and an unknown or malformed token", async () => {
    const overlay = await overlayOf({ donation: catalogue(thunder.id, 1) });
    await expectNotFound(await overlay.sound(other.id));
    await expectNotFound(await overlay.sound(randomUUID()));
    await expectNotFound(await overlay.sound("thunder"));
    await expectNotFound(await app.raw(`/api/overlay-source/${overlay.id}.1.${"A".repeat(43)}/sounds/${thunder.id}`));
    await expectNotFound(await app.raw(`/api/overlay-source/${"x".repeat(300)}/sounds/${thunder.id}`));
    // An overlay without alertSounds names nothing.
    const silent = await overlayOf(null);
    await expectNotFound(await silent.sound(thunder.id));
  });

  it("an id the document names but the catalogue lacks is 404: it plays nothing", async () => {
    const missing = randomUUID();
    const overlay = await overlayOf({ donation: catalogue(missing, 1) });
    await expectNotFound(await overlay.sound(missing));
  });

  it("follows the live document: a draft naming a sound opens nothing until published", async () => {
    const overlay = await overlayOf({ donation: catalogue(thunder.id, 1) });
    const draft = await overlay.send("PUT", `/overlays/${overlay.id}`, { baseRev: 1, draft: true, document: withSounds({ donation: catalogue(other.id, 1) }) });
    expect(draft.status).toBe(200);
    await expectNotFound(await overlay.sound(other.id));
    expect((await overlay.sound(thunder.id)).status).toBe(200);
    expect((await overlay.send("POST", `/overlays/${overlay.id}/publish`, { rev: 2, baseLiveRev: 1 })).status).toBe(200);
    expect((await overlay.sound(other.id)).status).toBe(200);
    await expectNotFound(await overlay.sound(thunder.id));
  });

  it("a revoked or renewed address is 404", async () => {
    const overlay = await overlayOf();
    const renewed = await overlay.send("POST", `/overlays/${overlay.id}/browser-source`);
    await expectNotFound(await overlay.sound(thunder.id));
    const token = renewed.body.item.browserSource.token as string;
    expect((await app.raw(`/api/overlay-source/${token}/sounds/${thunder.id}`)).status).toBe(200);
    await overlay.send("DELETE", `/overlays/${overlay.id}/browser-source`);
    await expectNotFound(await app.raw(`/api/overlay-source/${token}/sounds/${thunder.id}`));
  });

  it("a locked overlay (the plan, a suspension) is 404, as its feed is blank; unlocked it answers again", async () => {
    const overlay = await overlayOf();
    await app.deps.db.update(accounts).set({ plan: "free" }).where(eq(accounts.id, overlay.account.id));
    await settleKeptCallers(app.deps);
    await expectNotFound(await overlay.sound(thunder.id));
    await app.deps.db.update(accounts).set({ plan: "pro", suspended: true }).where(eq(accounts.id, overlay.account.id));
    await settleKeptCallers(app.deps);
    await expectNotFound(await overlay.sound(thunder.id));
    await app.deps.db.update(accounts).set({ suspended: false }).where(eq(accounts.id, overlay.account.id));
    await settleKeptCallers(app.deps);
    expect((await overlay.sound(thunder.id)).status).toBe(200);
  });
});

describe("the alert event's sound", () => {
  it("names the type's own sound or the default, with its volume; none when the document has none", async () => {
    const overlay = await overlayOf();
    const source = eventStream(await app.raw(`/api/overlay-source/${overlay.token}/events`));
    expect((await source.next())!.id).toBe("1");
    const fire = (alert: unknown) => overlay.send("POST", `/overlays/${overlay.id}/test-alerts`, { alert });
    expect((await fire({ type: "donation", name: "Ada", amount: 500, currency: "EUR" })).status).toBe(202);
    expect(JSON.parse((await source.next())!.data).sound).toEqual({ id: thunder.id, kind: "catalogue", volume: 0.4 });
    expect((await fire({ type: "raid", name: "Bo", viewers: 12 })).status).toBe(202);
    expect(JSON.parse((await source.next())!.data).sound).toEqual({ id: other.id, kind: "catalogue", volume: 0.9 });
    await source.close();

    const silent = await overlayOf(null);
    const quiet = eventStream(await app.raw(`/api/overlay-source/${silent.token}/events`));
    expect((await quiet.next())!.id).toBe("1");
    expect((await silent.send("POST", `/overlays/${silent.id}/test-alerts`, { alert: { type: "follow", name: "Cy" } })).status).toBe(202);
    expect(JSON.parse((await quiet.next())!.data).sound).toBeNull();
    await quiet.close();
  });

  it("a sound setting (docs/overlays.md#widget-settings): the event names the setting's sound, the route serves it; emptied, neither", async () => {
    clock.nextMinute();
    const account = await insertAccount(app.deps.db, { plan: "pro" });
    const { accessToken } = await insertDesktopTokens(app.deps.db, account.id, { now: clock.now() });
    const send = apiCaller(app, accessToken);
    const documentWith = (value: string) => ({
      ...withSounds({ default: { sound: { kind: "var", key: "sound" }, volume: 0.7 } }),
      vars: { sound: { type: "sound", label: "Alert sound", value } },
    });
    const { id, token } = await createOverlay(send, documentWith(thunder.id), "Setting");
    const source = eventStream(await app.raw(`/api/overlay-source/${token}/events`));
    expect((await source.next())!.id).toBe("1");
    expect((await send("POST", `/overlays/${id}/test-alerts`, { alert: { type: "follow", name: "Ada" } })).status).toBe(202);
    expect(JSON.parse((await source.next())!.data).sound).toEqual({ id: thunder.id, kind: "catalogue", volume: 0.7 });
    expect((await app.raw(`/api/overlay-source/${token}/sounds/${thunder.id}`)).status).toBe(200);

    expect((await send("PUT", `/overlays/${id}`, { baseRev: 1, document: documentWith("") })).status).toBe(200);
    expect((await source.next())!.id).toBe("2");
    expect((await send("POST", `/overlays/${id}/test-alerts`, { alert: { type: "follow", name: "Bo" } })).status).toBe(202);
    expect(JSON.parse((await source.next())!.data).sound).toBeNull();
    await expectNotFound(await app.raw(`/api/overlay-source/${token}/sounds/${thunder.id}`));
    await source.close();
  });

  it("the page may load media from the site only, and its script plays the event's sound from its own token's route", async () => {
    const overlay = await overlayOf();
    const page = await app.raw(`/overlays/source/${overlay.token}`);
    expect(page.headers.get("content-security-policy")).toMatch(/(^|; )media-src 'self'(;|$)/);
    const html = await page.text();
    expect(html).toContain('feed+"/sounds/"+encodeURIComponent(d.id)');
    expect(html).toContain(`data-feed="/api/overlay-source/${encodeURIComponent(overlay.token)}"`);
  });

  it("a document with a bad alertSounds is refused at its path", async () => {
    const overlay = await overlayOf();
    const saved = await overlay.send("PUT", `/overlays/${overlay.id}`, {
      baseRev: 1,
      document: withSounds({ donation: catalogue(thunder.id, 2), hype: catalogue(thunder.id, 1) }),
    });
    expect(saved.status).toBe(400);
    expect(saved.body.error.code).toBe("validation_error");
    const paths = (saved.body.error.details as { path: string }[]).map((d) => d.path).sort();
    expect(paths).toEqual(["document.alertSounds", "document.alertSounds.donation.volume"]);
  });
});
