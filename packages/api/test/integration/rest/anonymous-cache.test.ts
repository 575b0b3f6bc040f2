/**
 * Anonymous browsing is cacheable (docs/api.md#caching-of-anonymous-browsing):
 * GET /plugins and /plugins/{slug} without credentials carry a strong ETag,
 * `Cache-Control: public, max-age=…` and `Vary: Authorization`, answer a
 * matching If-None-Match with 304, and are kept in memory until the
 * marketplace's version moves. Every change below is written the way it is in
 * production (HTTP, the services) or straight into the database as another
 * process would: the version is bumped by triggers, so the cache never relies
 * on being told.
 */
import { anonymousBrowsing } from "@streamkit/api-contract";
import { accounts, marketplaceVersion, plugins } from "@streamkit/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { changeAccount } from "../../../src/accounts/operator-accounts";
import { deleteAccount } from "../../../src/accounts/account-settings";
import { reviewPriceRequest, setPrice } from "../../../src/plugins/prices";
import { readAnswer, settledAnswer } from "../../support/answers";
import { createTestApp, type TestApp } from "../../support/app";
import { TestClock } from "../../support/clock";
import { webCaller } from "../../support/commerce";
import { bearer, insertAccount, insertKey, insertPlugin } from "../../support/factories";
import { jsonPost, publishBody } from "../../support/packages";
import { settleKeptCallers } from "../../../src/accounts/principal";

const PUBLIC = `public, max-age=${anonymousBrowsing.maxAgeSeconds}`;
const clock = new TestClock(Date.parse("2026-05-04T10:00:00.000Z"));
let app: TestApp;
let authorId: string;

/** A fresh key of a fresh Pro account: each keyed request below uses its own, so the per-account limit never interferes. */
async function freshKey(): Promise<{ accountId: string; key: string }> {
  const account = await insertAccount(app.deps.db, { plan: "pro" });
  return { accountId: account.id, key: (await insertKey(app.deps.db, account.id)).key };
}

const anonymous = (path: string, headers: Record<string, string> = {}) => readAnswer(app.request, path, headers);
const settled = (path: string) => settledAnswer(app.request, path);

async function version(): Promise<number> {
  const [row] = await app.deps.db.select().from(marketplaceVersion);
  return row!.version;
}

beforeAll(async () => {
  app = await createTestApp({ now: clock.now });
  const author = await insertAccount(app.deps.db, { name: "Cache Author", plan: "pro" });
  authorId = author.id;
  await insertPlugin(app.deps.db, { slug: "cached-one", ownerId: author.id, downloads: 10 });
  await insertPlugin(app.deps.db, { slug: "cached-two", ownerId: author.id, downloads: 5 });
});

afterAll(() => app.close());

describe("anonymous answers", () => {
  for (const path of ["/plugins", "/plugins?q=cached&limit=1", "/plugins/cached-one"]) {
    it(`GET ${path}: a strong ETag, public caching, Vary, and 304 for a matching If-None-Match`, async () => {
      const first = await anonymous(path);
      expect(first.status).toBe(200);
      expect(first.etag).toMatch(/^"[\w-]{27}"$/);
      const headers = first.response.headers;
      expect(headers.get("cache-control")).toBe(PUBLIC);
      expect(headers.get("vary")).toBe("Authorization");
      expect(headers.get("x-request-id")).toBeTruthy();
      expect(headers.get("x-ratelimit-limit")).toBe("120");

      const again = await anonymous(path, { "if-none-match": first.etag! });
      expect(again.status).toBe(304);
      expect(again.text).toBe("");
      expect(again.etag).toBe(first.etag);
      expect(again.response.headers.get("cache-control")).toBe(PUBLIC);
      expect(again.response.headers.get("vary")).toBe("Authorization");
      expect(again.response.headers.get("x-ratelimit-limit")).toBe("120");
      expect(again.response.headers.get("x-ratelimit-remaining")).toMatch(/^\d+$/);
      expect(again.response.headers.get("x-request-id")).toBeTruthy();
      expect(again.response.headers.get("x-request-id")).not.toBe(headers.get("x-request-id"));

      // A list of tags, or a weak form of the same tag, matches too (RFC 9110 weak comparison).
      expect((await anonymous(path, { "if-none-match": `"other", W/${first.etag}` })).status).toBe(304);

      const other = await anonymous(path, { "if-none-match": '"not-this-one"' });
      expect(other.status).toBe(200);
      expect(other.text).toBe(first.text);
      expect(other.etag).toBe(first.etag);
    });
  }

  it("a different query is a different answer with its own ETag", async () => {
    const all = await anonymous("/plugins");
    const one = await anonymous("/plugins?limit=1");
    expect(JSON.parse(one.text).items).toHaveLength(1);
    expect(one.etag).not.toBe(all.etag);
  });

  it("errors are never cached publicly nor given an ETag", async () => {
    const missing = await anonymous("/plugins/no-such-plugin");
    expect(missing.status).toBe(404);
    expect(missing.etag).toBeNull();
    expect(missing.response.headers.get("cache-control")).toBe("no-store");
    const bad = await anonymous("/plugins?limit=1000");
    expect(bad.status).toBe(400);
    expect(bad.response.headers.get("cache-control")).toBe("no-store");
    expect(bad.etag).toBeNull();
  });

  it("HEAD answers the same headers without a body", async () => {
    const get = await anonymous("/plugins/cached-two");
    const head = await app.request("/plugins/cached-two", { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("etag")).toBe(get.etag);
    expect(head.headers.get("cache-control")).toBe(PUBLIC);
    expect(await head.text()).toBe("");
  });
});

describe("keyed answers stay private and exact", () => {
  it("no public caching, no ETag, and never the kept anonymous answer", async () => {
    const before = await settled("/plugins/cached-one");
    // Downloads alone do not move the version (they may lag by the max-age for anonymous readers) …
    const moved = await version();
    await app.deps.db.update(plugins).set({ downloads: 777 }).where(eq(plugins.slug, "cached-one"));
    expect(await version()).toBe(moved);
    const stale = await anonymous("/plugins/cached-one");
    expect(stale.etag).toBe(before.etag);
    expect(JSON.parse(stale.text).item.downloads).toBe(10);

    // … but a keyed reader sees the exact count, privately, even with the public ETag in If-None-Match.
    const { key } = await freshKey();
    const keyed = await app.request("/plugins/cached-one", { headers: { ...bearer(key), "if-none-match": before.etag! } });
    expect(keyed.status).toBe(200);
    expect(keyed.headers.get("cache-control")).toBe("no-store");
    expect(keyed.headers.get("cache-control")).not.toContain("public");
    expect(keyed.headers.get("etag")).toBeNull();
    expect(keyed.headers.get("vary")).toBe("Authorization");
    expect((await keyed.json()).item.downloads).toBe(777);

    const list = await app.request("/plugins", { headers: bearer(key) });
    expect(list.headers.get("cache-control")).toBe("no-store");
    expect((await list.json()).items.find((item: { slug: string }) => item.slug === "cached-one").downloads).toBe(777);

    // The author's own view is personal (mine: true) and never lands in the anonymous cache.
    const authorKey = (await insertKey(app.deps.db, authorId)).key;
    const mine = await app.request("/plugins/cached-one", { headers: bearer(authorKey) });
    expect((await mine.json()).item.mine).toBe(true);
    expect(JSON.parse((await anonymous("/plugins/cached-one")).text).item.mine).toBe(false);

    // A refused credential is an error, never the public answer.
    const refused = await app.request("/plugins/cached-one", { headers: bearer("skit_not-a-valid-key") });
    expect(refused.status).toBe(401);
    expect(refused.headers.get("cache-control")).toBe("no-store");
  });

  it("anonymous downloads catch up once the kept answer is max-age old", async () => {
    await app.deps.db.update(plugins).set({ downloads: 20 }).where(eq(plugins.slug, "cached-two"));
    const before = await settled("/plugins/cached-two");
    await app.deps.db.update(plugins).set({ downloads: 21 }).where(eq(plugins.slug, "cached-two"));
    expect((await anonymous("/plugins/cached-two")).etag).toBe(before.etag);
    clock.advance(anonymousBrowsing.maxAgeSeconds * 1000);
    const after = await anonymous("/plugins/cached-two");
    expect(JSON.parse(after.text).item.downloads).toBe(21);
    expect(after.etag).not.toBe(before.etag);
  });
});

describe("every change anonymous browsing shows drops the kept answers", () => {
  it("a new plugin published through the API", async () => {
    const before = await settled("/plugins");
    const { key } = await freshKey();
    const published = await app.request("/plugins", jsonPost(publishBody({ id: "fresh-publish" }), bearer(key)));
    expect(published.status).toBe(201);
    const after = await anonymous("/plugins");
    expect(after.status).toBe(200);
    expect(after.etag).not.toBe(before.etag);
    expect(JSON.parse(after.text).items.map((item: { slug: string }) => item.slug)).toContain("fresh-publish");
    expect((await anonymous("/plugins", { "if-none-match": before.etag! })).status).toBe(200);
  });

  it("a new version", async () => {
    const { key } = await freshKey();
    expect((await app.request("/plugins", jsonPost(publishBody({ id: "versioned" }), bearer(key)))).status).toBe(201);
    const before = await settled("/plugins/versioned");
    expect((await app.request("/plugins", jsonPost(publishBody({ id: "versioned", version: "1.1.0" }), bearer(key)))).status).toBe(201);
    const after = await anonymous("/plugins/versioned");
    expect(after.etag).not.toBe(before.etag);
    const item = JSON.parse(after.text).item;
    expect(item.version).toBe("1.1.0");
    expect(item.versions.map((v: { version: string }) => v.version)).toEqual(["1.1.0", "1.0.0"]);
  });

  it("a delete by the author", async () => {
    const { accountId, key } = await freshKey();
    await insertPlugin(app.deps.db, { slug: "to-delete", ownerId: accountId });
    const list = await settled("/plugins");
    expect((await settled("/plugins/to-delete")).status).toBe(200);
    expect((await app.request("/plugins/to-delete", { method: "DELETE", headers: bearer(key) })).status).toBe(204);
    expect((await anonymous("/plugins/to-delete")).status).toBe(404);
    const after = await anonymous("/plugins");
    expect(after.etag).not.toBe(list.etag);
    expect(after.text).not.toContain('"to-delete"');
  });

  it("a price approved by the operator", async () => {
    const seller = await insertAccount(app.deps.db, { plan: "pro" });
    await insertPlugin(app.deps.db, { slug: "priced", ownerId: seller.id });
    const before = await settled("/plugins/priced");
    expect(JSON.parse(before.text).item.price).toBeNull();
    await setPrice(app.deps, await webCaller(app, seller.id), "priced", "t2");
    // A pending request shows nowhere in the public answer: nothing to drop yet.
    expect(JSON.parse((await anonymous("/plugins/priced")).text).item.price).toBeNull();
    await reviewPriceRequest(app.deps, { slug: "priced", decision: "approve" });
    const after = await anonymous("/plugins/priced");
    expect(after.etag).not.toBe(before.etag);
    expect(JSON.parse(after.text).item.price).not.toBeNull();
  });

  it("a listing hidden in the database by another process", async () => {
    await insertPlugin(app.deps.db, { slug: "to-hide", ownerId: authorId });
    const before = await settled("/plugins?q=to-hide");
    expect(JSON.parse(before.text).items).toHaveLength(1);
    expect((await settled("/plugins/to-hide")).status).toBe(200);
    await app.deps.db.update(plugins).set({ status: "hidden" }).where(eq(plugins.slug, "to-hide"));
    expect(JSON.parse((await anonymous("/plugins?q=to-hide")).text).items).toHaveLength(0);
    expect((await anonymous("/plugins/to-hide")).status).toBe(404);
  });

  it("a publisher renamed or given a badge", async () => {
    const publisher = await insertAccount(app.deps.db, { name: "Old Name" });
    await insertPlugin(app.deps.db, { slug: "renamed", ownerId: publisher.id });
    const before = await settled("/plugins/renamed");
    await app.deps.db.update(accounts).set({ name: "New Name" }).where(eq(accounts.id, publisher.id));
    await settleKeptCallers(app.deps);
    const renamed = await anonymous("/plugins/renamed");
    expect(JSON.parse(renamed.text).item.publisher.name).toBe("New Name");
    expect(renamed.etag).not.toBe(before.etag);
    await app.deps.db.update(accounts).set({ verified: true }).where(eq(accounts.id, publisher.id));
    await settleKeptCallers(app.deps);
    expect(JSON.parse((await anonymous("/plugins/renamed")).text).item.publisher.verified).toBe(true);
  });

  it("a suspension moves the version; other account changes do not", async () => {
    const account = await insertAccount(app.deps.db);
    const start = await version();
    await app.deps.db.update(accounts).set({ country: "IN" }).where(eq(accounts.id, account.id));
    await settleKeptCallers(app.deps);
    expect(await version()).toBe(start);
    await changeAccount(app.deps.db, { id: account.id }, { suspended: true }, null);
    expect(await version()).toBeGreaterThan(start);
  });

  it("an account deleted: its plugins leave the marketplace", async () => {
    const leaving = await insertAccount(app.deps.db, { name: "Leaving" });
    await insertPlugin(app.deps.db, { slug: "leaves-with-account", ownerId: leaving.id });
    expect((await settled("/plugins/leaves-with-account")).status).toBe(200);
    const caller = await webCaller(app, leaving.id);
    await deleteAccount(app.deps, caller, { confirmation: caller.account.email! });
    expect((await anonymous("/plugins/leaves-with-account")).status).toBe(404);
  });

  it("one transaction of many rows moves the version once", async () => {
    const start = await version();
    await app.deps.db.update(plugins).set({ description: "Bulk edit." }).where(eq(plugins.ownerId, authorId));
    expect(await version()).toBe(start + 1);
  });
});
