/**
 * The shared security suite: every protected operation, with no key, a
 * malformed, unknown, revoked or expired key, a key without the scope, a
 * suspended account, a plan too low, an API key on a website-only operation,
 * and another account's resource — each with its exact status, code and details.
 */
import { generateApiKey } from "../../src/auth/api-key-format";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { scopes } from "@streamkit/api-contract";
import { createTestApp, type TestApp } from "../support/app";
import { TestClock } from "../support/clock";
import { bearer, insertAccount, insertKey, insertPlugin } from "../support/factories";
import { type ProtectedOperation, protectedOperations, type SecurityFixture } from "../support/protected-operations";

let app: TestApp;
const clock = new TestClock();
let fixture: SecurityFixture;
let keys: { full: string; revoked: string; expired: string; suspended: string; free: string };

beforeAll(async () => {
  app = await createTestApp({ now: clock.now });
  const db = app.deps.db;
  const owner = await insertAccount(db, { plan: "ultimate" });
  const other = await insertAccount(db, { plan: "ultimate" });
  const suspended = await insertAccount(db, { plan: "ultimate", suspended: true });
  const free = await insertAccount(db, { plan: "free" });
  keys = {
    full: (await insertKey(db, owner.id)).key,
    revoked: (await insertKey(db, owner.id, { revoked: true })).key,
    expired: (await insertKey(db, owner.id, { expiresAt: new Date(clock.now().getTime() - 1000) })).key,
    suspended: (await insertKey(db, suspended.id)).key,
    free: (await insertKey(db, free.id)).key,
  };
  fixture = {
    othersKeyId: (await insertKey(db, other.id)).id,
    othersPlugin: (await insertPlugin(db, { slug: "others-plugin", ownerId: other.id })).slug,
    othersRemovedPlugin: (await insertPlugin(db, { slug: "others-removed", ownerId: other.id, status: "removed" })).slug,
  };
});

afterAll(() => app.close());

// Each test gets a fresh rate-limit window: the suite makes more calls than one minute allows.
beforeEach(() => clock.nextMinute());

function call(operation: ProtectedOperation, headers: Record<string, string> = {}, url?: string) {
  const body = operation.body === undefined ? undefined : JSON.stringify(operation.body);
  return app.json(url ?? operation.url?.(fixture) ?? operation.path, {
    method: operation.method,
    headers: { ...(body ? { "content-type": "application/json" } : {}), ...headers },
    body,
  });
}

const named = (list: ProtectedOperation[]) => list.map((op) => [`${op.method} ${op.path}`, op] as const);

describe.each(named(protectedOperations))("%s", (_name, operation) => {
  it("without credentials: 401 unauthorized with WWW-Authenticate", async () => {
    const { status, body, headers } = await call(operation);
    expect(status).toBe(401);
    expect(body).toEqual({ error: { code: "unauthorized", message: "Send an API key as Authorization: Bearer <API_KEY>." } });
    expect(headers.get("www-authenticate")).toBe('Bearer realm="streamkit"');
  });

  it.each([
    ["a malformed key", "Bearer not-a-key"],
    ["another scheme", "Basic dXNlcjpwYXNz"],
    ["a key with a broken checksum", `Bearer ${generateApiKey().key.slice(0, -1)}x`],
    ["an unknown key", `Bearer ${generateApiKey().key}`],
  ])("with %s: 401 invalid_token", async (_case, authorization) => {
    const { status, body, headers } = await call(operation, { authorization });
    expect(status).toBe(401);
    expect(body).toEqual({ error: { code: "invalid_token", message: "The API key is unknown, revoked or expired." } });
    expect(headers.get("www-authenticate")).toBe('Bearer realm="streamkit", error="invalid_token"');
    expect(headers.get("x-ratelimit-limit")).toBeNull();
  });

  it("with a revoked key: 401 invalid_token, indistinguishable", async () => {
    const { status, body } = await call(operation, bearer(keys.revoked));
    expect(status).toBe(401);
    expect(body).toEqual({ error: { code: "invalid_token", message: "The API key is unknown, revoked or expired." } });
  });

  it("with an expired key: 401 invalid_token, indistinguishable", async () => {
    const { status, body } = await call(operation, bearer(keys.expired));
    expect(status).toBe(401);
    expect(body).toEqual({ error: { code: "invalid_token", message: "The API key is unknown, revoked or expired." } });
  });

  it("with a suspended account's key: 403 account_disabled, counted against the limit", async () => {
    const { status, body, headers } = await call(operation, bearer(keys.suspended));
    expect(status).toBe(403);
    expect(body).toEqual({ error: { code: "account_disabled", message: "This account is suspended. Contact support to restore it." } });
    expect(headers.get("x-ratelimit-limit")).toBe("10");
  });
});

describe.each(named(protectedOperations.filter((op) => op.websiteOnly)))("%s (website only)", (_name, operation) => {
  it("with a valid API key: 403 forbidden", async () => {
    const { status, body, headers } = await call(operation, bearer(keys.full));
    expect(status).toBe(403);
    expect(body).toEqual({ error: { code: "forbidden", message: "This can only be done on the website, signed in; API keys cannot do it." } });
    expect(headers.get("x-ratelimit-remaining")).toBe("9");
  });
});

describe.each(named(protectedOperations.filter((op) => op.scope && !op.websiteOnly)))("%s (scoped)", (_name, operation) => {
  it("with a key lacking the scope: 403 insufficient_scope naming it", async () => {
    const account = await insertAccount(app.deps.db, { plan: "ultimate" });
    const { key } = await insertKey(app.deps.db, account.id, { scopes: scopes.filter((s) => s !== operation.scope) });
    const { status, body, headers } = await call(operation, bearer(key));
    expect(status).toBe(403);
    expect(body).toEqual({
      error: {
        code: "insufficient_scope",
        message: `This API key lacks the ${operation.scope} scope; create a key that has it.`,
        details: { requiredScope: operation.scope },
      },
    });
    expect(headers.get("x-ratelimit-limit")).toBe("10");
  });
});

describe.each(named(protectedOperations.filter((op) => op.plan && !op.websiteOnly)))("%s (plan)", (_name, operation) => {
  it("on the Free plan: 403 plan_required naming the plan", async () => {
    const { status, body } = await call(operation, bearer(keys.free));
    expect(status).toBe(403);
    expect(body.error.code).toBe("plan_required");
    expect(body.error.details).toEqual({ requiredPlan: operation.plan });
  });
});

describe.each(named(protectedOperations.filter((op) => op.othersResource)))("%s (another account's resource)", (_name, operation) => {
  it("answers 404 not_found, never revealing it", async () => {
    const { status, body } = await call(operation, bearer(keys.full), operation.othersResource!(fixture));
    expect(status).toBe(404);
    expect(body.error.code).toBe("not_found");
  });
});

describe("the list of protected operations", () => {
  it("covers every operation of the OpenAPI document that needs a key", async () => {
    const { body: document } = await app.json("/openapi.json");
    const needKey = Object.entries<Record<string, { security: unknown[] }>>(document.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([, operation]) => JSON.stringify(operation.security) === JSON.stringify([{ ApiKey: [] }]))
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(needKey.sort()).toEqual(protectedOperations.map((op) => `${op.method} ${op.path}`).sort());
  });
});
