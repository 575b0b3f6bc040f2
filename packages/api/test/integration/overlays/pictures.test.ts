/**
 * Picture layers on the server (docs/overlays.md#the-document-schema-1): the OBS source draws the overlay owner's
 * uploaded pictures at their served address, a missing, deleted or another account's picture as the placeholder,
 * a picture variable at its https address; the page's CSP lets those load and nothing run. Assets are inserted
 * through Drizzle (their upload API is the asset library's).
 */
import { createHash, randomUUID } from "node:crypto";
import { assets, blobs } from "@streamkit/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resolveAssets } from "../../../src/assets";
import { createTestApp, type TestApp } from "../../support/app";
import { TestClock } from "../../support/clock";
import { eventStream } from "../../support/event-stream";
import { insertAccount, insertKey } from "../../support/factories";
import { apiCaller } from "../../support/overlays";
import { sessionCookie } from "../../support/session";
import { readTrpc, trpcQuery } from "../../support/trpc";

let app: TestApp;
const clock = new TestClock();
beforeAll(async () => {
  app = await createTestApp({ now: clock.now });
});
afterAll(() => app.close());

/** An uploaded picture of `accountId`: a blob row and the asset naming it. */
async function insertAsset(accountId: string, contentType = "image/png", name = "Logo", createdAt = new Date()) {
  const key = createHash("sha256").update(randomUUID()).digest("hex");
  await app.deps.db.insert(blobs).values({ key, size: 100, contentType, chunkSize: 65536 });
  const [row] = await app.deps.db
    .insert(assets)
    .values({ accountId, name, blobKey: key, contentType, size: 100, width: 640, height: 480, createdAt })
    .returning({ id: assets.id });
  return { id: row!.id, key };
}

const picture = (id: string, source: unknown, extra: Record<string, unknown> = {}) => ({
  type: "picture",
  id,
  name: id,
  frame: { x: 10, y: 20, w: 400, h: 300 },
  props: { source, fit: "cover", radius: 16 },
  ...extra,
});
const documentOf = (layers: unknown[], vars: Record<string, unknown> = {}) => ({ schema: 1, canvas: { width: 1280, height: 720 }, vars, layers });

async function streamer() {
  const account = await insertAccount(app.deps.db, { plan: "pro" });
  const { key } = await insertKey(app.deps.db, account.id, { scopes: ["inventory:write"] });
  const send = apiCaller(app, key, () => clock.nextMinute()); // keys get 10 requests a minute
  const create = async (document: unknown) => {
    const created = await send("POST", "/overlays", { name: "Scene", document });
    expect(created.status).toBe(201);
    const { id, browserSource } = created.body.item as { id: string; browserSource: { token: string } };
    return {
      id,
      events: async () => eventStream(await app.raw(`/api/overlay-source/${browserSource.token}/events`)),
      feed: async () => (await (await app.raw(`/api/overlay-source/${browserSource.token}`)).json()) as { rev: number; svg: string },
      page: () => app.raw(`/overlays/source/${browserSource.token}`),
    };
  };
  return { account, send, create };
}

describe("pictures on the OBS source", () => {
  it("draws the owner's uploaded picture at its served address, clipped with its radius, on the feed and the page", async () => {
    const sam = await streamer();
    const logo = await insertAsset(sam.account.id);
    const overlay = await sam.create(documentOf([picture("logo", { kind: "asset", id: logo.id })]));
    const { svg } = await overlay.feed();
    expect(svg).toContain(
      `<image data-picture="image" href="/api/assets/${logo.key}.png" x="10" y="20" width="400" height="300" preserveAspectRatio="xMidYMid slice"`,
    );
    expect(svg).toContain('<clipPath id="sk-picture-logo"><rect x="10" y="20" width="400" height="300" rx="16"/></clipPath>');
    const page = await overlay.page();
    expect(await page.text()).toContain(`href="/api/assets/${logo.key}.png"`);
    // Images from the service and https: only; still no script but the page's own.
    const csp = page.headers.get("content-security-policy")!;
    expect(csp).toMatch(/(^|; )img-src 'self' data: https:(;|$)/);
    expect(csp).toMatch(/(^|; )default-src 'none'(;|$)/);
    expect(csp).toMatch(/(^|; )script-src 'sha256-[^' ]+'(;|$)/);
  });

  it("the event stream's frames and a test alert's drawing show the picture too", async () => {
    const sam = await streamer();
    const logo = await insertAsset(sam.account.id, "image/gif");
    const overlay = await sam.create(documentOf([picture("logo", { kind: "asset", id: logo.id })]));
    const stream = await overlay.events();
    const frame = JSON.parse((await stream.next())!.data);
    expect(frame.svg).toContain(`href="/api/assets/${logo.key}.gif"`);
    const fired = await sam.send("POST", `/overlays/${overlay.id}/test-alerts`, { alert: { type: "follow", name: "Ada" } });
    expect(fired.status).toBe(202);
    const alert = (await stream.next())!;
    expect(alert.event).toBe("alert");
    expect(JSON.parse(alert.data).svg).toContain(`href="/api/assets/${logo.key}.gif"`);
    await stream.close();
  });

  it("serves each type at its extension", async () => {
    const sam = await streamer();
    const types = { "image/png": "png", "image/jpeg": "jpg", "image/webp": "webp", "image/gif": "gif" } as const;
    const made = await Promise.all(Object.keys(types).map((type) => insertAsset(sam.account.id, type)));
    const found = await resolveAssets(
      app.deps.db,
      sam.account.id,
      made.map((asset) => asset.id),
    );
    expect(Object.values(found).map((asset) => asset.url.split(".").at(-1))).toEqual(expect.arrayContaining(Object.values(types)));
    expect(found[made[0]!.id]).toEqual({ url: `/api/assets/${made[0]!.key}.png`, width: 640, height: 480 });
  });

  it("a missing picture, another account's, or one deleted later draws the placeholder, never an error", async () => {
    const sam = await streamer();
    const ada = await streamer();
    const adas = await insertAsset(ada.account.id);
    const mine = await insertAsset(sam.account.id);
    const overlay = await sam.create(
      documentOf([
        picture("gone", { kind: "asset", id: randomUUID() }),
        picture("theirs", { kind: "asset", id: adas.id }),
        picture("mine", { kind: "asset", id: mine.id }),
      ]),
    );
    const first = await overlay.feed();
    expect(first.svg.match(/data-picture="placeholder"/g)).toHaveLength(2);
    expect(first.svg).not.toContain(adas.key);
    expect(first.svg).toContain(`href="/api/assets/${mine.key}.png"`);
    expect(await (await overlay.page()).text()).toContain('data-picture="placeholder"');

    // Deleted: the next drawing (the next revision) shows the placeholder.
    await app.deps.db.delete(assets).where(eq(assets.id, mine.id));
    const saved = await sam.send("PUT", `/overlays/${overlay.id}`, { baseRev: 1, name: "Scene 2" });
    expect(saved.status).toBe(200);
    const next = await overlay.feed();
    expect(next.rev).toBe(2);
    expect(next.svg.match(/data-picture="placeholder"/g)).toHaveLength(3);
    expect(next.svg).not.toContain("<image");
  });

  it("draws a picture variable's https address, and an empty one as the placeholder", async () => {
    const sam = await streamer();
    const withUrl = await sam.create(
      documentOf([picture("badge", { kind: "var", key: "badge" })], { badge: { type: "picture", value: "https://cdn.example.com/badge.gif?a=1&b=2" } }),
    );
    expect((await withUrl.feed()).svg).toContain('href="https://cdn.example.com/badge.gif?a=1&amp;b=2"');
    const empty = await sam.create(documentOf([picture("badge", { kind: "var", key: "badge" })], { badge: { type: "picture", value: "" } }));
    expect((await empty.feed()).svg).toContain('data-picture="placeholder"');
  });

  it("refuses bad picture layers with 400 and their paths, never a 500", async () => {
    const sam = await streamer();
    const cases: [unknown, string[]][] = [
      [documentOf([picture("p", { kind: "var", key: "logo" })]), ["document.layers.0.props.source.key"]],
      [documentOf([picture("p", { kind: "var", key: "name" })], { name: { type: "text", value: "Ada" } }), ["document.layers.0.props.source.key"]],
      [documentOf([picture("p", { kind: "asset", id: "../etc/passwd" })]), ["document.layers.0.props.source.id"]],
      [
        documentOf([{ ...picture("p", { kind: "asset", id: randomUUID() }), props: { source: { kind: "asset", id: randomUUID() }, fit: "fill" } }]),
        ["document.layers.0.props.fit"],
      ],
      [
        documentOf([
          { ...picture("p", { kind: "asset", id: randomUUID() }), props: { source: { kind: "asset", id: randomUUID() }, fit: "cover", radius: 1e9 } },
        ]),
        ["document.layers.0.props.radius"],
      ],
    ];
    for (const [document, paths] of cases) {
      const answer = await sam.send("POST", "/overlays", { name: "Bad", document });
      expect(answer.status, JSON.stringify(answer.body)).toBe(400);
      expect(answer.body.error.code).toBe("validation_error");
      expect(answer.body.error.details.map((detail: { path: string }) => detail.path)).toEqual(paths);
    }
  });
});

describe("resolving pictures", () => {
  it("answers only the account's own, by lower-case id, ignoring ids that are not UUIDs", async () => {
    const sam = await streamer();
    const ada = await streamer();
    const mine = await insertAsset(sam.account.id);
    const adas = await insertAsset(ada.account.id);
    const found = await resolveAssets(app.deps.db, sam.account.id, ["not-a-uuid", "", mine.id.toUpperCase(), adas.id, "'; drop table assets; --"]);
    expect(found).toEqual({ [mine.id]: { url: `/api/assets/${mine.key}.png`, width: 640, height: 480 } });
    expect(await resolveAssets(app.deps.db, sam.account.id, [])).toEqual({});
    expect(await resolveAssets(app.deps.db, "not-an-account", [mine.id])).toEqual({});
  });
});

describe("the editor's pictures (overlays.pictureAssets, the website's own)", () => {
  it("lists the signed-in account's pictures, newest first, and nobody else's", async () => {
    const sam = await streamer();
    const ada = await streamer();
    const first = await insertAsset(sam.account.id, "image/png", "First", new Date("2026-01-01T00:00:00Z"));
    const second = await insertAsset(sam.account.id, "image/webp", "Second", new Date("2026-01-02T00:00:00Z"));
    await insertAsset(ada.account.id, "image/png", "Ada's");
    const cookie = await sessionCookie(app, sam.account.id);
    const { status, data } = await readTrpc(await trpcQuery(app, "overlays.pictureAssets", undefined, { cookie }));
    expect(status).toBe(200);
    expect(data.items.map((item: { name: string }) => item.name)).toEqual(["Second", "First"]);
    expect(data.items[1]).toEqual({ id: first.id, name: "First", url: `/api/assets/${first.key}.png`, width: 640, height: 480 });
    expect(data.items[0].url).toBe(`/api/assets/${second.key}.webp`);
    expect((await trpcQuery(app, "overlays.pictureAssets", undefined)).status).toBe(401);
  });
});
