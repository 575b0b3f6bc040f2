/**
 * Kept callers (accounts/principal-cache.ts; docs/accounts.md#kept-callers): each instance keeps the callers
 * of the API keys, desktop tokens and website sessions it has seen, and a change made anywhere — a key revoked, a suspension, a plan change, by a
 * request to either instance or by hand in the database — reaches the other instance through the
 * database's notices, and the instance that made it at once. Two instances share one database, as two
 * processes of a deployment do; the same file runs on PGlite and PostgreSQL. "Heard" is awaited, never slept:
 * settleKeptCallers resolves once an instance has applied every change committed before it was called.
 */
import { randomBytes } from "node:crypto";
import { apiKeys, accounts, complimentaryPlans, oauthGrants, oauthTokens } from "@streamkit/db";
import { oauthLimits } from "@streamkit/api-contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { settleKeptCallers } from "../../../src/accounts/principal";
import { createTestApp, type TestApp } from "../../support/app";
import { TestClock } from "../../support/clock";
import { bearer, insertAccount, insertDesktopTokens, insertKey } from "../../support/factories";
import { sessionCookie } from "../../support/session";
import { readTrpc, trpcMutate, trpcQuery } from "../../support/trpc";

const clock = new TestClock(Date.UTC(2026, 10, 29, 9, 0, 0));
let first: TestApp;
let second: TestApp;

beforeAll(async () => {
  // One master secret, as a deployment's processes share one: a session cookie one signs, the other reads.
  const env = { SECRET_KEY: randomBytes(32).toString("base64url") };
  first = await createTestApp({ now: clock.now, env });
  second = await createTestApp({ now: clock.now, database: first.database, env });
});
afterAll(async () => {
  await second?.close();
  await first?.close();
});
beforeEach(() => clock.nextMinute());

/** An account with one key whose caller both instances keep (each has answered it once). */
async function keptOnBoth(values: Parameters<typeof insertAccount>[1] = {}) {
  const account = await insertAccount(first.deps.db, values);
  const { key, id } = await insertKey(first.deps.db, account.id);
  for (const app of [first, second]) expect((await app.json("/me", { headers: bearer(key) })).status).toBe(200);
  return { account, key, keyId: id };
}

describe("a change made on one instance", () => {
  it("a revoked key is refused by the instance that revoked it at once, and by the other once it has heard", async () => {
    const { account, key, keyId } = await keptOnBoth();
    const cookie = await sessionCookie(first, account.id);
    // Revoking is the website's: through /api/trpc, as its pages call it.
    expect((await readTrpc(await trpcMutate(first, "keys.revoke", { id: keyId }, { cookie }))).status).toBe(200);
    const refused = await first.json("/me", { headers: bearer(key) });
    expect(refused.status).toBe(401);
    expect(refused.body.error.code).toBe("invalid_token");
    await settleKeptCallers(second.deps);
    expect((await second.json("/me", { headers: bearer(key) })).status).toBe(401);
  });

  it("a suspension by an operator applies at once where it was made and on the other instance once heard; lifting it too", async () => {
    const operator = await insertAccount(first.deps.db, { staff: true });
    const cookie = await sessionCookie(first, operator.id);
    const { account, key } = await keptOnBoth();
    const suspend = async (suspended: boolean) => readTrpc(await trpcMutate(first, "admin.accounts.setSuspended", { id: account.id, suspended }, { cookie }));
    expect((await suspend(true)).status).toBe(200);
    const refused = await first.json("/me", { headers: bearer(key) });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe("account_disabled");
    await settleKeptCallers(second.deps);
    expect((await second.json("/me", { headers: bearer(key) })).body.error.code).toBe("account_disabled");
    expect((await suspend(false)).status).toBe(200);
    expect((await first.json("/me", { headers: bearer(key) })).status).toBe(200);
    await settleKeptCallers(second.deps);
    expect((await second.json("/me", { headers: bearer(key) })).status).toBe(200);
  });

  it("a plan changed by an operator gives the key its new plan and limit on both instances", async () => {
    const operator = await insertAccount(first.deps.db, { staff: true });
    const cookie = await sessionCookie(first, operator.id);
    const { account, key } = await keptOnBoth();
    const changed = await readTrpc(await trpcMutate(first, "admin.accounts.setPlan", { id: account.id, plan: "pro" }, { cookie }));
    expect(changed.status).toBe(200);
    const me = await first.json("/me", { headers: bearer(key) });
    expect(me.body.plan.name).toBe("pro");
    await settleKeptCallers(second.deps);
    expect((await second.json("/me", { headers: bearer(key) })).body.plan.name).toBe("pro");
  });
});

describe("a change made by hand in the database (another process, an operator's tool)", () => {
  it("reaches both instances: a revocation, a suspension, a complimentary plan, a new scope list", async () => {
    const { account, key, keyId } = await keptOnBoth();
    await first.deps.db.insert(complimentaryPlans).values({ accountId: account.id, plan: "ultimate", endsAt: new Date(clock.now().getTime() + 86_400_000) });
    await Promise.all([settleKeptCallers(first.deps), settleKeptCallers(second.deps)]);
    for (const app of [first, second]) expect((await app.json("/me", { headers: bearer(key) })).body.plan.name).toBe("ultimate");

    clock.nextMinute();
    await first.deps.db
      .update(apiKeys)
      .set({ scopes: ["sounds:read"] })
      .where(eq(apiKeys.id, keyId));
    await Promise.all([settleKeptCallers(first.deps), settleKeptCallers(second.deps)]);
    for (const app of [first, second]) expect((await app.json("/purchases", { headers: bearer(key) })).body.error.code).toBe("insufficient_scope");

    clock.nextMinute();
    await first.deps.db.update(accounts).set({ suspended: true }).where(eq(accounts.id, account.id));
    await Promise.all([settleKeptCallers(first.deps), settleKeptCallers(second.deps)]);
    for (const app of [first, second]) expect((await app.json("/plugins", { headers: bearer(key) })).body.error.code).toBe("account_disabled");

    await first.deps.db.delete(apiKeys).where(eq(apiKeys.id, keyId));
    await Promise.all([settleKeptCallers(first.deps), settleKeptCallers(second.deps)]);
    for (const app of [first, second]) expect((await app.json("/plugins", { headers: bearer(key) })).status).toBe(401);
  });
});

describe("kept website sessions", () => {
  /** The header menu's query, as the site's pages call it with the session cookie. */
  const menu = async (app: TestApp, cookie: string) => readTrpc(await trpcQuery(app, "accounts.menu", undefined, { cookie }));

  /** An account whose session both instances keep (each has answered it once). */
  async function sessionOnBoth() {
    const account = await insertAccount(first.deps.db, { name: "Kept Session" });
    const cookie = await sessionCookie(first, account.id);
    for (const app of [first, second]) expect(await menu(app, cookie)).toMatchObject({ data: { name: "Kept Session", plan: "free" } });
    return { account, cookie };
  }

  it("a suspension and a plan change by an operator apply at once where made, and on the other instance once heard", async () => {
    const operator = await insertAccount(first.deps.db, { staff: true });
    const operatorCookie = await sessionCookie(first, operator.id);
    const { account, cookie } = await sessionOnBoth();
    const admin = async (procedure: string, input: unknown) => readTrpc(await trpcMutate(first, procedure, input, { cookie: operatorCookie }));

    expect((await admin("admin.accounts.setPlan", { id: account.id, plan: "pro" })).status).toBe(200);
    expect((await menu(first, cookie)).data.plan).toBe("pro");
    await settleKeptCallers(second.deps);
    expect((await menu(second, cookie)).data.plan).toBe("pro");

    expect((await admin("admin.accounts.setSuspended", { id: account.id, suspended: true })).status).toBe(200);
    const refused = await menu(first, cookie);
    expect(refused.status).toBe(403);
    expect(refused.error?.code).toBe("account_disabled");
    await settleKeptCallers(second.deps);
    expect((await menu(second, cookie)).error?.code).toBe("account_disabled");
  });

  it("sessions signed out everywhere, or of a deleted account, stop on both instances", async () => {
    const { account, cookie } = await sessionOnBoth();
    // Signing out everywhere (or a new password) makes every session issued before now count no more.
    await first.deps.db
      .update(accounts)
      .set({ sessionsValidAfter: new Date(Date.now() + 2_000) })
      .where(eq(accounts.id, account.id));
    await Promise.all([settleKeptCallers(first.deps), settleKeptCallers(second.deps)]);
    for (const app of [first, second]) expect((await menu(app, cookie)).status).toBe(401);

    const other = await sessionOnBoth();
    await first.deps.db.update(accounts).set({ deletedAt: clock.now() }).where(eq(accounts.id, other.account.id));
    await Promise.all([settleKeptCallers(first.deps), settleKeptCallers(second.deps)]);
    for (const app of [first, second]) expect((await menu(app, other.cookie)).status).toBe(401);
  });
});

describe("kept desktop tokens", () => {
  /** An account with a desktop sign-in whose caller both instances keep (each has answered its access token once). */
  async function desktopOnBoth() {
    const account = await insertAccount(first.deps.db);
    const tokens = await insertDesktopTokens(first.deps.db, account.id, { now: clock.now() });
    for (const app of [first, second]) expect((await app.json("/me", { headers: bearer(tokens.accessToken) })).status).toBe(200);
    return { account, ...tokens };
  }
  const revokeForm = (app: TestApp, token: string) =>
    app.raw("/api/oauth/revoke", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ token, client_id: "streamkit-desktop" }).toString(),
    });

  it("a sign-in ended on the website, or through the revocation endpoint, is refused at once where ended and on the other instance once heard", async () => {
    const { account, grantId, accessToken } = await desktopOnBoth();
    const cookie = await sessionCookie(first, account.id);
    expect((await readTrpc(await trpcMutate(first, "oauth.revokeConnectedApp", { id: grantId }, { cookie }))).status).toBe(200);
    const refused = await first.json("/me", { headers: bearer(accessToken) });
    expect(refused.status).toBe(401);
    expect(refused.body.error.code).toBe("invalid_token");
    await settleKeptCallers(second.deps);
    expect((await second.json("/me", { headers: bearer(accessToken) })).status).toBe(401);

    const other = await desktopOnBoth();
    expect((await revokeForm(second, other.refreshToken)).status).toBe(200);
    expect((await second.json("/me", { headers: bearer(other.accessToken) })).status).toBe(401);
    await settleKeptCallers(first.deps);
    expect((await first.json("/me", { headers: bearer(other.accessToken) })).status).toBe(401);
  });

  it("changes made by hand reach both instances: a suspension, a sign-in rescoped, the access token deleted, the sign-in deleted", async () => {
    const { account, grantId, accessToken } = await desktopOnBoth();
    const settleBoth = () => Promise.all([settleKeptCallers(first.deps), settleKeptCallers(second.deps)]);
    await first.deps.db.update(accounts).set({ suspended: true }).where(eq(accounts.id, account.id));
    await settleBoth();
    for (const app of [first, second]) expect((await app.json("/me", { headers: bearer(accessToken) })).body.error.code).toBe("account_disabled");
    await first.deps.db.update(accounts).set({ suspended: false }).where(eq(accounts.id, account.id));
    await settleBoth();
    for (const app of [first, second]) expect((await app.json("/me", { headers: bearer(accessToken) })).status).toBe(200);

    await first.deps.db
      .update(oauthTokens)
      .set({ scopes: ["sounds:read"] })
      .where(eq(oauthTokens.grantId, grantId));
    await settleBoth();
    for (const app of [first, second]) expect((await app.json("/purchases", { headers: bearer(accessToken) })).body.error.code).toBe("insufficient_scope");

    await first.deps.db.delete(oauthTokens).where(eq(oauthTokens.grantId, grantId));
    await settleBoth();
    for (const app of [first, second]) expect((await app.json("/me", { headers: bearer(accessToken) })).status).toBe(401);

    const other = await desktopOnBoth();
    await first.deps.db.delete(oauthGrants).where(eq(oauthGrants.id, other.grantId));
    await settleBoth();
    for (const app of [first, second]) expect((await app.json("/me", { headers: bearer(other.accessToken) })).status).toBe(401);
  });

  it("a kept token holds until it expires, with no notice", async () => {
    const { accessToken } = await desktopOnBoth();
    clock.advance(oauthLimits.accessTokenSeconds * 1000 - 1);
    expect((await first.json("/me", { headers: bearer(accessToken) })).status).toBe(200);
    clock.advance(1);
    expect((await first.json("/me", { headers: bearer(accessToken) })).status).toBe(401);
  });

  it("a sign-in's last use is written once a minute per instance, and the connected apps list shows this instance's at once", async () => {
    const { account, grantId, accessToken } = await desktopOnBoth();
    const cookie = await sessionCookie(first, account.id);
    const lastUsed = async () => {
      const listed = await readTrpc(await trpcQuery(first, "oauth.connectedApps", undefined, { cookie }));
      return listed.data.items.find((item: { id: string }) => item.id === grantId).lastUsedAt;
    };
    const firstUse = await lastUsed();
    expect(firstUse).toBe(clock.now().toISOString());
    clock.advance(30_000);
    expect((await first.json("/me", { headers: bearer(accessToken) })).status).toBe(200);
    expect(await lastUsed()).toBe(firstUse);
    clock.advance(30_000);
    expect((await first.json("/me", { headers: bearer(accessToken) })).status).toBe(200);
    expect(await lastUsed()).toBe(clock.now().toISOString());
  });
});

describe("changes by time alone", () => {
  it("a kept caller holds until its key expires and until its plan ends, with no notice", async () => {
    const account = await insertAccount(first.deps.db);
    const endsAt = new Date(clock.now().getTime() + 30_000);
    await first.deps.db.insert(complimentaryPlans).values({ accountId: account.id, plan: "pro", endsAt });
    const { key } = await insertKey(first.deps.db, account.id, { expiresAt: new Date(clock.now().getTime() + 90_000) });
    expect((await first.json("/me", { headers: bearer(key) })).body.plan.name).toBe("pro");
    clock.advance(30_000);
    expect((await first.json("/me", { headers: bearer(key) })).body.plan.name).toBe("free");
    clock.advance(59_999);
    expect((await first.json("/me", { headers: bearer(key) })).status).toBe(200);
    clock.advance(1);
    expect((await first.json("/me", { headers: bearer(key) })).status).toBe(401);
  });
});
