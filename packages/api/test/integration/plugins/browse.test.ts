import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../support/app";
import { insertAccount, insertPlugin } from "../../support/factories";

const LISTING_KEYS = [
  "createdAt",
  "description",
  "downloads",
  "homepage",
  "id",
  "mine",
  "name",
  "owned",
  "permissions",
  "price",
  "publisher",
  "slug",
  "status",
  "updatedAt",
  "version",
  "permissionsWidened",
  // docs/plugins.md#icons-and-screenshots, additive.
  "icon",
  "iconGenerated",
  "category",
  "tags",
  "rating",
  // docs/plugins.md#the-plugin-api-version-of-a-listing, additive.
  "apiVersion",
].sort();
/** A version whose manifest asks for nothing, like the one before it. */
const unchanged = {
  permissions: [],
  optionalPermissions: [],
  permissionChanges: { permissions: { added: [], removed: [] }, optionalPermissions: { added: [], removed: [] } },
};
const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

let app: TestApp;
let officialId: string;

beforeAll(async () => {
  app = await createTestApp();
  const db = app.deps.db;
  const official = await insertAccount(db, { name: "Streamkit", official: true, verified: true });
  const alice = await insertAccount(db, { name: "Alice Audio", verified: true });
  const bob = await insertAccount(db, { name: "Bob Bots" });
  officialId = official.id;
  await insertPlugin(db, { slug: "official-small", ownerId: official.id, official: true, downloads: 3 });
  await insertPlugin(db, { slug: "official-big", ownerId: official.id, official: true, downloads: 50 });
  await insertPlugin(db, {
    slug: "song-requests",
    ownerId: alice.id,
    name: "Song Requests",
    description: "Viewers queue songs from chat.",
    downloads: 900,
    priceTier: "t2",
    permissions: ["chat.read", "media"],
    homepage: "https://alice.example/songs",
    versions: [
      { version: "1.0.0", changelog: "First release.", createdAt: new Date("2026-01-01T10:00:00.000Z") },
      { version: "1.1.0-beta.1", changelog: "Beta of queue limits.", createdAt: new Date("2026-02-01T10:00:00.000Z") },
      { version: "1.1.0", changelog: "Queue limits per viewer.", createdAt: new Date("2026-03-01T10:00:00.000Z") },
    ],
  });
  // Two plugins tied on downloads: the listing id breaks the tie.
  await insertPlugin(db, { slug: "tie-one", ownerId: bob.id, downloads: 100 });
  await insertPlugin(db, { slug: "tie-two", ownerId: bob.id, downloads: 100 });
  await insertPlugin(db, { slug: "quiet-plugin", ownerId: bob.id, downloads: 0, description: "Has 100% less noise_" });
  await insertPlugin(db, { slug: "taken-down", ownerId: bob.id, downloads: 5000, status: "hidden" });
  await insertPlugin(db, { slug: "deleted-one", ownerId: bob.id, downloads: 4000, status: "removed" });
});

afterAll(() => app.close());

describe("GET /api/v1/plugins", () => {
  it("lists published plugins: the service's own first, then downloads descending, ids breaking ties", async () => {
    const { status, body, headers } = await app.json("/plugins");
    expect(status).toBe(200);
    expect(headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    const slugs = body.items.map((item: { slug: string }) => item.slug);
    const ties = body.items.filter((i: { downloads: number }) => i.downloads === 100).map((i: { id: string }) => i.id);
    expect(slugs.slice(0, 3)).toEqual(["official-big", "official-small", "song-requests"]);
    expect(ties).toEqual([...ties].sort().reverse());
    expect(slugs.slice(5)).toEqual(["quiet-plugin"]);
    expect(slugs).not.toContain("taken-down");
    expect(slugs).not.toContain("deleted-one");
    expect(body.next).toBeNull();
  });

  it("shapes every item exactly as a listing of docs/api.md#listing, as an anonymous caller sees it", async () => {
    const { body } = await app.json("/plugins");
    for (const item of body.items) {
      expect(Object.keys(item).sort()).toEqual(LISTING_KEYS);
      expect(item.createdAt).toMatch(ISO_MS);
      expect(item.updatedAt).toMatch(ISO_MS);
      expect(item.status).toBe("published");
      expect(item.mine).toBe(false);
      // docs/plugins.md#reviews: nobody reviewed these plugins yet.
      expect(item.rating).toEqual({ average: null, count: 0 });
    }
    const song = body.items.find((i: { slug: string }) => i.slug === "song-requests");
    expect(song).toMatchObject({
      name: "Song Requests",
      description: "Viewers queue songs from chat.",
      version: "1.1.0",
      permissions: ["chat.read", "media"],
      publisher: { kind: "user", name: "Alice Audio", verified: true },
      downloads: 900,
      homepage: "https://alice.example/songs",
      price: { tier: "t2", INR: 99, USD: 2 },
      owned: false,
    });
    const official = body.items.find((i: { slug: string }) => i.slug === "official-big");
    expect(official).toMatchObject({ publisher: { kind: "official", name: "Streamkit", verified: true }, price: null, owned: true, homepage: null });
  });

  it("pages with a keyset cursor: following next visits every plugin exactly once", async () => {
    const all = (await app.json("/plugins?limit=100")).body.items.map((i: { slug: string }) => i.slug);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = cursor ? `?limit=2&cursor=${encodeURIComponent(cursor)}` : "?limit=2";
      const { status, body } = await app.json(`/plugins${query}`);
      expect(status).toBe(200);
      expect(body.items.length).toBeLessThanOrEqual(2);
      seen.push(...body.items.map((i: { slug: string }) => i.slug));
      cursor = body.next;
      pages++;
    } while (cursor);
    expect(seen).toEqual(all);
    expect(pages).toBe(3);
  });

  it("searches name, slug, description and publisher, treating % and _ literally", async () => {
    expect((await app.json("/plugins?q=SONG")).body.items.map((i: { slug: string }) => i.slug)).toEqual(["song-requests"]);
    expect((await app.json("/plugins?q=bob%20bots")).body.items).toHaveLength(3);
    expect((await app.json("/plugins?q=100%25%20less")).body.items.map((i: { slug: string }) => i.slug)).toEqual(["quiet-plugin"]);
    expect((await app.json("/plugins?q=noise_")).body.items).toHaveLength(1);
    expect((await app.json("/plugins?q=no_se")).body.items).toHaveLength(0);
    expect((await app.json("/plugins?q=taken")).body.items).toHaveLength(0);
  });

  it.each([
    ["limit=0", "limit"],
    ["limit=101", "limit"],
    ["limit=abc", "limit"],
    ["limit=2.5", "limit"],
    [`q=${"x".repeat(101)}`, "q"],
    ["cursor=not-a-cursor", "cursor"],
    [`cursor=${Buffer.from(JSON.stringify([1, -5, "x"])).toString("base64url")}`, "cursor"],
  ])("answers 400 bad_request for %s", async (query, path) => {
    const { status, body, headers } = await app.json(`/plugins?${query}`);
    expect(status).toBe(400);
    expect(headers.get("x-request-id")).toBeTruthy();
    expect(body.error.code).toBe("bad_request");
    expect(body.error.message).toContain(path);
    expect(body.error.details).toEqual([expect.objectContaining({ path })]);
  });
});

describe("GET /api/v1/plugins/:slug", () => {
  it("answers { item } with versions newest first", async () => {
    const { status, body } = await app.json("/plugins/song-requests");
    expect(status).toBe(200);
    expect(Object.keys(body)).toEqual(["item"]);
    expect(Object.keys(body.item).sort()).toEqual([...LISTING_KEYS, "versions", "screenshots"].sort());
    expect(body.item).toMatchObject({
      icon: { url: "/api/plugin-media/generated/song-requests.svg", width: 256, height: 256 },
      iconGenerated: true,
      screenshots: [],
    });
    expect(body.item.versions).toEqual([
      { version: "1.1.0", changelog: "Queue limits per viewer.", createdAt: "2026-03-01T10:00:00.000Z", ...unchanged },
      { version: "1.1.0-beta.1", changelog: "Beta of queue limits.", createdAt: "2026-02-01T10:00:00.000Z", ...unchanged },
      { version: "1.0.0", changelog: "First release.", createdAt: "2026-01-01T10:00:00.000Z", ...unchanged },
    ]);
  });

  it.each(["no-such-plugin", "taken-down", "deleted-one"])("answers 404 not_found for %s", async (slug) => {
    const { status, body } = await app.json(`/plugins/${slug}`);
    expect(status).toBe(404);
    expect(body).toEqual({ error: { code: "not_found", message: expect.stringContaining(slug) } });
  });

  it("keeps the official publisher's plugins first even with fewer downloads", async () => {
    const { body } = await app.json("/plugins?limit=1");
    expect(body.items[0].publisher.kind).toBe("official");
    expect(officialId).toBeTruthy();
  });
});
