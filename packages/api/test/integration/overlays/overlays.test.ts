/**
 * Overlays over HTTP (docs/overlays.md#the-document-schema-1, docs/api.md#decisions-on-what-the-specification-leaves-open, docs/api.md#overlays, docs/api.md#limits): create, read, save with
 * baseRev, fork, delete, limits decided by the database, locks derived from
 * the plan, and the OBS browser source's secret address.
 */
import { randomUUID } from "node:crypto";
import { accounts, overlays } from "@streamkit/db";
import { OVERLAY_LIMITS } from "@streamkit/overlay";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../support/app";
import { bearer, insertAccount, insertKey } from "../../support/factories";
import { raceThroughLock } from "../../support/race";
import { settleKeptCallers } from "../../../src/accounts/principal";

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
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

async function streamer(plan: "free" | "pro" | "ultimate" = "pro") {
  const account = await insertAccount(app.deps.db, { name: "Sam Streamer", plan });
  const { key } = await insertKey(app.deps.db, account.id, { scopes: ["inventory:write"] });
  const headers = { ...bearer(key), "content-type": "application/json" };
  const call = (method: string, path: string, body?: unknown, extra: Record<string, string> = {}) =>
    body === undefined
      ? app.request(path, { method, headers: { ...bearer(key), ...extra } })
      : app.request(path, { method, headers: { ...headers, ...extra }, body: JSON.stringify(body) });
  const json = async (method: string, path: string, body?: unknown) => {
    const response = await call(method, path, body);
    const textBody = await response.text();
    return { status: response.status, headers: response.headers, body: textBody ? JSON.parse(textBody) : undefined };
  };
  // By hand, as another process would: the change is awaited on this instance's kept API key callers too.
  const setPlan = async (next: "free" | "pro" | "ultimate") => {
    await app.deps.db.update(accounts).set({ plan: next }).where(eq(accounts.id, account.id));
    await settleKeptCallers(app.deps);
  };
  return { account, headers, call, json, setPlan };
}

describe("creating and reading", () => {
  it("POST /overlays → 201 with the record at rev 1, Location, and GET answers it with an ETag and 304", async () => {
    const sam = await streamer();
    const created = await sam.json("POST", "/overlays", { name: "Main scene", document: documentOf() });
    expect(created.status).toBe(201);
    const item = created.body.item;
    expect(item).toMatchObject({
      name: "Main scene",
      rev: 1,
      locked: false,
      requiredPlan: "pro",
      kind: "overlay",
      canvas: { width: 1920, height: 1080 },
      forkedFrom: null,
      document: documentOf(),
    });
    expect(item.browserSource.url).toBe(`http://localhost:3000/overlays/source/${item.browserSource.token}`);
    expect(created.headers.get("location")).toBe(`/api/v1/overlays/${item.id}`);

    const read = await sam.call("GET", `/overlays/${item.id}`);
    expect(read.status).toBe(200);
    const etag = read.headers.get("etag")!;
    expect(etag).toMatch(/^"/);
    const again = await sam.call("GET", `/overlays/${item.id}`, undefined, { "if-none-match": etag });
    expect(again.status).toBe(304);
  });

  it("refuses a document that breaks the rules: every problem at once, dotted paths into the body", async () => {
    const sam = await streamer();
    const bad = documentOf([text("a"), text("a", { frame: { x: 0, y: 0, w: -1, h: 10 } }), text("b", { groupId: "ghost" })]);
    const { status, body } = await sam.json("POST", "/overlays", { name: "Broken", document: { ...bad, canvas: { width: 8193, height: 0 } } });
    expect(status).toBe(400);
    expect(body.error.code).toBe("validation_error");
    expect(body.error.details.map((d: { path: string }) => d.path).sort()).toEqual([
      "document.canvas.height",
      "document.canvas.width",
      "document.layers.1.frame.w",
      "document.layers.1.id",
      "document.layers.2.groupId",
    ]);
    const rules = await sam.json("POST", "/overlays", { name: "Broken", document: documentOf([text("a"), text("a"), text("b", { groupId: "ghost" })]) });
    expect(rules.body.error.details).toEqual([
      { path: "document.layers.1.id", message: 'Layer id "a" is already used by layers.0: ids are unique.' },
      { path: "document.layers.2.groupId", message: 'No layer has the id "ghost".' },
    ]);
  });

  it("413 payload_too_large for too many layers or bytes, chunked bodies too", async () => {
    const sam = await streamer();
    const many = documentOf(Array.from({ length: OVERLAY_LIMITS.maxLayers + 1 }, (_, i) => text(`l${i}`)));
    const tooMany = await sam.json("POST", "/overlays", { name: "Many", document: many });
    expect(tooMany.status).toBe(413);
    expect(tooMany.body.error.code).toBe("payload_too_large");

    const heavy = JSON.stringify({ name: "Heavy", document: documentOf([text("a", { name: "x".repeat(OVERLAY_LIMITS.maxDocumentBytes) })]) });
    const bytes = new TextEncoder().encode(heavy);
    const chunked = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let at = 0; at < bytes.length; at += 16_384) controller.enqueue(bytes.slice(at, at + 16_384));
        controller.close();
      },
    });
    const response = await app.request("/overlays", { method: "POST", headers: sam.headers, body: chunked, duplex: "half" } as RequestInit);
    expect(response.status).toBe(413);
    expect((await response.json()).error.code).toBe("payload_too_large");
  });

  it("a Free account: 403 plan_required with details.requiredPlan pro", async () => {
    const fay = await streamer("free");
    const { status, body } = await fay.json("POST", "/overlays", { name: "Nope", document: documentOf() });
    expect(status).toBe(403);
    expect(body.error).toMatchObject({ code: "plan_required", details: { requiredPlan: "pro" } });
  });
});

describe("saving with baseRev", () => {
  it("PUT with the current rev → rev + 1; a stale baseRev → 409 conflict with details.currentRev, nothing overwritten", async () => {
    const sam = await streamer();
    const { body } = await sam.json("POST", "/overlays", { name: "Scene", document: documentOf() });
    const id = body.item.id;
    const saved = await sam.json("PUT", `/overlays/${id}`, { baseRev: 1, name: "Scene v2" });
    expect(saved.status).toBe(200);
    expect(saved.body.item).toMatchObject({ rev: 2, name: "Scene v2" });
    const stale = await sam.json("PUT", `/overlays/${id}`, { baseRev: 1, name: "Lost edit" });
    expect(stale.status).toBe(409);
    expect(stale.body.error).toMatchObject({ code: "conflict", details: { currentRev: 2 } });
    expect((await sam.json("GET", `/overlays/${id}`)).body.item).toMatchObject({ rev: 2, name: "Scene v2" });
  });

  it("only baseRev → 400 bad_request; a bad document → 400 validation_error; a missing baseRev → 400", async () => {
    const sam = await streamer();
    const { body } = await sam.json("POST", "/overlays", { name: "Scene", document: documentOf() });
    const id = body.item.id;
    expect((await sam.json("PUT", `/overlays/${id}`, { baseRev: 1 })).body.error.code).toBe("bad_request");
    const bad = await sam.json("PUT", `/overlays/${id}`, { baseRev: 1, document: { ...documentOf(), schema: 2 } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details).toEqual([{ path: "document.schema", message: "schema must be 1: the only document version." }]);
    expect((await sam.json("PUT", `/overlays/${id}`, { name: "x" })).body.error.code).toBe("validation_error");
  });

  it("of concurrent saves on one rev exactly one wins; the others get 409 with the new rev", async () => {
    const sam = await streamer();
    const { body } = await sam.json("POST", "/overlays", { name: "Scene", document: documentOf() });
    const id = body.item.id;
    const results = await raceThroughLock(app.database, { lockSql: "select id from overlays where id = $1 for update", params: [id], racers: 4 }, () =>
      Array.from({ length: 4 }, (_, i) => sam.json("PUT", `/overlays/${id}`, { baseRev: 1, document: documentOf([text(`writer-${i}`)]) })),
    );
    const answers = results.map((result) => (result.status === "fulfilled" ? result.value : null));
    expect(answers.filter((answer) => answer?.status === 200)).toHaveLength(1);
    const conflicts = answers.filter((answer) => answer?.status === 409);
    expect(conflicts).toHaveLength(3);
    for (const conflict of conflicts) expect(conflict!.body.error.details).toEqual({ currentRev: 2 });
    const winner = answers.find((answer) => answer?.status === 200)!.body.item.document;
    expect((await sam.json("GET", `/overlays/${id}`)).body.item).toMatchObject({ rev: 2, document: winner });
  });
});

describe("listing and deleting", () => {
  it("GET /overlays pages newest first with nextCursor; bad paging → 400", async () => {
    const sam = await streamer();
    for (const name of ["one", "two", "three"]) await sam.json("POST", "/overlays", { name, document: documentOf() });
    const first = await sam.json("GET", "/overlays?limit=2");
    expect(first.body.items.map((item: { name: string }) => item.name)).toEqual(["three", "two"]);
    expect(first.body.items[0].document).toBeUndefined();
    const second = await sam.json("GET", `/overlays?limit=2&cursor=${first.body.nextCursor}`);
    expect(second.body).toMatchObject({ items: [{ name: "one" }], nextCursor: null });
    expect((await sam.json("GET", "/overlays")).body.items).toHaveLength(3);
    for (const query of ["limit=0", "limit=101", "limit=x", "cursor=bogus"])
      expect((await sam.json("GET", `/overlays?${query}`)).body.error.code, query).toBe("bad_request");
  });

  it("DELETE → 204, then 404; another account's overlay is 404 everywhere", async () => {
    const sam = await streamer();
    const other = await streamer();
    const { body } = await other.json("POST", "/overlays", { name: "Theirs", document: documentOf() });
    const theirs = body.item.id;
    expect((await sam.json("GET", `/overlays/${theirs}`)).status).toBe(404);
    expect((await sam.json("PUT", `/overlays/${theirs}`, { baseRev: 1, name: "mine now" })).status).toBe(404);
    expect((await sam.json("DELETE", `/overlays/${theirs}`)).status).toBe(404);
    expect((await sam.json("POST", `/overlays/${theirs}/browser-source`)).status).toBe(404);
    expect((await sam.json("GET", `/overlays/${randomUUID()}`)).status).toBe(404);
    expect((await sam.json("GET", "/overlays/not-a-uuid")).status).toBe(400);

    const removed = await other.call("DELETE", `/overlays/${theirs}`);
    expect(removed.status).toBe(204);
    expect((await other.json("DELETE", `/overlays/${theirs}`)).status).toBe(404);
  });
});

describe("plan limits and locks", () => {
  async function fill(accountId: string, count: number) {
    const now = new Date();
    await app.deps.db
      .insert(overlays)
      .values(
        Array.from({ length: count }, (_, i) => ({ accountId, name: `filler ${i}`, document: documentOf(), plan: "pro", createdAt: now, updatedAt: now })),
      );
  }

  it("Pro holds 25: the 26th is 403 limit_reached with details.limit; concurrent creates never pass it", async () => {
    const sam = await streamer();
    await fill(sam.account.id, 23);
    const results = await raceThroughLock(
      app.database,
      { lockSql: "select id from accounts where id = $1 for update", params: [sam.account.id], racers: 5 },
      () => Array.from({ length: 5 }, (_, i) => sam.json("POST", "/overlays", { name: `racer ${i}`, document: documentOf() })),
    );
    const statuses = results.map((result) => (result.status === "fulfilled" ? result.value.status : 0));
    expect(statuses.filter((status) => status === 201)).toHaveLength(2);
    const refused = results.flatMap((result) => (result.status === "fulfilled" && result.value.status === 403 ? [result.value.body.error] : []));
    expect(refused).toHaveLength(3);
    for (const error of refused) expect(error).toMatchObject({ code: "limit_reached", details: { limit: 25 } });
    expect((await sam.json("GET", "/overlays?limit=100")).body.items).toHaveLength(25);
    expect((await sam.json("POST", "/overlays/fork", { slug: "starting-soon", name: "one more" })).body.error).toMatchObject({
      code: "limit_reached",
      details: { limit: 25 },
    });
  });

  it("a downgrade locks (403 plan_required on read and save, delete works), an upgrade unlocks on the next request", async () => {
    const sam = await streamer();
    const { body } = await sam.json("POST", "/overlays", { name: "Kept", document: documentOf() });
    const id = body.item.id;
    await sam.setPlan("free");
    expect((await sam.json("GET", "/overlays")).body.items).toEqual([expect.objectContaining({ id, locked: true, requiredPlan: "pro" })]);
    const read = await sam.json("GET", `/overlays/${id}`);
    expect(read.status).toBe(403);
    expect(read.body.error).toMatchObject({ code: "plan_required", details: { requiredPlan: "pro" } });
    expect((await sam.json("PUT", `/overlays/${id}`, { baseRev: 1, name: "x" })).body.error).toMatchObject({ code: "plan_required" });
    await sam.setPlan("pro");
    expect((await sam.json("GET", `/overlays/${id}`)).body.item.locked).toBe(false);
    await sam.setPlan("free");
    expect((await sam.call("DELETE", `/overlays/${id}`)).status).toBe(204);
  });
});

describe("forks and the catalogue", () => {
  it("GET /catalog/overlays: anyone, offset paging, previews as SVG images", async () => {
    const page = await app.json("/catalog/overlays?limit=5");
    expect(page.status).toBe(200);
    expect(page.body.items).toHaveLength(5);
    expect(page.body.nextOffset).toBe(5);
    for (const item of page.body.items) expect(item).toMatchObject({ itemKind: "overlay", preview: { type: "image/svg+xml" } });
    const all = await app.json("/catalog/overlays");
    expect(all.body.items.length).toBeGreaterThanOrEqual(12);
    expect(all.body.nextOffset).toBeNull();
    expect(new Set(all.body.items.map((item: { plan: string }) => item.plan))).toEqual(new Set(["free", "pro", "ultimate"]));
    expect((await app.json(`/catalog/overlays?offset=${all.body.items.length}`)).body).toEqual({ items: [], nextOffset: null });
    for (const query of ["limit=0", "limit=101", "offset=-1", "offset=x"])
      expect((await app.json(`/catalog/overlays?${query}`)).body.error.code, query).toBe("bad_request");

    const previewPath = new URL(page.body.items[0].preview.url).pathname;
    const preview = await app.raw(previewPath);
    expect(preview.status).toBe(200);
    expect(preview.headers.get("content-type")).toBe("image/svg+xml; charset=utf-8");
    expect(preview.headers.get("cache-control")).toBe("public, max-age=3600");
    expect(await preview.text()).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect((await app.raw(previewPath, { headers: { "if-none-match": preview.headers.get("etag")! } })).status).toBe(304);
    const missing = await app.raw("/api/v1/catalog/overlays/no-such-overlay/preview");
    expect(missing.status).toBe(404);
    expect((await missing.json()).error.code).toBe("not_found");
  });

  it("forks what the plan allows; the copy needs the higher of Pro and the original's plan", async () => {
    const sam = await streamer("pro");
    const fork = await sam.json("POST", "/overlays/fork", { slug: "starting-soon", name: "My start" });
    expect(fork.status).toBe(201);
    expect(fork.body.item).toMatchObject({ name: "My start", rev: 1, forkedFrom: "starting-soon", requiredPlan: "pro", locked: false });
    const refused = await sam.json("POST", "/overlays/fork", { slug: "celebration", name: "Party" });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({ code: "plan_required", details: { requiredPlan: "ultimate" } });
    expect((await sam.json("POST", "/overlays/fork", { slug: "no-such-overlay", name: "x" })).status).toBe(404);

    const una = await streamer("ultimate");
    const party = await una.json("POST", "/overlays/fork", { slug: "celebration", name: "Party" });
    expect(party.body.item.requiredPlan).toBe("ultimate");
    const own = await una.json("POST", "/overlays", { name: "Own", document: documentOf() });
    await una.setPlan("pro");
    const list = (await una.json("GET", "/overlays")).body.items;
    expect(list.find((item: { id: string }) => item.id === party.body.item.id).locked).toBe(true);
    expect(list.find((item: { id: string }) => item.id === own.body.item.id).locked).toBe(false);
  });
});

describe("the OBS browser source", () => {
  it("the secret address answers the document with an ETag, follows saves, and is revocable and re-creatable", async () => {
    const sam = await streamer();
    const { body } = await sam.json("POST", "/overlays", { name: "On stream", document: documentOf() });
    const id = body.item.id;
    const feed = (token: string, etag?: string) => app.raw(`/api/overlay-source/${token}`, { headers: etag ? { "if-none-match": etag } : {} });
    const first = await feed(body.item.browserSource.token);
    expect(first.status).toBe(200);
    const frame = await first.json();
    expect(frame).toMatchObject({ rev: 1, locked: false, width: 1920, height: 1080 });
    expect(frame.svg).toContain(">Hello</tspan>");

    // The page OBS loads: the overlay alone, canvas-sized, transparent, its poll allowed by hash and nothing else.
    const page = await app.raw(`/overlays/source/${body.item.browserSource.token}`);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(page.headers.get("content-security-policy")).toMatch(/^default-src 'none'; script-src 'sha256-[A-Za-z0-9+/=]+'; connect-src 'self';/);
    const html = await page.text();
    expect(html).toContain("background:transparent");
    expect(html).toContain("#stage{width:1920px;height:1080px}");
    expect(html).toContain(">Hello</tspan>");
    expect(html).not.toContain("site-header");
    const etag = first.headers.get("etag")!;
    expect((await feed(body.item.browserSource.token, etag)).status).toBe(304);

    await sam.json("PUT", `/overlays/${id}`, { baseRev: 1, document: documentOf([text("changed")]) });
    const changed = await feed(body.item.browserSource.token, etag);
    expect(changed.status).toBe(200);
    expect((await changed.json()).rev).toBe(2);

    const renewed = await sam.json("POST", `/overlays/${id}/browser-source`);
    expect(renewed.body.item.browserSource.token).not.toBe(body.item.browserSource.token);
    expect((await feed(body.item.browserSource.token)).status).toBe(404);
    expect((await feed(renewed.body.item.browserSource.token)).status).toBe(200);

    const revoked = await sam.json("DELETE", `/overlays/${id}/browser-source`);
    expect(revoked.body.item.browserSource).toBeNull();
    expect((await feed(renewed.body.item.browserSource.token)).status).toBe(404);
    expect((await app.raw(`/overlays/source/${renewed.body.item.browserSource.token}`)).status).toBe(404);
    const again = await sam.json("POST", `/overlays/${id}/browser-source`);
    expect((await feed(again.body.item.browserSource.token)).status).toBe(200);
    expect((await feed(renewed.body.item.browserSource.token)).status).toBe(404);

    const forged = again.body.item.browserSource.token.replace(/.$/, (c: string) => (c === "A" ? "B" : "A"));
    expect((await feed(forged)).status).toBe(404);
    expect((await feed("nonsense")).status).toBe(404);

    await sam.setPlan("free");
    const locked = await feed(again.body.item.browserSource.token);
    expect(await locked.json()).toMatchObject({ rev: 2, locked: true, svg: "" });
  });
});
