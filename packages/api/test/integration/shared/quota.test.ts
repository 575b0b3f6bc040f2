/**
 * Quotas are decided by the database (shared/quota.ts): concurrent creations
 * of one account take turns on the account's row, so no two see the last free
 * place. Driven through the tRPC router as the website calls it (key creation
 * is website only).
 */
import { randomUUID } from "node:crypto";
import { apiKeyLimits } from "@streamkit/api-contract";
import { apiKeys } from "@streamkit/db";
import { and, count, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createContext } from "../../../src/shared/context";
import { isAppError } from "@streamkit/api-contract";
import { appRouter } from "../../../src/app/router";
import { withinQuota } from "../../../src/shared/quota";
import { createCallerFactory } from "../../../src/shared/trpc";
import { createTestApp, type TestApp } from "../../support/app";
import { TestClock } from "../../support/clock";
import { webCaller } from "../../support/commerce";
import { insertAccount, insertKey } from "../../support/factories";
import { raceThroughLock } from "../../support/race";

const limit = apiKeyLimits.maxKeysPerAccount;
const clock = new TestClock(Date.UTC(2026, 10, 1, 9, 0, 0));
let app: TestApp;

beforeAll(async () => {
  app = await createTestApp({ now: clock.now });
});
afterAll(() => app.close());
beforeEach(() => clock.nextMinute());

/** The website's tRPC caller for an account, as its signed-in pages use it. */
async function website(accountId: string) {
  const caller = await webCaller(app, accountId);
  return createCallerFactory(appRouter)(createContext({ deps: app.deps, requestId: randomUUID(), surface: "web", caller }));
}

/** Fires the calls together; on PostgreSQL they are held behind the account's row and let go at once (support/race.ts). */
function race<T>(accountId: string, calls: () => Promise<T>[]) {
  const racers = calls.length;
  return raceThroughLock(app.database, { lockSql: "select id from accounts where id = $1 for update", params: [accountId], racers }, calls);
}

/** The domain error behind a rejected call (tRPC's caller wraps it). */
function domainError(reason: unknown) {
  const cause = (reason as { cause?: unknown }).cause;
  if (isAppError(reason)) return reason;
  if (isAppError(cause)) return cause;
  throw reason;
}

async function unrevokedKeys(accountId: string): Promise<number> {
  const [row] = await app.deps.db
    .select({ n: count() })
    .from(apiKeys)
    .where(and(eq(apiKeys.accountId, accountId), isNull(apiKeys.revokedAt)));
  return row!.n;
}

async function accountWithKeys(keys: number) {
  const account = await insertAccount(app.deps.db, { name: "Key Holder", plan: "pro" });
  for (let i = 0; i < keys; i++) await insertKey(app.deps.db, account.id, { name: `key ${i}` });
  return account;
}

describe("API key quota", () => {
  it("lets exactly the free places through when five creations race two below the limit", async () => {
    const account = await accountWithKeys(limit - 2);
    const trpc = await website(account.id);
    const results = await race(account.id, () => Array.from({ length: 5 }, (_, i) => trpc.keys.create({ name: `racer ${i}`, scopes: ["plugins:read"] })));

    const created = results.filter((r) => r.status === "fulfilled");
    const refused = results.flatMap((r) => (r.status === "rejected" ? [domainError(r.reason)] : []));
    expect(created).toHaveLength(2);
    expect(refused).toHaveLength(3);
    for (const error of refused) {
      expect(error.code).toBe("limit_reached");
      expect(error.status).toBe(403);
      expect(error.details).toEqual({ limit });
    }
    expect(await unrevokedKeys(account.id)).toBe(limit);
  });

  it("does not count revoked keys: revoking one makes room for exactly one more", async () => {
    const account = await accountWithKeys(limit);
    const trpc = await website(account.id);
    await expect(trpc.keys.create({ name: "one too many", scopes: ["plugins:read"] }).catch(domainError)).resolves.toMatchObject({
      code: "limit_reached",
      details: { limit },
    });

    const [oldest] = await trpc.keys.list().then((answer) => answer.items.slice(-1));
    await trpc.keys.revoke({ id: oldest!.id });
    const results = await race(account.id, () => [
      trpc.keys.create({ name: "in the freed place", scopes: ["plugins:read"] }),
      trpc.keys.create({ name: "also wants it", scopes: ["plugins:read"] }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(results.flatMap((r) => (r.status === "rejected" ? [domainError(r.reason).code] : []))).toEqual(["limit_reached"]);
    expect(await unrevokedKeys(account.id)).toBe(limit);
    const [total] = await app.deps.db.select({ n: count() }).from(apiKeys).where(eq(apiKeys.accountId, account.id));
    expect(total!.n).toBe(limit + 1);
  });

  it("keeps each account's quota to itself", async () => {
    const full = await accountWithKeys(limit);
    const empty = await insertAccount(app.deps.db, { name: "Fresh", plan: "pro" });
    // Both callers first: a create started while the other caller is still being built could be refused before allSettled holds it (an unhandled rejection).
    const [fullCaller, emptyCaller] = await Promise.all([website(full.id), website(empty.id)]);
    const [fullTry, emptyTry] = await Promise.allSettled([
      fullCaller.keys.create({ name: "no room", scopes: ["plugins:read"] }),
      emptyCaller.keys.create({ name: "first", scopes: ["plugins:read"] }),
    ]);
    expect(fullTry.status === "rejected" && domainError(fullTry.reason).code).toBe("limit_reached");
    expect(emptyTry.status).toBe("fulfilled");
  });
});

describe("withinQuota", () => {
  it("refuses an account that does not exist, and rolls the insert back when it throws", async () => {
    const rule = (accountId: string) => ({ accountId, limit: 1, message: "full", count: async () => 0 });
    await expect(withinQuota(app.deps.db, rule(randomUUID()), async () => "never")).rejects.toMatchObject({ code: "not_found" });

    const account = await insertAccount(app.deps.db, { name: "Rollback", plan: "pro" });
    const failing = withinQuota(app.deps.db, rule(account.id), async (tx) => {
      await tx.insert(apiKeys).values({ accountId: account.id, name: "half done", prefix: "sk_x", hash: randomUUID(), scopes: [] });
      throw new Error("the rest of the insert failed");
    });
    await expect(failing).rejects.toThrow("the rest of the insert failed");
    expect(await unrevokedKeys(account.id)).toBe(0);
  });
});
