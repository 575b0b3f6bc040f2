/**
 * Secrets at rest: every signing secret is derived from one master secret kept
 * outside the database (SECRET_KEY, or <DATA_DIR>/secret.key). Checked through
 * the REST core: the website's session on /api/trpc and Auth.js's
 * /api/auth/session, and the built-in provider's signed events on
 * /api/webhooks/builtin — across restarts, a rotation, and the plain-text rows
 * older versions kept in `settings`.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { encode } from "@auth/core/jwt";
import { settings } from "@streamkit/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildAuthConfig } from "../../../src/accounts/auth-config";
import { createDeps } from "../../../src/app/create-deps";
import { loadEnv } from "../../../src/shared/env";
import { createLogger } from "../../../src/shared/logger";
import { createRestHandler } from "../../../src/app/rest-core";
import { rawRoutes } from "../../../src/app/raw-routes";
import { appRouter } from "../../../src/app/router";
import { BASE, createTestApp, type TestApp } from "../../support/app";
import { insertAccount } from "../../support/factories";
import { SESSION_COOKIE } from "../../support/session";
import { BUILTIN_SIGNATURE_HEADER, signPayload } from "@streamkit/billing";

let app: TestApp;
let accountId: string;
const folders: string[] = [];

beforeAll(async () => {
  app = await createTestApp();
  accountId = (await insertAccount(app.deps.db, { email: `${randomUUID()}@secrets.example` })).id;
});
afterAll(async () => {
  await app.close();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

function dataFolder(): string {
  const folder = mkdtempSync(join(tmpdir(), "streamkit-secrets-"));
  folders.push(folder);
  return folder;
}

const newKey = () => randomBytes(32).toString("base64url");

/** One server process on the shared test database, started with these variables ("" unsets one): its deps and its REST core. */
async function start(variables: Record<string, string>) {
  const env = loadEnv({ NODE_ENV: "test", PUBLIC_URL: BASE, DEMO_DATA: "off", LOG_LEVEL: "silent", SECRET_KEY: "", ...variables });
  const deps = await createDeps({ db: app.deps.db, env, log: createLogger("silent"), now: () => new Date() });
  const handler = createRestHandler(appRouter, deps, rawRoutes(buildAuthConfig(deps)));
  return { deps, raw: (path: string, init?: RequestInit) => handler(new Request(`${BASE}${path}`, init)) };
}
type Process = Awaited<ReturnType<typeof start>>;

/** The Cookie header of a session as Auth.js writes it, signed with `secret` (or a list, newest first). */
async function cookieSignedWith(secret: string | string[]): Promise<string> {
  return `${SESSION_COOKIE}=${await encode({ token: { sub: accountId }, secret, salt: SESSION_COOKIE, maxAge: 3600 })}`;
}

/** Whether the process takes the cookie as the account's session, asked both of the website's caller resolver and of Auth.js. */
async function signedIn(process: Process, cookie: string): Promise<boolean> {
  const trpc = await process.raw("/api/trpc/keys.list", { headers: { cookie } });
  const session = (await (await process.raw("/api/auth/session", { headers: { cookie } })).json()) as { user?: { id?: string } } | null;
  expect(trpc.status === 200).toBe(session?.user?.id === accountId);
  return trpc.status === 200;
}

/** A built-in provider event — a refund of a payment nobody made, accepted and ignored when its signature holds — signed with `secret`. */
function eventSignedWith(secret: string) {
  const rawBody = JSON.stringify({ id: `evt_${randomUUID()}`, type: "payment.refunded", data: { paymentId: `pay_${randomUUID()}` } });
  return { rawBody, headers: { "content-type": "application/json", [BUILTIN_SIGNATURE_HEADER]: signPayload(rawBody, secret, new Date()) } };
}

/** The same event as a process's own built-in provider signs it. */
function eventSignedBy(process: Process) {
  return process.deps.payments.builtin!.refundEvent(`pay_${randomUUID()}`, new Date());
}

async function builtinEventAccepted(process: Process, event: { rawBody: string; headers: Record<string, string> }): Promise<boolean> {
  const response = await process.raw("/api/webhooks/builtin", { method: "POST", headers: event.headers, body: event.rawBody });
  expect([200, 400]).toContain(response.status);
  return response.status === 200;
}

describe("the master secret file", () => {
  it("is created on first start with mode 0600 and 32 random bytes; a session made before a restart is valid after it", async () => {
    const folder = dataFolder();
    const first = await start({ DATA_DIR: folder });
    const file = join(folder, "secret.key");
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const key = readFileSync(file, "utf8").trim();
    expect(Buffer.from(key, "base64url")).toHaveLength(32);

    const cookie = await cookieSignedWith(first.deps.sessionSecrets);
    expect(await signedIn(first, cookie)).toBe(true);

    const restarted = await start({ DATA_DIR: folder });
    expect(readFileSync(file, "utf8").trim()).toBe(key);
    expect(await signedIn(restarted, cookie)).toBe(true);
    // The file's content is a SECRET_KEY: moving it into the environment keeps every session.
    expect(await signedIn(await start({ SECRET_KEY: key }), cookie)).toBe(true);
    // Another data folder is another master secret.
    expect(await signedIn(await start({ DATA_DIR: dataFolder() }), cookie)).toBe(false);
  });

  it("is required as SECRET_KEY on PostgreSQL in production: the process refuses to start without it", async () => {
    await expect(start({ NODE_ENV: "production", DATABASE_URL: "postgres://postgres@127.0.0.1:5432/none", DATA_DIR: dataFolder() })).rejects.toThrow(
      /SECRET_KEY is not set/,
    );
    expect(() => loadEnv({ SECRET_KEY: "too short" })).toThrow(/SECRET_KEY/);
    expect(() => loadEnv({ SECRET_KEY: newKey(), SECRET_KEY_PREVIOUS: `${newKey()},short` })).toThrow(/SECRET_KEY_PREVIOUS/);
  });
});

describe("nothing secret in the database", () => {
  it("removes the plain-text secrets older versions kept in settings at start, and nothing they signed is accepted", async () => {
    const legacySession = newKey();
    const legacyPayments = newKey();
    await app.deps.db.insert(settings).values([
      { key: "auth_secret", value: legacySession },
      { key: "builtin_payments_secret", value: legacyPayments },
    ]);
    const key = newKey();
    const process = await start({ SECRET_KEY: key });

    const rows = await app.deps.db.select().from(settings);
    expect(rows.map((row) => row.key)).not.toContain("auth_secret");
    expect(rows.map((row) => row.key)).not.toContain("builtin_payments_secret");
    const secrets = [key, ...process.deps.sessionSecrets, legacySession, legacyPayments];
    for (const row of rows) expect(secrets).not.toContain(row.value);

    expect(await signedIn(process, await cookieSignedWith(legacySession))).toBe(false);
    expect(await builtinEventAccepted(process, eventSignedWith(legacyPayments))).toBe(false);
    expect(await builtinEventAccepted(process, eventSignedBy(process))).toBe(true);
    expect(await signedIn(process, await cookieSignedWith(process.deps.sessionSecrets))).toBe(true);
  });

  it("derives a different secret per purpose: the session secret does not sign payment events", async () => {
    const process = await start({ SECRET_KEY: newKey() });
    expect(await builtinEventAccepted(process, eventSignedWith(process.deps.sessionSecrets[0]!))).toBe(false);
  });
});

describe("rotation", () => {
  it("keeps sessions and payment events of the previous master secret valid while SECRET_KEY_PREVIOUS names it, and signs new ones with the new secret", async () => {
    const old = newKey();
    const current = newKey();
    const before = await start({ SECRET_KEY: old });
    const oldCookie = await cookieSignedWith(before.deps.sessionSecrets);
    const oldEvent = () => eventSignedBy(before);
    expect(await builtinEventAccepted(before, oldEvent())).toBe(true);

    const during = await start({ SECRET_KEY: current, SECRET_KEY_PREVIOUS: old });
    expect(await signedIn(during, oldCookie)).toBe(true);
    expect(await builtinEventAccepted(during, oldEvent())).toBe(true);
    const newCookie = await cookieSignedWith(during.deps.sessionSecrets);

    const after = await start({ SECRET_KEY: current });
    expect(await signedIn(after, oldCookie)).toBe(false);
    expect(await builtinEventAccepted(after, oldEvent())).toBe(false);
    expect(await builtinEventAccepted(after, eventSignedBy(during))).toBe(true);
    expect(await signedIn(after, newCookie)).toBe(true);
  });
});

describe("AUTH_SECRET", () => {
  it("wins for sessions when set", async () => {
    const authSecret = newKey();
    const key = newKey();
    const process = await start({ SECRET_KEY: key, AUTH_SECRET: authSecret });
    expect(await signedIn(process, await cookieSignedWith(authSecret))).toBe(true);
    const derived = await start({ SECRET_KEY: key });
    expect(await signedIn(process, await cookieSignedWith(derived.deps.sessionSecrets))).toBe(false);
  });
});
