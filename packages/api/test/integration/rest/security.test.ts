/**
 * The shared security suite. Every /api/v1 operation's requirements are read
 * from its procedure's metadata (the data the ladder itself runs on), and each
 * operation is run through the cases they imply: no key, a malformed, unknown,
 * revoked or expired key, a suspended account, a key without the scope, each
 * plan without the entitlement, an API key on a website-only operation, and
 * another account's resource — each with its exact status, code and details.
 * The metadata, the OpenAPI document and the security contract written from
 * the specification (support/security-contract.ts) must agree exactly, so a
 * requirement cannot be dropped from one of them unnoticed.
 */
import { generateApiKey } from "../../../src/accounts/api-key-format";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type ErrorCode, rateLimits, scopes } from "@streamkit/api-contract";
import { catalogItems, inventoryItems, overlays } from "@streamkit/db";
import { eq } from "drizzle-orm";
import { documentedRawOperations } from "../../../src/app/openapi/document";
import { grants, type PlanName, planNames, plans } from "@streamkit/plans";
import { createTestApp, type TestApp } from "../../support/app";
import { TestClock } from "../../support/clock";
import { bearer, insertAccount, insertAsset, insertDesktopTokens, insertKey, insertPlugin } from "../../support/factories";
import { type Operation, operations, type SecurityFixture, securityContract } from "../../support/security-contract";

let app: TestApp;
const clock = new TestClock();
let fixture: SecurityFixture;
let keys: { full: string; revoked: string; expired: string; suspended: string };
/** A key with every scope, of an account on each plan. */
let planKeys: Record<PlanName, string>;
/** The desktop app's access tokens (every scope) of the same accounts: the one resolver makes them the same caller as a key. */
let desktop: { full: string; revoked: string; expired: string; suspended: string; refresh: string };
let planTokens: Record<PlanName, string>;
/** The secret with its last character changed: its checksum no longer matches. */
const garble = (secret: string) => `${secret.slice(0, -1)}${secret.endsWith("x") ? "y" : "x"}`;
let people: { owner: string; suspended: string; free: string; pro: string };

/**
 * Fresh desktop sign-ins for a test: the suite moves the clock a minute per
 * test, so tokens made once would pass their hour midway through it.
 */
async function signInDesktops() {
  const db = app.deps.db;
  const now = clock.now();
  const signedIn = await insertDesktopTokens(db, people.owner, { now });
  desktop = {
    full: signedIn.accessToken,
    refresh: signedIn.refreshToken,
    revoked: (await insertDesktopTokens(db, people.owner, { state: "revoked", now })).accessToken,
    expired: (await insertDesktopTokens(db, people.owner, { state: "expired", now })).accessToken,
    suspended: (await insertDesktopTokens(db, people.suspended, { now })).accessToken,
  };
  planTokens = {
    free: (await insertDesktopTokens(db, people.free, { now })).accessToken,
    pro: (await insertDesktopTokens(db, people.pro, { now })).accessToken,
    ultimate: desktop.full,
  };
}

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
  };
  const pro = await insertAccount(db, { plan: "pro" });
  planKeys = { free: (await insertKey(db, free.id)).key, pro: (await insertKey(db, pro.id)).key, ultimate: keys.full };
  people = { owner: owner.id, suspended: suspended.id, free: free.id, pro: pro.id };
  fixture = {
    othersKeyId: (await insertKey(db, other.id)).id,
    othersPlugin: (await insertPlugin(db, { slug: "others-plugin", ownerId: other.id })).slug,
    othersRemovedPlugin: (await insertPlugin(db, { slug: "others-removed", ownerId: other.id, status: "removed" })).slug,
    othersOverlay: (
      await db
        .insert(overlays)
        .values({ accountId: other.id, name: "Theirs", plan: "pro", document: { schema: 1, canvas: { width: 1, height: 1 }, layers: [] } })
        .returning()
    )[0]!.id,
    othersInventoryItem: (
      await db
        .insert(inventoryItems)
        .values({
          accountId: other.id,
          catalogItemId: (await db.select({ id: catalogItems.id }).from(catalogItems).where(eq(catalogItems.slug, "starting-soon")))[0]!.id,
        })
        .returning()
    )[0]!.id,
    othersAsset: await insertAsset(db, other.id),
  };
});

afterAll(() => app.close());

// Each test gets a fresh rate-limit window: the suite makes more calls than one minute allows.
beforeEach(() => clock.nextMinute());

function call(operation: Operation, headers: Record<string, string> = {}, url?: string) {
  const body = operation.body === undefined ? undefined : typeof operation.body === "string" ? operation.body : JSON.stringify(operation.body);
  return app.json(url ?? operation.url?.(fixture) ?? operation.path, {
    method: operation.method,
    headers: { ...(body ? { "content-type": "application/json" } : {}), ...headers },
    body,
  });
}

const named = (list: Operation[]) => list.map((op) => [op.name, op] as const);
const byAuth = (auth: Operation["requires"]["auth"]) => operations.filter((op) => op.requires.auth === auth);

describe.each(named(byAuth("key")))("%s", (_name, operation) => {
  it("without credentials: 401 unauthorized with WWW-Authenticate", async () => {
    const { status, body, headers } = await call(operation);
    expect(status).toBe(401);
    expect(body).toEqual({ error: { code: "unauthorized", message: "Send an API key as Authorization: Bearer <API_KEY>." } });
    expect(headers.get("www-authenticate")).toBe('Bearer realm="streamkit"');
  });

  it.each([
    ["a malformed key", "Bearer not-a-key"],
    ["another scheme", "Basic dXNlcjpwYXNz"],
    ["a key with a broken checksum", `Bearer ${garble(generateApiKey().key)}`],
    ["an unknown key", `Bearer ${generateApiKey().key}`],
  ])("with %s: 401 invalid_token", async (_case, authorization) => {
    const { status, body, headers } = await call(operation, { authorization });
    expect(status).toBe(401);
    expect(body).toEqual({ error: { code: "invalid_token", message: "The API key is unknown, revoked or expired." } });
    expect(headers.get("www-authenticate")).toBe('Bearer realm="streamkit", error="invalid_token"');
    // Refused credentials count as none: against the client address's anonymous limit.
    expect(headers.get("x-ratelimit-limit")).toBe(String(rateLimits.anonymous.limit));
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

describe.each(named(byAuth("optional")))("%s (key optional)", (_name, operation) => {
  it("without credentials: answers", async () => {
    const { status } = await call(operation);
    expect(status).toBeLessThan(400);
  });

  it.each([
    ["a malformed key", "Bearer not-a-key"],
    ["an unknown key", `Bearer ${generateApiKey().key}`],
  ])("with %s: 401 invalid_token (a key that is sent must be valid)", async (_case, authorization) => {
    const { status, body } = await call(operation, { authorization });
    expect(status).toBe(401);
    expect(body).toEqual({ error: { code: "invalid_token", message: "The API key is unknown, revoked or expired." } });
  });

  it("with a revoked key: 401 invalid_token", async () => {
    const { status, body } = await call(operation, bearer(keys.revoked));
    expect(status).toBe(401);
    expect(body.error.code).toBe("invalid_token");
  });

  it("with a suspended account's key: 403 account_disabled", async () => {
    const { status, body } = await call(operation, bearer(keys.suspended));
    expect(status).toBe(403);
    expect(body).toEqual({ error: { code: "account_disabled", message: "This account is suspended. Contact support to restore it." } });
  });
});

describe.each(named(byAuth("none")))("%s (no credentials)", (_name, operation) => {
  it("answers without credentials, and the same whatever credentials are sent", async () => {
    const without = await call(operation);
    expect(without.status).toBeLessThan(400);
    for (const authorization of ["Bearer not-a-key", `Bearer ${keys.revoked}`, `Bearer ${keys.suspended}`, `Bearer ${keys.full}`]) {
      const { status, headers } = await call(operation, { authorization });
      expect(status, authorization).toBe(without.status);
      expect(headers.get("www-authenticate"), authorization).toBeNull();
    }
  });
});

describe.each(named(operations.filter((op) => op.requires.websiteOnly)))("%s (website only)", (_name, operation) => {
  it("with a valid API key: 403 forbidden", async () => {
    const { status, body, headers } = await call(operation, bearer(keys.full));
    expect(status).toBe(403);
    expect(body).toEqual({
      error: { code: "forbidden", message: "This can only be done on the website, signed in; API keys and the desktop app cannot do it." },
    });
    expect(headers.get("x-ratelimit-remaining")).toBe("9");
  });
});

describe.each(named(operations.filter((op) => op.requires.scope && !op.requires.websiteOnly)))("%s (scoped)", (_name, operation) => {
  const scope = operation.requires.scope!;

  it("with a key lacking the scope: 403 insufficient_scope naming it", async () => {
    const account = await insertAccount(app.deps.db, { plan: "ultimate" });
    const { key } = await insertKey(app.deps.db, account.id, { scopes: scopes.filter((s) => s !== scope) });
    const { status, body, headers } = await call(operation, bearer(key));
    expect(status).toBe(403);
    expect(body).toEqual({
      error: {
        code: "insufficient_scope",
        message: `This API key lacks the ${scope} scope; create a key that has it.`,
        details: { requiredScope: scope },
      },
    });
    expect(headers.get("x-ratelimit-limit")).toBe("10");
  });
});

describe.each(named(byAuth("key").filter((op) => !op.requires.websiteOnly)))("%s (no other scope)", (_name, operation) => {
  const { scope } = operation.requires;
  it(`with a key holding ${scope ? `only ${scope}` : "no scope at all"}: past the scope rung`, async () => {
    const account = await insertAccount(app.deps.db, { plan: "ultimate" });
    const { key } = await insertKey(app.deps.db, account.id, { scopes: scope ? [scope] : [] });
    const { status, body } = await call(operation, bearer(key));
    expect(body?.error?.code, `${status}`).not.toBe("insufficient_scope");
  });
});

describe.each(named(operations.filter((op) => op.requires.entitlement && !op.requires.websiteOnly)))("%s (entitlement)", (_name, operation) => {
  const entitlement = operation.requires.entitlement!;
  const required = operation.requires.plan!;

  it.each(planNames.filter((plan) => !grants(plan, entitlement)))(
    "on the %s plan: 403 plan_required naming the cheapest plan that grants it",
    async (current) => {
      const { status, body } = await call(operation, bearer(planKeys[current]));
      expect(status).toBe(403);
      expect(body).toEqual({
        error: {
          code: "plan_required",
          message: `This needs the ${plans[required].title} plan or higher; the account is on ${plans[current].title}.`,
          details: { requiredPlan: required },
        },
      });
    },
  );

  it.each(planNames.filter((plan) => grants(plan, entitlement)))("on the %s plan: past the plan rung", async (current) => {
    const { status, body } = await call(operation, bearer(planKeys[current]));
    expect(body?.error?.code, `${status}`).not.toBe("plan_required");
  });
});

describe.each(named(operations.filter((op) => op.othersResource)))("%s (another account's resource)", (_name, operation) => {
  it("answers 404 not_found, never revealing it", async () => {
    const { status, body } = await call(operation, bearer(keys.full), operation.othersResource!(fixture));
    expect(status).toBe(404);
    expect(body.error.code).toBe("not_found");
  });
});

const ACCESS_TOKEN_REFUSED = "The access token is unknown, revoked or expired: refresh it, or sign in again.";

describe.each(named(byAuth("key")))("%s with the desktop app's token", (_name, operation) => {
  beforeEach(signInDesktops);

  it.each([
    ["a revoked sign-in", () => desktop.revoked],
    ["an access token past its hour", () => desktop.expired],
    ["a refresh token (not an access token)", () => desktop.refresh],
    ["a garbled access token", () => garble(desktop.full)],
  ])("with %s: 401 invalid_token", async (_case, token) => {
    const { status, body, headers } = await call(operation, bearer(token()));
    expect(status).toBe(401);
    expect(body.error.code).toBe("invalid_token");
    expect(headers.get("www-authenticate")).toBe('Bearer realm="streamkit", error="invalid_token"');
    if (token() !== desktop.refresh) expect(body.error.message).toBe(ACCESS_TOKEN_REFUSED);
  });

  it("of a suspended account: 403 account_disabled", async () => {
    const { status, body } = await call(operation, bearer(desktop.suspended));
    expect(status).toBe(403);
    expect(body.error.code).toBe("account_disabled");
  });

  if (operation.requires.websiteOnly) {
    it("on a website-only operation: 403 forbidden, counted against the app's own limit", async () => {
      const { status, body, headers } = await call(operation, bearer(desktop.full));
      expect(status).toBe(403);
      expect(body).toEqual({
        error: { code: "forbidden", message: "This can only be done on the website, signed in; API keys and the desktop app cannot do it." },
      });
      expect(headers.get("x-ratelimit-limit")).toBe(String(app.deps.env.APP_RATE_LIMIT_PER_MINUTE));
    });
    return;
  }

  const { scope } = operation.requires;
  if (scope) {
    it("without the scope granted: 403 insufficient_scope naming it", async () => {
      const account = await insertAccount(app.deps.db, { plan: "ultimate" });
      const { accessToken } = await insertDesktopTokens(app.deps.db, account.id, { scopes: scopes.filter((s) => s !== scope), now: clock.now() });
      const { status, body } = await call(operation, bearer(accessToken));
      expect(status).toBe(403);
      expect(body).toEqual({
        error: {
          code: "insufficient_scope",
          message: `The desktop app was not granted the ${scope} scope; sign in again and allow it.`,
          details: { requiredScope: scope },
        },
      });
    });
  }

  it(`with ${scope ? `only ${scope}` : "no scope"} granted: past the credential and scope rungs, on the app's own limit`, async () => {
    const account = await insertAccount(app.deps.db, { plan: "ultimate" });
    const { accessToken } = await insertDesktopTokens(app.deps.db, account.id, { scopes: scope ? [scope] : [], now: clock.now() });
    const { status, body, headers } = await call(operation, bearer(accessToken));
    expect(body?.error?.code, `${status}`).not.toBe("insufficient_scope");
    expect(status).not.toBe(401);
    expect(headers.get("x-ratelimit-limit")).toBe(String(app.deps.env.APP_RATE_LIMIT_PER_MINUTE));
  });

  if (operation.requires.entitlement) {
    const entitlement = operation.requires.entitlement;
    it.each(planNames)("on the %s plan: the plan rung as with a key", async (current) => {
      const { body } = await call(operation, bearer(planTokens[current]));
      expect(body?.error?.code === "plan_required").toBe(!grants(current, entitlement));
    });
  }

  if (operation.othersResource) {
    it("another account's resource: 404 not_found", async () => {
      const { status } = await call(operation, bearer(desktop.full), operation.othersResource!(fixture));
      expect(status).toBe(404);
    });
  }
});

describe("the security contract", () => {
  it("lists every operation the routers publish under /api/v1, and no other", () => {
    expect(operations.map((op) => op.name).sort()).toEqual(Object.keys(securityContract).sort());
  });

  it.each(named(operations))("%s: the metadata declares exactly the contract's requirements", (_name, operation) => {
    expect(operation.requires).toEqual(securityContract[operation.name]?.requires);
  });

  describe("the OpenAPI document states what the metadata declares", () => {
    let document: any;
    beforeAll(async () => {
      document = (await app.json("/openapi.json")).body;
    });

    it("documents exactly the routers' operations", () => {
      const documented = Object.entries<Record<string, unknown>>(document.paths)
        .flatMap(([path, item]) => Object.keys(item).flatMap((method) => (method === "servers" ? [] : [`${method.toUpperCase()} ${path}`])))
        .filter((name) => !documentedRawOperations.includes(name));
      expect(documented.sort()).toEqual(
        operations
          .filter((op) => !op.raw)
          .map((op) => op.name)
          .sort(),
      );
      for (const op of operations.filter((op) => op.raw)) expect(documentedRawOperations).toContain(op.name);
    });

    it.each(named(operations))("%s", (_name, operation) => {
      const { auth, scope, plan, websiteOnly } = operation.requires;
      const documented = document.paths[operation.path][operation.method.toLowerCase()];

      const credentials = [{ ApiKey: [] }, { DesktopApp: scope ? [scope] : [] }];
      expect(documented.security).toEqual(auth === "none" ? [] : auth === "optional" ? [{}, ...credentials] : credentials);

      const requires = [scope ? `Scope \`${scope}\`.` : null, plan ? `Plan: ${plans[plan].title} or higher.` : null].filter(Boolean).join(" ");
      if (requires) expect(documented.description.split("\n\n").at(-1)).toBe(`**Requires:** ${requires}`);
      else expect(documented.description ?? "").not.toContain("**Requires:**");

      const codes = new Set<ErrorCode>(
        Object.entries<any>(documented.responses)
          .filter(([status]) => Number(status) >= 400)
          .flatMap(([, response]) => Object.keys(response.content["application/json"].examples) as ErrorCode[]),
      );
      expect(codes.has("unauthorized"), "unauthorized").toBe(auth === "key");
      expect(codes.has("invalid_token"), "invalid_token").toBe(auth !== "none");
      expect(codes.has("account_disabled"), "account_disabled").toBe(auth !== "none");
      expect(codes.has("insufficient_scope"), "insufficient_scope").toBe(Boolean(scope));
      // An operation whose items carry their own plan (POST /inventory) declares plan_required among its errors.
      expect(codes.has("plan_required"), "plan_required").toBe(Boolean(plan) || (operation.rest.errors ?? []).includes("plan_required"));
      expect(codes.has("forbidden"), "forbidden").toBe(Boolean(websiteOnly) || (operation.rest.errors ?? []).includes("forbidden"));
    });
  });
});
