import { rateLimits } from "@streamkit/api-contract";
import { accounts, rateLimitWindows } from "@streamkit/db";
import { plans } from "@streamkit/plans";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { deleteRateLimitWindowsBefore } from "../../../src/shared/limits/database-store";
import { createTestApp, type TestApp } from "../../support/app";
import { TestClock } from "../../support/clock";
import { bearer, insertAccount, insertKey } from "../../support/factories";
import { settleKeptCallers } from "../../../src/accounts/principal";
import { sessionCookie } from "../../support/session";
import { readTrpc, trpcQuery } from "../../support/trpc";

let app: TestApp;
const clock = new TestClock(Date.UTC(2026, 10, 22, 12, 0, 0));

beforeAll(async () => {
  app = await createTestApp({ now: clock.now });
});
afterAll(() => app.close());
beforeEach(() => clock.nextMinute());

describe("GET /api/v1/me", () => {
  it("answers the account, its plan with entitlements, and the key in use", async () => {
    const account = await insertAccount(app.deps.db, { name: "Ada Lovelace", plan: "pro" });
    const { id, key } = await insertKey(app.deps.db, account.id, { scopes: ["plugins:read"] });
    const { status, body, headers } = await app.json("/me", { headers: bearer(key) });
    expect(status).toBe(200);
    expect(body).toEqual({
      account: { id: account.id, name: "Ada Lovelace" },
      plan: { name: "pro", entitlements: plans.pro.entitlements },
      key: { id, prefix: key.slice(0, 13), scopes: ["plugins:read"], expiresAt: null },
    });
    expect(body.plan.entitlements.apiRequestsPerMinute).toBe(10);
    expect(headers.get("x-ratelimit-limit")).toBe("10");
    expect(headers.get("x-ratelimit-remaining")).toBe("9");
  });

  it("applies a plan change and a suspension on the very next request", async () => {
    const account = await insertAccount(app.deps.db, { plan: "free" });
    const { key } = await insertKey(app.deps.db, account.id);
    expect((await app.json("/me", { headers: bearer(key) })).body.plan.name).toBe("free");
    await app.deps.db.update(accounts).set({ plan: "ultimate" }).where(eq(accounts.id, account.id));
    await settleKeptCallers(app.deps);
    expect((await app.json("/me", { headers: bearer(key) })).body.plan.name).toBe("ultimate");
    await app.deps.db.update(accounts).set({ suspended: true }).where(eq(accounts.id, account.id));
    await settleKeptCallers(app.deps);
    const suspended = await app.json("/me", { headers: bearer(key) });
    expect(suspended.status).toBe(403);
    expect(suspended.body.error.code).toBe("account_disabled");
    await app.deps.db.update(accounts).set({ suspended: false }).where(eq(accounts.id, account.id));
    await settleKeptCallers(app.deps);
    expect((await app.json("/me", { headers: bearer(key) })).status).toBe(200);
  });

  it("records when a key was last used", async () => {
    const account = await insertAccount(app.deps.db);
    const { key } = await insertKey(app.deps.db, account.id);
    await app.json("/me", { headers: bearer(key) });
    const { apiKeys } = await import("@streamkit/db");
    await expect
      .poll(async () => (await app.deps.db.select({ at: apiKeys.lastUsedAt }).from(apiKeys).where(eq(apiKeys.accountId, account.id)))[0]!.at)
      .toEqual(clock.now());
  });

  it("shows a use on the key list at once, its write awaited by the list", async () => {
    const account = await insertAccount(app.deps.db);
    const { key, id } = await insertKey(app.deps.db, account.id);
    await app.json("/me", { headers: bearer(key) });
    const listed = await readTrpc(await trpcQuery(app, "keys.list", undefined, { cookie: await sessionCookie(app, account.id) }));
    expect(listed.data.items.find((item: { id: string }) => item.id === id).lastUsedAt).toBe(clock.now().toISOString());
  });
});

describe("the per-account rate limit", () => {
  it("shares 10 requests a minute among the account's keys, with headers on every response", async () => {
    const account = await insertAccount(app.deps.db);
    const first = (await insertKey(app.deps.db, account.id)).key;
    const second = (await insertKey(app.deps.db, account.id)).key;
    const reset = String(Math.floor(clock.now().getTime() / 1000) + 60);
    const responses = [];
    for (let i = 0; i < 12; i++) {
      responses.push(await app.json(i % 2 ? "/me" : "/plugins", { headers: bearer(i % 2 ? first : second) }));
    }
    expect(responses.map((r) => r.status)).toEqual([...Array(10).fill(200), 429, 429]);
    expect(responses.map((r) => r.headers.get("x-ratelimit-remaining"))).toEqual(["9", "8", "7", "6", "5", "4", "3", "2", "1", "0", "0", "0"]);
    for (const r of responses) {
      expect(r.headers.get("x-ratelimit-limit")).toBe("10");
      expect(r.headers.get("x-ratelimit-reset")).toBe(reset);
    }
    const limited = responses[10]!;
    expect(limited.body).toEqual({ error: { code: "rate_limited", message: "Too many requests; retry in 60 seconds." } });
    expect(limited.headers.get("retry-after")).toBe("60");

    clock.advance(45_000);
    const later = await app.json("/me", { headers: bearer(first) });
    expect(later.headers.get("retry-after")).toBe("15");

    clock.nextMinute();
    expect((await app.json("/me", { headers: bearer(first) })).status).toBe(200);
  });

  it("counts requests that fail, and leaves other accounts alone", async () => {
    const busy = await insertAccount(app.deps.db);
    const calm = await insertAccount(app.deps.db);
    const busyKey = (await insertKey(app.deps.db, busy.id)).key;
    for (let i = 0; i < 10; i++) {
      const r = await app.json("/plugins/nope", { headers: bearer(busyKey) });
      expect(r.status).toBe(404);
      expect(r.headers.get("x-ratelimit-remaining")).toBe(String(9 - i));
    }
    expect((await app.json("/me", { headers: bearer(busyKey) })).status).toBe(429);
    const calmKey = (await insertKey(app.deps.db, calm.id)).key;
    const calmResponse = await app.json("/me", { headers: bearer(calmKey) });
    expect(calmResponse.status).toBe(200);
    expect(calmResponse.headers.get("x-ratelimit-remaining")).toBe("9");
  });

  it("counts browsing without a key per client address, not against any account (anonymous-limit.test.ts has the details)", async () => {
    const windows = await app.deps.db.select().from(rateLimitWindows);
    const r = await app.json("/plugins");
    expect(r.status).toBe(200);
    expect(r.headers.get("x-ratelimit-limit")).toBe(String(rateLimits.anonymous.limit));
    expect(await app.deps.db.select().from(rateLimitWindows)).toEqual(windows);
  });

  it("cleans up windows that ended long ago", async () => {
    const old = new Date(clock.now().getTime() - 3 * 60 * 60 * 1000);
    await app.deps.db.insert(rateLimitWindows).values({ bucket: "api:old", windowStart: old, hits: 3 });
    const removed = await deleteRateLimitWindowsBefore(app.deps.db, new Date(clock.now().getTime() - 2 * 60 * 60 * 1000));
    expect(removed).toBeGreaterThanOrEqual(1);
    const left = await app.deps.db.select().from(rateLimitWindows).where(eq(rateLimitWindows.bucket, "api:old"));
    expect(left).toEqual([]);
  });
});
