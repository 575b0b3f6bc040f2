/**
 * The sound catalogue through the real REST core (docs/api.md#operations, docs/api.md#authentication-and-scopes, docs/api.md#limits):
 * paging boundaries, category filter, search, categories, detail, 404s, and
 * the audio route — every Range form checked byte for byte against the
 * blob's bytes, 416, 304, If-Range, HEAD — with keys, a key without
 * sounds:read, a desktop token and the website's session.
 */
import { createHash } from "node:crypto";
import { soundCategories } from "@streamkit/api-contract";
import { blobChunks, sounds } from "@streamkit/db";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seededSounds } from "@streamkit/seed";
import { createTestApp, type TestApp } from "../../support/app";
import { TestClock } from "../../support/clock";
import { bearer, insertAccount, insertDesktopTokens, insertKey } from "../../support/factories";
import { sessionCookie } from "../../support/session";

let app: TestApp;
const clock = new TestClock();
let key: string;
let noSoundsKey: string;
let suspendedKey: string;
let owner: string;
/** The "thunder" sound (4 s, several 64 KiB chunks) and its bytes, read straight from the blob's chunks. */
let thunder: { id: string; size: number; blobKey: string; bytes: Buffer };

beforeAll(async () => {
  app = await createTestApp({ now: clock.now });
  const db = app.deps.db;
  owner = (await insertAccount(db, { plan: "free" })).id;
  key = (await insertKey(db, owner)).key;
  noSoundsKey = (await insertKey(db, owner, { scopes: ["plugins:read", "plugins:write", "sales:read", "inventory:write"] })).key;
  suspendedKey = (await insertKey(db, (await insertAccount(db, { suspended: true })).id)).key;
  const [row] = await db.select().from(sounds).where(eq(sounds.slug, "thunder"));
  const chunks = await db.select().from(blobChunks).where(eq(blobChunks.blobKey, row!.blobKey)).orderBy(asc(blobChunks.seq));
  thunder = { id: row!.id, size: row!.size, blobKey: row!.blobKey, bytes: Buffer.concat(chunks.map((c) => Buffer.from(c.bytes))) };
});
afterAll(() => app.close());

/** Every call in a fresh rate-limit minute: the suite makes more calls than a key's 10 a minute. */
function get(path: string, headers: Record<string, string> = {}, method = "GET") {
  clock.nextMinute();
  return app.request(path, { method, headers: { ...bearer(key), ...headers } });
}
async function json(path: string, headers: Record<string, string> = {}) {
  const response = await get(path, headers);
  return { status: response.status, headers: response.headers, body: (await response.json()) as any };
}
const audio = (headers: Record<string, string> = {}, method = "GET") => get(`/sounds/${thunder.id}/audio`, headers, method);
const bytesOf = async (response: Response) => Buffer.from(await response.arrayBuffer());

describe("GET /sounds", () => {
  it("lists the seeded catalogue by name, 50 to a page by default, with every field", async () => {
    const { status, body } = await json("/sounds");
    expect(status).toBe(200);
    expect(body.items).toHaveLength(seededSounds.length);
    expect(body.nextOffset).toBeNull();
    const names = body.items.map((item: any) => item.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)));
    const item = body.items.find((i: any) => i.slug === "thunder");
    expect(item).toEqual({
      id: thunder.id,
      slug: "thunder",
      name: "Thunder",
      category: "nature",
      description: expect.any(String),
      durationMs: 4000,
      format: "audio/wav",
      size: thunder.size,
      licence: "CC0-1.0",
      attribution: "Streamkit (synthesised)",
      audio: { url: `http://localhost:3000/api/v1/sounds/${thunder.id}/audio`, type: "audio/wav", etag: `"${thunder.blobKey}"` },
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
    });
  });

  it("pages with limit and offset: 1 and 100 are allowed, every sound is visited once, nextOffset is null at the end", async () => {
    const seen: string[] = [];
    let offset: number | null = 0;
    let pages = 0;
    while (offset !== null && pages < 20) {
      const { status, body } = await json(`/sounds?limit=5&offset=${offset}`);
      expect(status).toBe(200);
      expect(body.items.length).toBeLessThanOrEqual(5);
      seen.push(...body.items.map((item: any) => item.id));
      offset = body.nextOffset;
      pages++;
    }
    expect(seen).toHaveLength(seededSounds.length);
    expect(new Set(seen).size).toBe(seededSounds.length);
    const one = await json("/sounds?limit=1");
    expect(one.body.items).toHaveLength(1);
    expect(one.body.nextOffset).toBe(1);
    const hundred = await json("/sounds?limit=100");
    expect(hundred.body.items).toHaveLength(seededSounds.length);
    expect(hundred.body.nextOffset).toBeNull();
    const past = await json("/sounds?offset=1000");
    expect(past.body).toEqual({ items: [], nextOffset: null });
  });

  it.each([
    ["limit=0", "limit"],
    ["limit=101", "limit"],
    ["limit=abc", "limit"],
    ["offset=-1", "offset"],
    ["offset=garbage", "offset"],
    ["offset=1.5", "offset"],
    ["category=nope", "category"],
    [`q=${"a".repeat(101)}`, "q"],
  ])("?%s is 400 bad_request naming %s", async (query, path) => {
    const { status, body } = await json(`/sounds?${query}`);
    expect(status).toBe(400);
    expect(body.error.code).toBe("bad_request");
    expect(body.error.details).toEqual([expect.objectContaining({ path })]);
  });

  it("filters by category", async () => {
    const { body } = await json("/sounds?category=arcade&limit=100");
    const expected = seededSounds.filter((sound) => sound.category === "arcade").map((sound) => sound.slug);
    expect(body.items.map((item: any) => item.slug).sort()).toEqual(expected.sort());
  });

  it("searches name, description and category, every word, case-insensitively, wildcards taken literally", async () => {
    expect((await json("/sounds?q=THUNDER")).body.items.map((i: any) => i.slug)).toEqual(["thunder"]);
    expect((await json("/sounds?q=rumble")).body.items.map((i: any) => i.slug).sort()).toEqual(["explosion", "thunder"]);
    const weather = (await json("/sounds?q=weather&limit=100")).body.items.map((i: any) => i.slug);
    expect(weather.sort()).toEqual(
      seededSounds
        .filter((s) => s.category === "nature")
        .map((s) => s.slug)
        .sort(),
    );
    expect((await json("/sounds?q=bell%20low")).body.items.map((i: any) => i.slug)).toEqual(["doorbell"]);
    expect((await json("/sounds?q=%25")).body.items).toEqual([]);
    expect((await json("/sounds?q=coin&category=nature")).body.items).toEqual([]);
  });
});

describe("GET /sounds/categories and /sounds/{soundId}", () => {
  it("lists every category in order with its name and count", async () => {
    const { status, body } = await json("/sounds/categories");
    expect(status).toBe(200);
    expect(body.items).toEqual(soundCategories.map((c) => ({ slug: c.slug, name: c.name, count: seededSounds.filter((s) => s.category === c.slug).length })));
  });

  it("answers one sound, and 404 not_found for an unknown or malformed id", async () => {
    const { status, body } = await json(`/sounds/${thunder.id}`);
    expect(status).toBe(200);
    expect(body.item).toMatchObject({ id: thunder.id, slug: "thunder", size: thunder.size, format: "audio/wav" });
    for (const id of ["00000000-0000-4000-8000-000000000000", "not-an-id", "thunder"]) {
      const missing = await json(`/sounds/${id}`);
      expect(missing.status).toBe(404);
      expect(missing.body.error.code).toBe("not_found");
    }
  });
});

describe("GET /sounds/{soundId}/audio", () => {
  it("answers the whole blob with its type, length, ETag, Accept-Ranges and private immutable caching", async () => {
    const response = await audio();
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("audio/wav");
    expect(response.headers.get("content-length")).toBe(String(thunder.size));
    expect(response.headers.get("accept-ranges")).toBe("bytes");
    expect(response.headers.get("etag")).toBe(`"${thunder.blobKey}"`);
    expect(response.headers.get("cache-control")).toBe("private, max-age=31536000, immutable");
    expect(response.headers.get("x-request-id")).toBeTruthy();
    expect(response.headers.get("x-ratelimit-limit")).toBe("10");
    const body = await bytesOf(response);
    expect(body.equals(thunder.bytes)).toBe(true);
    expect(createHash("sha256").update(body).digest("hex")).toBe(thunder.blobKey);
    expect(body.subarray(0, 4).toString("latin1")).toBe("RIFF");
  });

  it.each([
    ["the first bytes", "bytes=0-99", 0, 99],
    ["a middle range across chunks", "bytes=65500-131100", 65_500, 131_100],
    ["a suffix", "bytes=-500", -500, -1],
    ["open-ended", "bytes=100-", 100, -1],
    ["an end past the size", "bytes=170000-999999999", 170_000, -1],
    ["one byte", "bytes=7-7", 7, 7],
    ["a suffix longer than the blob", "bytes=-99999999", 0, -1],
  ])("%s: 206 with Content-Range, byte for byte", async (_case, range, from, to) => {
    const start = from < 0 ? thunder.size + from : from;
    const end = to < 0 ? thunder.size - 1 : to;
    const response = await audio({ range });
    expect(response.status).toBe(206);
    expect(response.headers.get("content-range")).toBe(`bytes ${start}-${end}/${thunder.size}`);
    expect(response.headers.get("content-length")).toBe(String(end - start + 1));
    expect(response.headers.get("content-type")).toBe("audio/wav");
    expect(response.headers.get("etag")).toBe(`"${thunder.blobKey}"`);
    expect((await bytesOf(response)).equals(thunder.bytes.subarray(start, end + 1))).toBe(true);
  });

  it.each([["bytes=999999999-"], ["bytes=-0"], [`bytes=${thunder?.size ?? 176444}-`]])(
    "%s: 416 with Content-Range: bytes */size in the envelope",
    async (range) => {
      const response = await audio({ range: range.replace("176444", String(thunder.size)) });
      expect(response.status).toBe(416);
      expect(response.headers.get("content-range")).toBe(`bytes */${thunder.size}`);
      expect(response.headers.get("content-type")).toContain("application/json");
      const body = (await response.json()) as any;
      expect(body.error).toEqual({ code: "range_not_satisfiable", message: expect.any(String), details: { size: thunder.size } });
    },
  );

  it.each([["items=0-5"], ["bytes=5-2"], ["bytes=abc"], ["bytes=0-1,5-9"], ["bytes=-"]])(
    "%s (another unit, invalid, several ranges): 200 whole",
    async (range) => {
      const response = await audio({ range });
      expect(response.status).toBe(200);
      expect((await bytesOf(response)).equals(thunder.bytes)).toBe(true);
    },
  );

  it("If-None-Match with the ETag (or *) is 304 without a body, before any Range", async () => {
    for (const inm of [`"${thunder.blobKey}"`, `W/"${thunder.blobKey}"`, `"other", "${thunder.blobKey}"`, "*"]) {
      const response = await audio({ "if-none-match": inm, range: "bytes=0-9" });
      expect(response.status).toBe(304);
      expect(response.headers.get("etag")).toBe(`"${thunder.blobKey}"`);
      expect(response.headers.get("cache-control")).toBe("private, max-age=31536000, immutable");
      expect(await response.text()).toBe("");
    }
    expect((await audio({ "if-none-match": '"stale"' })).status).toBe(200);
  });

  it("If-Range: the current strong ETag keeps the Range; another tag, a weak one or a date gives the whole", async () => {
    const kept = await audio({ range: "bytes=0-9", "if-range": `"${thunder.blobKey}"` });
    expect(kept.status).toBe(206);
    expect((await bytesOf(kept)).equals(thunder.bytes.subarray(0, 10))).toBe(true);
    for (const ifRange of ['"stale"', `W/"${thunder.blobKey}"`, "Wed, 21 Oct 2015 07:28:00 GMT"]) {
      const whole = await audio({ range: "bytes=0-9", "if-range": ifRange });
      expect(whole.status).toBe(200);
      expect((await bytesOf(whole)).equals(thunder.bytes)).toBe(true);
    }
    expect((await audio({ "if-range": '"stale"' })).status).toBe(200);
  });

  it("HEAD answers the headers without a body, for the whole and for a range", async () => {
    const head = await audio({}, "HEAD");
    expect(head.status).toBe(200);
    expect(head.headers.get("content-length")).toBe(String(thunder.size));
    expect(head.headers.get("accept-ranges")).toBe("bytes");
    expect(head.headers.get("etag")).toBe(`"${thunder.blobKey}"`);
    expect(await head.text()).toBe("");
    const ranged = await audio({ range: "bytes=0-99" }, "HEAD");
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get("content-range")).toBe(`bytes 0-99/${thunder.size}`);
    expect(await ranged.text()).toBe("");
  });

  it("an unknown or malformed id is 404 not_found in the envelope (a NUL in the path is 400 bad_request, as everywhere)", async () => {
    for (const id of ["00000000-0000-4000-8000-000000000000", "nope", "x".repeat(300)]) {
      const response = await get(`/sounds/${id}/audio`);
      expect(response.status).toBe(404);
      expect(((await response.json()) as any).error.code).toBe("not_found");
    }
    const nul = await get("/sounds/%00/audio");
    expect(nul.status).toBe(400);
    expect(((await nul.json()) as any).error.code).toBe("bad_request");
  });
});

describe("who may use the catalogue", () => {
  const paths = () => ["/sounds", "/sounds/categories", `/sounds/${thunder.id}`, `/sounds/${thunder.id}/audio`];

  it("without credentials: 401 unauthorized; with a broken key: 401 invalid_token; suspended: 403 account_disabled", async () => {
    for (const path of paths()) {
      clock.nextMinute();
      const none = await app.request(path);
      expect(none.status).toBe(401);
      expect(((await none.json()) as any).error.code).toBe("unauthorized");
      expect(none.headers.get("www-authenticate")).toBe('Bearer realm="streamkit"');
      const broken = await app.request(path, { headers: bearer("skit_broken") });
      expect(broken.status).toBe(401);
      expect(((await broken.json()) as any).error.code).toBe("invalid_token");
      const suspended = await app.request(path, { headers: bearer(suspendedKey) });
      expect(suspended.status).toBe(403);
      expect(((await suspended.json()) as any).error.code).toBe("account_disabled");
    }
  });

  it("a key made without sounds:read (as every key before the scope existed): 403 insufficient_scope with details.requiredScope", async () => {
    for (const path of paths()) {
      const response = await get(path, bearer(noSoundsKey));
      expect(response.status).toBe(403);
      expect(response.headers.get("www-authenticate")).toBe('Bearer realm="streamkit", error="insufficient_scope", scope="sounds:read"');
      expect(await response.json()).toEqual({
        error: {
          code: "insufficient_scope",
          message: "This API key lacks the sounds:read scope; create a key that has it.",
          details: { requiredScope: "sounds:read" },
        },
      });
    }
  });

  it("the desktop app's token with sounds:read reads the catalogue and the audio; without it, 403 insufficient_scope", async () => {
    clock.nextMinute();
    const token = (await insertDesktopTokens(app.deps.db, owner, { now: clock.now() })).accessToken;
    const list = await get("/sounds?limit=1", bearer(token));
    expect(list.status).toBe(200);
    const ranged = await get(`/sounds/${thunder.id}/audio`, { ...bearer(token), range: "bytes=-500" });
    expect(ranged.status).toBe(206);
    expect((await bytesOf(ranged)).equals(thunder.bytes.subarray(thunder.size - 500))).toBe(true);
    const narrow = (await insertDesktopTokens(app.deps.db, owner, { scopes: ["plugins:read"], now: clock.now() })).accessToken;
    for (const path of paths()) {
      const refused = await get(path, bearer(narrow));
      expect(refused.status).toBe(403);
      expect(((await refused.json()) as any).error).toMatchObject({ code: "insufficient_scope", details: { requiredScope: "sounds:read" } });
    }
  });

  it("the key-only audio never reads the website's session cookie", async () => {
    clock.nextMinute();
    const response = await app.request(`/sounds/${thunder.id}/audio`, { headers: { cookie: await sessionCookie(app, owner) } });
    expect(response.status).toBe(401);
  });
});

describe("the website's player: GET /api/sounds/{soundId}/audio", () => {
  it("plays for a signed-in person, with Range, and the catalogue's items point there on the website", async () => {
    const cookie = await sessionCookie(app, owner);
    const whole = await app.raw(`/api/sounds/${thunder.id}/audio`, { headers: { cookie } });
    expect(whole.status).toBe(200);
    expect(whole.headers.get("cache-control")).toBe("private, max-age=31536000, immutable");
    expect((await bytesOf(whole)).equals(thunder.bytes)).toBe(true);
    const ranged = await app.raw(`/api/sounds/${thunder.id}/audio`, { headers: { cookie, range: "bytes=100-" } });
    expect(ranged.status).toBe(206);
    expect((await bytesOf(ranged)).equals(thunder.bytes.subarray(100))).toBe(true);
    const page = await app.raw(`/api/trpc/sounds.get?input=${encodeURIComponent(JSON.stringify({ soundId: thunder.id }))}`, { headers: { cookie } });
    expect(page.status).toBe(200);
    expect(((await page.json()) as any).result.data.item.audio.url).toBe(`/api/sounds/${thunder.id}/audio`);
  });

  it("refuses anyone not signed in (401), an API key (401: it reads only the session), a suspended account (403) and an unknown id (404)", async () => {
    const anonymous = await app.raw(`/api/sounds/${thunder.id}/audio`);
    expect(anonymous.status).toBe(401);
    expect(((await anonymous.json()) as any).error.code).toBe("unauthorized");
    expect((await app.raw(`/api/sounds/${thunder.id}/audio`, { headers: bearer(key) })).status).toBe(401);
    const suspended = await insertAccount(app.deps.db, { suspended: true });
    const refused = await app.raw(`/api/sounds/${thunder.id}/audio`, { headers: { cookie: await sessionCookie(app, suspended.id) } });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as any).error.code).toBe("account_disabled");
    const missing = await app.raw("/api/sounds/00000000-0000-4000-8000-000000000000/audio", { headers: { cookie: await sessionCookie(app, owner) } });
    expect(missing.status).toBe(404);
  });
});

describe("the OpenAPI document", () => {
  it("describes the audio route: 200, 206, 304, 416 and its errors, behind sounds:read", async () => {
    const document = (await (await app.request("/openapi.json")).json()) as any;
    const operation = document.paths["/sounds/{soundId}/audio"].get;
    expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(["200", "206", "304", "400", "401", "403", "404", "416", "429", "500", "503"]));
    expect(Object.keys(operation.responses["416"].content["application/json"].examples)).toEqual(["range_not_satisfiable"]);
    expect(operation.responses["206"].headers["Content-Range"]).toBeDefined();
    expect(operation.security).toEqual([{ ApiKey: [] }, { DesktopApp: ["sounds:read"] }]);
    for (const path of ["/sounds", "/sounds/categories", "/sounds/{soundId}"]) expect(document.paths[path].get.security).toEqual(operation.security);
  });
});
