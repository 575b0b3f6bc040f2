/**
 * The rate-limit windows in Redis (REDIS_URL; docs/operations.md#redis), against a real Redis: the shared one
 * (REDIS_URL, else 127.0.0.1:6379; unreachable fails these tests, it does not skip them) and throwaway
 * redis-server children for the outages. Two instances of the service share the database and the Redis, as
 * two processes of a deployment do; the same file runs on PGlite and PostgreSQL.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { availabilityLimits, rateLimits, redisCounting } from "@streamkit/api-contract";
import { rateLimitWindows } from "@streamkit/db";
import { like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppDeps } from "../../../src/shared/deps";
import { loadEnv } from "../../../src/shared/env";
import { bucketPrefix, hitLimit, type LimitName, refundLimit } from "../../../src/shared/limits/index";
import type { RedisWindows } from "../../../src/shared/limits/redis-store";
import { DatabaseWindows } from "../../../src/shared/limits/store";
import { windowAt } from "../../../src/shared/limits/window";
import { createTestApp, type TestApp } from "../../support/app";
import { TestClock } from "../../support/clock";
import { bearer, insertAccount, insertKey } from "../../support/factories";
import { jsonPost, publishBody } from "../../support/packages";
import { deleteKeys, inspectRedis, type RedisInspector, runPrefix, sharedRedisUrl, startRedisServer } from "../../support/redis";

const clock = new TestClock(Date.UTC(2026, 10, 22, 9, 0, 0));
const prefix = runPrefix("limits");
/** One master secret for both instances, as a deployment's processes share one. */
const env = {
  REDIS_URL: sharedRedisUrl,
  REDIS_KEY_PREFIX: prefix,
  SECRET_KEY: randomBytes(32).toString("base64url"),
  WEB_RATE_LIMIT_PER_MINUTE: "30",
  APP_RATE_LIMIT_PER_MINUTE: "20",
  // Generous on a busy test machine (PGlite runs in this process): these tests count, the outage tests below time out.
  REDIS_TIMEOUT_MS: "5000",
};
let first: TestApp;
let second: TestApp;
let redis: RedisInspector;

const storeOf = (app: TestApp) => app.deps.limitStore as RedisWindows;

async function accountWithKeys(plan: "free" | "pro", keys = 1) {
  const account = await insertAccount(first.deps.db, { plan });
  const made: string[] = [];
  for (let i = 0; i < keys; i++) made.push((await insertKey(first.deps.db, account.id)).key);
  return { id: account.id, keys: made };
}

beforeAll(async () => {
  redis = await inspectRedis();
  first = await createTestApp({ now: clock.now, env });
  second = await createTestApp({ now: clock.now, env, database: first.database });
  await Promise.all([storeOf(first).ready(), storeOf(second).ready()]);
});

afterAll(async () => {
  await deleteKeys(redis, prefix);
  redis.destroy();
  await second?.close();
  await first?.close();
});

describe("REDIS_URL", () => {
  it("selects the Redis store; unset, the database's; anything but redis:// or rediss:// is refused at start", () => {
    expect(first.deps.limitStore.kind).toBe("redis");
    expect(loadEnv({ REDIS_URL: "rediss://user:secret@redis.internal:6380/2" }).REDIS_URL).toBe("rediss://user:secret@redis.internal:6380/2");
    expect(() => loadEnv({ REDIS_URL: "http://127.0.0.1:6379" })).toThrow(/REDIS_URL/);
    expect(() => loadEnv({ REDIS_TIMEOUT_MS: "0" })).toThrow(/REDIS_TIMEOUT_MS/);
    expect(loadEnv({}).REDIS_KEY_PREFIX).toBe("streamkit:");
  });

  it("is part of readiness when set: /readyz names Redis beside the database; unset, only the database", async () => {
    const withRedis = await first.raw("/readyz");
    expect(withRedis.status).toBe(200);
    expect(await withRedis.json()).toEqual({ status: "ready", database: "up", redis: "up" });
    const plain = await createTestApp({ now: clock.now, env: { ...env, REDIS_URL: "" }, database: first.database });
    try {
      expect(plain.deps.limitStore.kind).toBe("database");
      expect(await (await plain.raw("/readyz")).json()).toEqual({ status: "ready", database: "up" });
    } finally {
      await plain.close();
    }
  });
});

describe("limits counted in Redis", () => {
  it("admits exactly the plan's 10 requests a minute across two instances and two keys, in Redis only, until the window ends", async () => {
    clock.nextMinute();
    const { id, keys } = await accountWithKeys("pro", 2);
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, i) => [first, second][i % 2]!.request("/me", { headers: bearer(keys[Math.floor(i / 2) % 2]!) })),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30);
    const window = windowAt(clock.now().getTime(), 60);
    for (const response of responses) {
      expect(response.headers.get("x-ratelimit-limit")).toBe("10");
      expect(response.headers.get("x-ratelimit-reset")).toBe(String(window.end / 1000));
      if (response.status === 429) {
        expect(response.headers.get("retry-after")).toBe("60");
        expect(await response.json()).toMatchObject({ error: { code: "rate_limited" } });
      }
    }
    const remaining = responses.filter((r) => r.status === 200).map((r) => Number(r.headers.get("x-ratelimit-remaining")));
    expect(remaining.sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);

    // One key per window, refused hits counted too (as in the database), expiring by itself after its window.
    const key = storeOf(first).keyOf(`api:${id}`, window.start);
    expect(await redis.get(key)).toBe("40");
    const ttl = await redis.pTTL(key);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(60_000 + redisCounting.expiryGraceMs);
    expect(await first.deps.db.select().from(rateLimitWindows).where(like(rateLimitWindows.bucket, "api:%"))).toEqual([]);

    // The next window is a new key: the service's clock moves on, Redis' keys need not have expired.
    clock.nextMinute();
    const again = await second.request("/me", { headers: bearer(keys[0]!) });
    expect(again.status).toBe(200);
    expect(again.headers.get("x-ratelimit-remaining")).toBe("9");
  });

  it("decides every database-counted limit as the database does: the same numbers, headers and refunds", async () => {
    clock.advance(12_345);
    const now = clock.now();
    const database: AppDeps = { ...first.deps, limitStore: new DatabaseWindows(first.deps.db) };
    const names = (Object.keys(rateLimits) as LimitName[]).filter((name) => !["api", "anonymous", "pageViews", "oauth", "webhooks"].includes(name)) as Exclude<
      LimitName,
      "api" | "anonymous" | "pageViews" | "oauth" | "webhooks"
    >[];
    expect(names).toEqual(expect.arrayContaining(["publish", "pluginReviews", "signInAccount", "signInAddress", "webRequests", "fxAddress"]));
    for (const name of names) {
      const key = `key-${randomUUID()}`;
      const limit = rateLimits[name].limit ?? 0;
      const hits = (name === "webRequests" ? 30 : name === "appRequests" ? 20 : limit) + 2;
      for (let i = 0; i < hits; i++) {
        const fromRedis = await hitLimit([first, second][i % 2]!.deps, name, key, now);
        expect(fromRedis, `${name}, hit ${i + 1}`).toEqual(await hitLimit(database, name, key, now));
      }
      await refundLimit(second.deps, name, key, now);
      await refundLimit(database, name, key, now);
      expect(await hitLimit(first.deps, name, key, now)).toEqual(await hitLimit(database, name, key, now));
      const windowKey = storeOf(first).keyOf(`${bucketPrefix[name]}${key}`, windowAt(now.getTime(), rateLimits[name].windowSeconds).start);
      expect(await redis.get(windowKey), name).toBe(String(hits));
      expect(await redis.pTTL(windowKey), name).toBeLessThanOrEqual(rateLimits[name].windowSeconds * 1000 + redisCounting.expiryGraceMs);
    }
    // A refund never goes below zero, nor creates a key.
    await refundLimit(first.deps, "publish", "never-hit", now);
    expect(await redis.exists(storeOf(first).keyOf("publish:never-hit", windowAt(now.getTime(), 3600).start))).toBe(0);
  });

  it("counts only publishes that succeed: a failed or refused one is given back, as its rolled-back transaction is in the database", async () => {
    const author = await accountWithKeys("pro");
    clock.advance(60 * 60 * 1000);
    const hourStart = Math.floor(clock.now().getTime() / 3_600_000) * 3_600_000;
    clock.advance(hourStart + 60_000 - clock.now().getTime());
    const key = storeOf(first).keyOf(`publish:${author.id}`, hourStart);
    const publish = (app: TestApp, version: string) =>
      app.json("/plugins", jsonPost(publishBody({ id: `redis-${author.id.slice(0, 8)}`, version }), bearer(author.keys[0]!)));

    expect((await publish(first, "1.0.1")).status).toBe(201);
    expect(await redis.get(key)).toBe("1");
    // Counted, then the version check fails inside the transaction: given back.
    expect((await publish(second, "1.0.1")).status).toBe(409);
    expect(await redis.get(key)).toBe("1");
    // Concurrent publishes from both instances (in a minute of their own: the plan allows 10 requests a minute),
    // racing for the version order: those that lose (409) are given back, only the successful ones stay counted.
    clock.nextMinute();
    const results = await Promise.all([2, 3, 4, 5, 6, 7].map((patch, i) => publish([first, second][i % 2]!, `1.0.${patch}`)));
    const created = results.filter((r) => r.status === 201).length;
    expect(created).toBeGreaterThan(0);
    expect(created + results.filter((r) => r.status === 409).length).toBe(6);
    expect(await redis.get(key)).toBe(String(1 + created));
    // Fill the hour, then the 11th is refused, and the refusal itself is given back too.
    for (let patch = 20; Number(await redis.get(key)) < 10; patch++) {
      clock.advance(60_000);
      expect((await publish(first, `1.0.${patch}`)).status).toBe(201);
    }
    clock.advance(60_000);
    const refused = await publish(second, "2.0.0");
    expect(refused.status).toBe(429);
    expect(refused.body.error.message).toMatch(/^At most 10 publishes per hour; retry in \d+ seconds\.$/);
    expect(refused.headers.get("retry-after")).toBe(String((hourStart + 3_600_000 - clock.now().getTime()) / 1000));
    expect(await redis.get(key)).toBe("10");
    expect(
      await first.deps.db
        .select()
        .from(rateLimitWindows)
        .where(like(rateLimitWindows.bucket, `publish:${author.id}`)),
    ).toEqual([]);
  });
});

describe("Redis restarting mid-run", () => {
  it("fails closed with 503 service_unavailable and Retry-After while Redis is away, and counts again once it is back", async () => {
    const server = await startRedisServer();
    const app = await createTestApp({ now: clock.now, env: { ...env, REDIS_URL: server.url, REDIS_TIMEOUT_MS: "500" }, database: first.database });
    try {
      clock.nextMinute();
      const { keys } = await accountWithKeys("pro");
      const me = () => app.request("/me", { headers: bearer(keys[0]!) });
      expect((await me()).headers.get("x-ratelimit-remaining")).toBe("9");
      expect((await me()).headers.get("x-ratelimit-remaining")).toBe("8");
      const ready = () => app.raw("/readyz");
      const up = await ready();
      expect(up.status).toBe(200);
      expect(await up.json()).toEqual({ status: "ready", database: "up", redis: "up" });

      await server.stop();
      // Not ready while a keyed request cannot be decided: a load balancer stops sending traffic here.
      const notReady = await ready();
      expect(notReady.status).toBe(503);
      expect(notReady.headers.get("retry-after")).toBe(String(availabilityLimits.retryAfterSeconds));
      expect(await notReady.json()).toMatchObject({ error: { code: "service_unavailable", details: { database: "up", redis: "down" } } });
      for (let i = 0; i < 3; i++) {
        const refused = await me();
        expect(refused.status).toBe(503);
        expect(refused.headers.get("retry-after")).toBe(String(availabilityLimits.retryAfterSeconds));
        expect(await refused.json()).toMatchObject({ error: { code: "service_unavailable" } });
      }
      // What no Redis window counts still works: browsing without a key is counted per address in memory.
      expect((await app.request("/plugins")).status).toBe(200);

      await server.start();
      await storeOf(app).ready();
      expect(await (await ready()).json()).toEqual({ status: "ready", database: "up", redis: "up" });
      // The restarted Redis kept nothing (no persistence): the window counts from zero again.
      const back = await me();
      expect(back.status).toBe(200);
      expect(back.headers.get("x-ratelimit-remaining")).toBe("9");
    } finally {
      await app.close();
      await server.stop();
    }
  });

  it("answers 503 within REDIS_TIMEOUT_MS when Redis is down at start, then connects by itself", async () => {
    const server = await startRedisServer();
    await server.stop();
    const app = await createTestApp({ now: clock.now, env: { ...env, REDIS_URL: server.url, REDIS_TIMEOUT_MS: "300" }, database: first.database });
    try {
      clock.nextMinute();
      const { keys } = await accountWithKeys("pro");
      const refused = await app.request("/me", { headers: bearer(keys[0]!) });
      expect(refused.status).toBe(503);
      expect(refused.headers.get("retry-after")).toBe(String(availabilityLimits.retryAfterSeconds));

      await server.start();
      await storeOf(app).ready();
      const served = await app.request("/me", { headers: bearer(keys[0]!) });
      expect(served.status).toBe(200);
      expect(served.headers.get("x-ratelimit-remaining")).toBe("9");
    } finally {
      await app.close();
      await server.stop();
    }
  });
});
