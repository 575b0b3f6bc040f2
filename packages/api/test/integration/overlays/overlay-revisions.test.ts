/**
 * Overlay revision history over HTTP (docs/overlays.md#revision-history, docs/api.md#overlays): every save keeps
 * the rev it replaced (who, where, when, how big), pruned to the plan's number; reading, comparing and restoring
 * revisions, with the rules of reading and saving an overlay (404 for another account's, 403 when locked, 409 on
 * a stale baseRev).
 */
import { accounts, overlayRevisions, overlays } from "@streamkit/db";
import { overlayRevisionsKept } from "@streamkit/plans";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../support/app";
import { TestClock } from "../../support/clock";
import { bearer, insertAccount, insertKey } from "../../support/factories";
import { raceThroughLock } from "../../support/race";
import { sessionCookie } from "../../support/session";
import { readTrpc, trpcMutate } from "../../support/trpc";
import { settleKeptCallers } from "../../../src/accounts/principal";

let app: TestApp;
const clock = new TestClock();
beforeAll(async () => {
  app = await createTestApp({ now: clock.now });
});
afterAll(() => app.close());

const text = (id: string, extra: Record<string, unknown> = {}) => ({
  type: "text",
  id,
  name: `Text ${id}`,
  frame: { x: 10, y: 20, w: 300, h: 60 },
  props: { text: "Hello", fontFamily: "Inter", fontSize: 32, fill: { kind: "solid", color: "#ffffff" } },
  ...extra,
});
const documentOf = (layers: unknown[] = [text("title")]) => ({ schema: 1, canvas: { width: 1920, height: 1080 }, layers });
const bytesOf = (document: unknown) => Buffer.byteLength(JSON.stringify(document));

async function streamer(plan: "free" | "pro" | "ultimate" = "pro", name = "Sam Streamer") {
  const account = await insertAccount(app.deps.db, { name, plan });
  const { key } = await insertKey(app.deps.db, account.id, { scopes: ["inventory:write"] });
  // Each call in a rate-limit minute of its own (keys get 10 a minute), so every save also has its own savedAt.
  const json = async (method: string, path: string, body?: unknown) => {
    clock.nextMinute();
    const response = await app.request(path, {
      method,
      headers: { ...bearer(key), ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const textBody = await response.text();
    return { status: response.status, headers: response.headers, body: textBody ? JSON.parse(textBody) : undefined };
  };
  // By hand, as another process would: the change is awaited on this instance's kept API key callers too.
  const setPlan = async (next: "free" | "pro" | "ultimate") => {
    await app.deps.db.update(accounts).set({ plan: next }).where(eq(accounts.id, account.id));
    await settleKeptCallers(app.deps);
  };
  const create = async (document: unknown = documentOf()) => (await json("POST", "/overlays", { name: "Scene", document })).body.item;
  const save = async (id: string, baseRev: number, document: unknown) => {
    const saved = await json("PUT", `/overlays/${id}`, { baseRev, document });
    expect(saved.status).toBe(200);
    return saved.body.item;
  };
  return { account, json, setPlan, create, save };
}

describe("the history a save keeps", () => {
  it("each save keeps the rev it replaced: newest first, with who saved it, from where, when and its size", async () => {
    const sam = await streamer();
    const first = await sam.create();
    const createdAt = clock.now().toISOString();
    const second = documentOf([text("title"), text("subtitle")]);
    await sam.save(first.id, 1, second);
    const secondAt = clock.now().toISOString();
    // The website's editor saves rev 3 (surface `web`).
    clock.nextMinute();
    const cookie = await sessionCookie(app, sam.account.id);
    const third = documentOf([text("subtitle")]);
    const web = await readTrpc(await trpcMutate(app, "overlays.update", { overlayId: first.id, baseRev: 2, document: third }, { cookie }));
    expect(web.data.item.rev).toBe(3);
    await sam.save(first.id, 3, documentOf());

    const { status, body } = await sam.json("GET", `/overlays/${first.id}/revisions`);
    expect(status).toBe(200);
    const savedBy = { id: sam.account.id, name: "Sam Streamer" };
    expect(body).toEqual({
      items: [
        { rev: 3, savedAt: expect.any(String), savedBy, surface: "web", bytes: bytesOf(third), live: false },
        { rev: 2, savedAt: secondAt, savedBy, surface: "rest", bytes: bytesOf(second), live: false },
        { rev: 1, savedAt: createdAt, savedBy, surface: "rest", bytes: bytesOf(documentOf()), live: false },
      ],
      nextCursor: null,
    });
    expect(Date.parse(body.items[0].savedAt)).toBeGreaterThan(Date.parse(secondAt));
    expect(body.items[0].savedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  it("a new overlay has an empty history; a rename is a save and keeps the rev too", async () => {
    const sam = await streamer();
    const { id } = await sam.create();
    expect((await sam.json("GET", `/overlays/${id}/revisions`)).body).toEqual({ items: [], nextCursor: null });
    expect((await sam.json("PUT", `/overlays/${id}`, { baseRev: 1, name: "Renamed" })).status).toBe(200);
    expect((await sam.json("GET", `/overlays/${id}/revisions`)).body.items.map((item: { rev: number }) => item.rev)).toEqual([1]);
  });

  it("a rev saved before history was kept joins it as its owner's, surface null", async () => {
    const sam = await streamer();
    const { id } = await sam.create();
    // What the migration leaves on existing overlays: no saver recorded.
    await app.deps.db.update(overlays).set({ savedBy: null, savedSurface: null }).where(eq(overlays.id, id));
    await sam.save(id, 1, documentOf([text("after")]));
    const [item] = (await sam.json("GET", `/overlays/${id}/revisions`)).body.items;
    expect(item).toMatchObject({ rev: 1, savedBy: { id: sam.account.id }, surface: null });
  });

  it(`prunes to the plan's number in the save itself (Pro keeps ${overlayRevisionsKept.pro})`, async () => {
    const sam = await streamer("pro");
    const { id } = await sam.create();
    const kept = overlayRevisionsKept.pro;
    for (let rev = 1; rev <= kept + 2; rev++) await sam.save(id, rev, documentOf([text(`v${rev + 1}`)]));
    const revs = (await app.deps.db.select({ rev: overlayRevisions.rev }).from(overlayRevisions).where(eq(overlayRevisions.overlayId, id))).map(
      (row) => row.rev,
    );
    expect(revs.sort((a, b) => a - b)).toEqual(Array.from({ length: kept }, (_, i) => i + 3));
    expect((await sam.json("GET", `/overlays/${id}/revisions/2`)).status).toBe(404);
    expect((await sam.json("GET", `/overlays/${id}/revisions/3`)).status).toBe(200);
  });

  it("of concurrent saves on one rev exactly one wins, and exactly one revision is kept", async () => {
    const sam = await streamer();
    const { id } = await sam.create();
    const results = await raceThroughLock(app.database, { lockSql: "select id from overlays where id = $1 for update", params: [id], racers: 4 }, () =>
      Array.from({ length: 4 }, (_, i) => sam.json("PUT", `/overlays/${id}`, { baseRev: 1, document: documentOf([text(`writer-${i}`)]) })),
    );
    const statuses = results.map((result) => (result.status === "fulfilled" ? result.value.status : 0)).sort();
    expect(statuses).toEqual([200, 409, 409, 409]);
    const { body } = await sam.json("GET", `/overlays/${id}/revisions`);
    expect(body.items).toEqual([expect.objectContaining({ rev: 1, bytes: bytesOf(documentOf()) })]);
  });
});

describe("reading and paging", () => {
  it("pages newest first with the cursor, and reads one revision with its document", async () => {
    const sam = await streamer();
    const { id } = await sam.create();
    for (let rev = 1; rev <= 5; rev++) await sam.save(id, rev, documentOf([text(`v${rev + 1}`)]));
    const first = await sam.json("GET", `/overlays/${id}/revisions?limit=2`);
    expect(first.body.items.map((item: { rev: number }) => item.rev)).toEqual([5, 4]);
    const second = await sam.json("GET", `/overlays/${id}/revisions?limit=2&cursor=${first.body.nextCursor}`);
    expect(second.body.items.map((item: { rev: number }) => item.rev)).toEqual([3, 2]);
    const last = await sam.json("GET", `/overlays/${id}/revisions?limit=2&cursor=${second.body.nextCursor}`);
    expect(last.body).toEqual({ items: [expect.objectContaining({ rev: 1 })], nextCursor: null });

    const one = await sam.json("GET", `/overlays/${id}/revisions/3`);
    expect(one.status).toBe(200);
    expect(one.body.item).toMatchObject({ rev: 3, surface: "rest", savedBy: { id: sam.account.id }, document: documentOf([text("v3")]) });
  });

  it("unknown revs are 404 (never saved, or the current one); bad parameters are 400 in the envelope", async () => {
    const sam = await streamer();
    const { id } = await sam.create();
    await sam.save(id, 1, documentOf([text("v2")]));
    for (const path of [`/overlays/${id}/revisions/2`, `/overlays/${id}/revisions/99`, `/overlays/${id}/revisions/compare?from=1&to=7`]) {
      const { status, body } = await sam.json("GET", path);
      expect(status, path).toBe(404);
      expect(body.error.code).toBe("not_found");
    }
    expect((await sam.json("POST", `/overlays/${id}/revisions/9/restore`, { baseRev: 2 })).status).toBe(404);
    for (const path of [
      `/overlays/${id}/revisions/zero`,
      `/overlays/${id}/revisions/0`,
      `/overlays/${id}/revisions/1.5`,
      `/overlays/${id}/revisions?limit=0`,
      `/overlays/${id}/revisions?cursor=not-a-cursor`,
      `/overlays/${id}/revisions/compare?from=1`,
      `/overlays/${id}/revisions/compare?from=a&to=2`,
      "/overlays/not-a-uuid/revisions",
    ]) {
      const { status, body } = await sam.json("GET", path);
      expect(status, path).toBe(400);
      expect(body.error, path).toMatchObject({ code: expect.stringMatching(/^(bad_request|validation_error)$/), message: expect.any(String) });
    }
    for (const body of [{}, { baseRev: 0 }, { baseRev: "two" }]) {
      const answer = await sam.json("POST", `/overlays/${id}/revisions/1/restore`, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.error.code).toMatch(/^(bad_request|validation_error)$/);
    }
  });

  it("another account's overlay is 404 for every history operation", async () => {
    const sam = await streamer();
    const { id } = await sam.create();
    await sam.save(id, 1, documentOf([text("v2")]));
    const eve = await streamer("ultimate", "Eve");
    for (const [method, path, body] of [
      ["GET", `/overlays/${id}/revisions`],
      ["GET", `/overlays/${id}/revisions/1`],
      ["GET", `/overlays/${id}/revisions/compare?from=1&to=2`],
      ["POST", `/overlays/${id}/revisions/1/restore`, { baseRev: 2 }],
    ] as const) {
      const answer = await eve.json(method, path, body);
      expect(answer.status, path).toBe(404);
      expect(answer.body.error.code).toBe("not_found");
    }
  });
});

describe("comparing", () => {
  it("names the layers added, removed, moved and restyled between two revs, the current one included", async () => {
    const sam = await streamer();
    const { id } = await sam.create(documentOf([text("stays"), text("moves"), text("recolours"), text("goes"), text("both")]));
    await sam.save(
      id,
      1,
      documentOf([
        text("new"),
        text("stays"),
        text("moves", { frame: { x: 500, y: 20, w: 300, h: 60 } }),
        text("recolours", { props: { text: "Hello", fontFamily: "Inter", fontSize: 32, fill: { kind: "solid", color: "#ff0000" } } }),
        text("both", { name: "Renamed", frame: { x: 10, y: 20, w: 301, h: 60 } }),
      ]),
    );
    const { status, body } = await sam.json("GET", `/overlays/${id}/revisions/compare?from=1&to=2`);
    expect(status).toBe(200);
    expect(body).toEqual({ from: 1, to: 2, added: ["new"], removed: ["goes"], moved: ["moves", "both"], restyled: ["recolours", "both"] });
    const backwards = await sam.json("GET", `/overlays/${id}/revisions/compare?from=2&to=1`);
    expect(backwards.body).toMatchObject({ added: ["goes"], removed: ["new"] });
    const same = await sam.json("GET", `/overlays/${id}/revisions/compare?from=1&to=1`);
    expect(same.body).toEqual({ from: 1, to: 1, added: [], removed: [], moved: [], restyled: [] });
  });
});

describe("restoring", () => {
  it("is a new save of the old document: a new rev, the replaced rev joins the history, the old one stays", async () => {
    const sam = await streamer();
    const { id } = await sam.create(documentOf([text("original")]));
    await sam.save(id, 1, documentOf([text("second")]));
    await sam.save(id, 2, documentOf([text("third")]));
    const restored = await sam.json("POST", `/overlays/${id}/revisions/1/restore`, { baseRev: 3 });
    expect(restored.status).toBe(200);
    expect(restored.headers.get("etag")).toMatch(/^"/);
    expect(restored.body.item).toMatchObject({ id, rev: 4, name: "Scene", document: documentOf([text("original")]) });
    expect((await sam.json("GET", `/overlays/${id}`)).body.item).toMatchObject({ rev: 4, document: documentOf([text("original")]) });
    const history = (await sam.json("GET", `/overlays/${id}/revisions`)).body.items;
    expect(history.map((item: { rev: number }) => item.rev)).toEqual([3, 2, 1]);
    expect((await sam.json("GET", `/overlays/${id}/revisions/3`)).body.item.document).toEqual(documentOf([text("third")]));
    const diff = await sam.json("GET", `/overlays/${id}/revisions/compare?from=1&to=4`);
    expect(diff.body).toMatchObject({ added: [], removed: [], moved: [], restyled: [] });
  });

  it("a stale baseRev is 409 conflict with details.currentRev, and nothing is saved or kept", async () => {
    const sam = await streamer();
    const { id } = await sam.create();
    await sam.save(id, 1, documentOf([text("v2")]));
    await sam.save(id, 2, documentOf([text("v3")]));
    const stale = await sam.json("POST", `/overlays/${id}/revisions/1/restore`, { baseRev: 2 });
    expect(stale.status).toBe(409);
    expect(stale.body.error).toMatchObject({ code: "conflict", details: { currentRev: 3 } });
    expect((await sam.json("GET", `/overlays/${id}`)).body.item).toMatchObject({ rev: 3, document: documentOf([text("v3")]) });
    expect((await sam.json("GET", `/overlays/${id}/revisions`)).body.items).toHaveLength(2);
  });

  it("a locked overlay is 403 plan_required; its history is kept through the downgrade and back", async () => {
    const una = await streamer("ultimate");
    const fork = (await una.json("POST", "/overlays/fork", { slug: "celebration", name: "Party" })).body.item;
    const moved = { ...fork.document, canvas: { width: 1280, height: 720 } };
    await una.save(fork.id, 1, moved);
    await una.setPlan("pro");
    for (const [method, path, body] of [
      ["GET", `/overlays/${fork.id}/revisions`],
      ["GET", `/overlays/${fork.id}/revisions/1`],
      ["GET", `/overlays/${fork.id}/revisions/compare?from=1&to=2`],
      ["POST", `/overlays/${fork.id}/revisions/1/restore`, { baseRev: 2 }],
    ] as const) {
      const answer = await una.json(method, path, body);
      expect(answer.status, path).toBe(403);
      expect(answer.body.error).toMatchObject({ code: "plan_required", details: { requiredPlan: "ultimate" } });
    }
    // A Free account cannot save at all: the ladder refuses the restore before the overlay is looked at.
    await una.setPlan("free");
    const free = await una.json("POST", `/overlays/${fork.id}/revisions/1/restore`, { baseRev: 2 });
    expect(free.body.error).toMatchObject({ code: "plan_required", details: { requiredPlan: "pro" } });
    await una.setPlan("ultimate");
    expect((await una.json("GET", `/overlays/${fork.id}/revisions`)).body.items).toEqual([expect.objectContaining({ rev: 1, surface: "rest" })]);
  });
});
