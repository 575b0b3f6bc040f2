/**
 * The per-account limit is exact across processes on both backends: two server
 * processes on one database, 40 concurrent requests from two keys of one
 * account → exactly 10 succeed, counted in PostgreSQL, and again with two
 * processes counting in one Redis (REDIS_URL, else 127.0.0.1:6379; a Redis
 * that does not answer fails the test). Only PostgreSQL can be shared by
 * processes, so this file runs in the postgres project only.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type DatabaseHandle, rateLimitWindows } from "@streamkit/db";
import { count, like } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDatabase } from "../support/database";
import { bearer, insertAccount, insertKey } from "../support/factories";
import { deleteKeys, inspectRedis, type RedisInspector, runPrefix, sharedRedisUrl } from "../support/redis";
import { type ServerProcess, startServerProcess } from "../support/server-process";

let database: DatabaseHandle;
let servers: ServerProcess[];
let redisServers: ServerProcess[];
let redis: RedisInspector;
const prefix = runPrefix("multiprocess");
const clockFile = join(mkdtempSync(join(tmpdir(), "streamkit-clock-")), "offset");
let offset = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  // Start both processes at the beginning of a minute, so one burst stays in one window.
  offset = 60_000 - (Date.now() % 60_000) + 1_000;
  writeFileSync(clockFile, String(offset));
  redis = await inspectRedis();
  servers = await Promise.all([0, 1].map(() => startServerProcess({ DATABASE_URL: database.url!, CLOCK_FILE: clockFile })));
  redisServers = await Promise.all(
    [0, 1].map(() =>
      startServerProcess({ DATABASE_URL: database.url!, CLOCK_FILE: clockFile, REDIS_URL: sharedRedisUrl, REDIS_KEY_PREFIX: prefix, REDIS_TIMEOUT_MS: "5000" }),
    ),
  );
}, 120_000);

afterAll(async () => {
  await Promise.all([...(servers ?? []), ...(redisServers ?? [])].map((s) => s.stop()));
  if (redis) {
    await deleteKeys(redis, prefix);
    redis.destroy();
  }
  await database?.close();
});

it.each([
  ["PostgreSQL", () => servers],
  ["Redis", () => redisServers],
])("admits exactly the plan's 10 requests a minute across two processes and two keys, counted in %s", async (backend, serversOf) => {
  const servers = serversOf();
  // Each burst at the beginning of a minute of its own, so it stays in one window.
  offset = 60_000 - (Date.now() % 60_000) + 1_000;
  writeFileSync(clockFile, String(offset));
  const account = await insertAccount(database.db, { plan: "pro" });
  const other = await insertAccount(database.db, { plan: "pro" });
  const keys = [(await insertKey(database.db, account.id)).key, (await insertKey(database.db, account.id)).key];
  const otherKey = (await insertKey(database.db, other.id)).key;

  const responses = await Promise.all(
    Array.from({ length: 40 }, (_, i) => fetch(`${servers[i % 2]!.url}/api/v1/me`, { headers: bearer(keys[Math.floor(i / 2) % 2]!) })),
  );
  const statuses = responses.map((r) => r.status);
  expect(statuses.filter((s) => s === 200)).toHaveLength(10);
  expect(statuses.filter((s) => s === 429)).toHaveLength(30);
  for (const response of responses) {
    expect(response.headers.get("x-ratelimit-limit")).toBe("10");
    expect(response.headers.get("x-ratelimit-remaining")).toMatch(/^\d+$/);
    expect(response.headers.get("x-ratelimit-reset")).toMatch(/^\d{10}$/);
    if (response.status === 429) {
      expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(await response.json()).toMatchObject({ error: { code: "rate_limited" } });
    }
  }
  const remaining = responses.filter((r) => r.status === 200).map((r) => Number(r.headers.get("x-ratelimit-remaining")));
  expect(remaining.sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);

  const unaffected = await fetch(`${servers[1]!.url}/api/v1/me`, { headers: bearer(otherKey) });
  expect(unaffected.status).toBe(200);
  expect(unaffected.headers.get("x-ratelimit-remaining")).toBe("9");

  // The next window: move both processes' clocks a minute on.
  writeFileSync(clockFile, String(offset + 60_000));
  if (backend === "Redis") {
    const [row] = await database.db
      .select({ n: count() })
      .from(rateLimitWindows)
      .where(like(rateLimitWindows.bucket, `api:${account.id}`));
    expect(row!.n).toBe(0);
  }
  const again = await fetch(`${servers[0]!.url}/api/v1/me`, { headers: bearer(keys[0]!) });
  expect(again.status).toBe(200);
  expect(again.headers.get("x-ratelimit-remaining")).toBe("9");
});
