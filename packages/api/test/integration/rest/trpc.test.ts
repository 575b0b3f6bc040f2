/**
 * The website's own endpoint, /api/trpc, through the REST core: its session
 * cookie becomes the same caller as an API key does, cross-site writes are
 * refused, the operator's procedures need the staff rung, and domain errors
 * keep their HTTP status here too — every answer with an X-Request-Id.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { BASE, createTestApp, type TestApp } from "../../support/app";
import { TestClock } from "../../support/clock";
import { bearer, insertAccount, insertKey, insertPlugin } from "../../support/factories";
import { SESSION_COOKIE, sessionCookie } from "../../support/session";

let app: TestApp;
const clock = new TestClock();
let member: { id: string; cookie: string };
let operator: { id: string; cookie: string };
let suspended: { id: string; cookie: string };

async function account(values: Parameters<typeof insertAccount>[1]) {
  const row = await insertAccount(app.deps.db, values);
  return { id: row.id, cookie: await sessionCookie(app, row.id) };
}

beforeAll(async () => {
  app = await createTestApp({ now: clock.now });
  member = await account({ plan: "pro" });
  operator = await account({ plan: "free", staff: true });
  suspended = await account({ plan: "pro", suspended: true });
  await insertPlugin(app.deps.db, { slug: "trpc-probe", ownerId: member.id });
});

afterAll(() => app.close());
beforeEach(() => clock.nextMinute());

const query = (procedure: string, input: unknown, headers: Record<string, string> = {}) =>
  app.raw(`/api/trpc/${procedure}${input === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify(input))}`}`, { headers });

const mutate = (procedure: string, input: unknown, headers: Record<string, string> = {}) =>
  app.raw(`/api/trpc/${procedure}`, { method: "POST", headers: { "content-type": "application/json", origin: BASE, ...headers }, body: JSON.stringify(input) });

async function read(response: Response) {
  return { status: response.status, headers: response.headers, body: JSON.parse(await response.text()) };
}

describe("the session → caller", () => {
  it("reads the signed-in account from its session cookie, as the website's caller", async () => {
    const { status, body, headers } = await read(await query("keys.list", undefined, { cookie: member.cookie }));
    expect(status).toBe(200);
    expect(body.result.data).toEqual({ items: [] });
    expect(headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(headers.get("x-ratelimit-limit")).toBe(String(app.deps.env.WEB_RATE_LIMIT_PER_MINUTE));
  });

  it.each([
    ["no cookie", undefined],
    ["a forged session", `${SESSION_COOKIE}=not-a-jwt`],
  ])("treats %s as a visitor who is not signed in: 401 unauthorized", async (_case, cookie) => {
    const { status, body, headers } = await read(await query("keys.list", undefined, cookie ? { cookie } : {}));
    expect(status).toBe(401);
    expect(body.error.data.appError).toEqual({ code: "unauthorized", message: "Send an API key as Authorization: Bearer <API_KEY>." });
    expect(headers.get("x-request-id")).toBeTruthy();
  });

  it("treats an expired session as not signed in", async () => {
    const cookie = await sessionCookie(app, member.id, { maxAge: -60 });
    expect((await query("keys.list", undefined, { cookie })).status).toBe(401);
  });

  it("never reads an API key here: the website's endpoint is the session's alone", async () => {
    const owner = await insertAccount(app.deps.db, { plan: "pro" });
    const { key } = await insertKey(app.deps.db, owner.id);
    expect((await query("keys.list", undefined, bearer(key))).status).toBe(401);
  });

  it("refuses a suspended account's session: 403 account_disabled", async () => {
    const { status, body } = await read(await query("keys.list", undefined, { cookie: suspended.cookie }));
    expect(status).toBe(403);
    expect(body.error.data.appError.code).toBe("account_disabled");
  });

  it("refuses a suspended account's built-in payment, like every other write", async () => {
    const { status, body } = await read(
      await mutate("commerce.payBuiltinCheckout", { id: "00000000-0000-0000-0000-000000000000" }, { cookie: suspended.cookie }),
    );
    expect(status).toBe(403);
    expect(body.error.data.appError.code).toBe("account_disabled");
  });
});

describe("domain errors keep their status", () => {
  it("answers an unknown plugin with 404 and the domain error", async () => {
    const { status, body, headers } = await read(await query("plugins.get", { slug: "no-such-plugin" }));
    expect(status).toBe(404);
    expect(body.error.data).toMatchObject({ code: "NOT_FOUND", httpStatus: 404, appError: { code: "not_found" } });
    expect(headers.get("x-request-id")).toBeTruthy();
  });

  it("answers invalid input with 400 and the problems", async () => {
    const { status, body } = await read(await query("plugins.list", { q: "x".repeat(101) }));
    expect(status).toBe(400);
    expect(body.error.data.appError.code).toBe("bad_request");
    expect(JSON.stringify(body)).not.toContain("at ");
  });

  it("answers an unknown procedure with 404", async () => {
    expect((await query("nothing.here", undefined)).status).toBe(404);
  });
});

describe("cross-site writes", () => {
  it.each([
    ["no Origin", undefined],
    ["another site's Origin", "https://evil.example"],
    ["Origin null", "null"],
    ["an unreadable Origin", "http://[::1"],
  ])("refuses a write with %s: 403 forbidden in the envelope", async (_case, origin) => {
    const headers: Record<string, string> = { "content-type": "application/json", cookie: member.cookie };
    if (origin !== undefined) headers.origin = origin;
    const response = await app.raw("/api/trpc/keys.create", { method: "POST", headers, body: JSON.stringify({ name: "x", scopes: ["plugins:read"] }) });
    const { status, body, headers: answer } = await read(response);
    expect(status).toBe(403);
    expect(body).toEqual({ error: { code: "forbidden", message: "Cross-site request refused: writes must come from this site's own pages." } });
    expect(answer.get("x-request-id")).toBeTruthy();
  });

  it("accepts a write from this site's own pages", async () => {
    const { status, body } = await read(await mutate("keys.create", { name: "from the site", scopes: ["plugins:read"] }, { cookie: member.cookie }));
    expect(status).toBe(200);
    expect(body.result.data.key).toMatch(/^skit_/);
  });
});

describe("the staff rung", () => {
  it("refuses the operator's procedures to other accounts: 403 forbidden", async () => {
    const { status, body } = await read(await query("admin.purchases", undefined, { cookie: member.cookie }));
    expect(status).toBe(403);
    expect(body.error.data.appError).toEqual({ code: "forbidden", message: "Only the service's operators can do this." });
  });

  it("refuses them to visitors who are not signed in: 401", async () => {
    expect((await query("admin.purchases", undefined)).status).toBe(401);
  });

  it("lets an operator through", async () => {
    const { status, body } = await read(await query("admin.purchases", undefined, { cookie: operator.cookie }));
    expect(status).toBe(200);
    expect(Array.isArray(body.result.data)).toBe(true);
  });
});

describe("the account menu of the members' copies (accounts.menu)", () => {
  it("names the account, says whether the author's and the operator's links belong, and gives its plan (Install or the upgrade)", async () => {
    const ofMember = await read(await query("accounts.menu", undefined, { cookie: member.cookie }));
    expect(ofMember.status).toBe(200);
    expect(ofMember.headers.get("cache-control")).toBe("private, no-store");
    expect(ofMember.body.result.data).toEqual({ name: "Test Publisher", author: true, staff: false, plan: "pro" });
    const ofOperator = await read(await query("accounts.menu", undefined, { cookie: operator.cookie }));
    expect(ofOperator.body.result.data).toEqual({ name: "Test Publisher", author: false, staff: true, plan: "free" });
  });

  it("is nobody's without a session (401), and a suspended account's is refused (403 account_disabled)", async () => {
    const nobody = await query("accounts.menu", undefined);
    expect(nobody.status).toBe(401);
    expect(nobody.headers.get("cache-control")).toBe("private, no-store");
    const { status, body } = await read(await query("accounts.menu", undefined, { cookie: suspended.cookie }));
    expect(status).toBe(403);
    expect(body.error.data.appError.code).toBe("account_disabled");
  });

  it("is the website's own: not under /api/v1", async () => {
    const paths = Object.keys(JSON.parse(await (await app.raw("/api/v1/openapi.json")).text()).paths);
    expect(paths.some((path) => path.includes("menu"))).toBe(false);
  });
});

describe("My plugins on the members' copy (plugins.mineWithVersions)", () => {
  it("lists the account's own plugins, removed ones too, each with every version newest first, and no one else's", async () => {
    const author = await account({ plan: "pro" });
    await insertPlugin(app.deps.db, {
      slug: "mine-two-versions",
      ownerId: author.id,
      versions: [
        { version: "1.0.0", changelog: "First." },
        { version: "1.10.0", changelog: "Tenth." },
        { version: "1.2.0", changelog: "Second." },
      ],
    });
    await insertPlugin(app.deps.db, { slug: "mine-removed", ownerId: author.id, status: "removed" });
    const { status, headers, body } = await read(await query("plugins.mineWithVersions", undefined, { cookie: author.cookie }));
    expect(status).toBe(200);
    expect(headers.get("cache-control")).toBe("private, no-store");
    const items = body.result.data.items as { slug: string; mine: boolean; status: string; versions: { version: string; changelog: string }[] }[];
    expect(items.map((item) => item.slug).sort()).toEqual(["mine-removed", "mine-two-versions"]);
    const two = items.find((item) => item.slug === "mine-two-versions")!;
    expect(two.mine).toBe(true);
    expect(two.versions.map((v) => [v.version, v.changelog])).toEqual([
      ["1.10.0", "Tenth."],
      ["1.2.0", "Second."],
      ["1.0.0", "First."],
    ]);
    expect(items.find((item) => item.slug === "mine-removed")!.status).toBe("removed");
  });

  it("is empty for an account that has published nothing, and nobody's without a session", async () => {
    const { body } = await read(await query("plugins.mineWithVersions", undefined, { cookie: operator.cookie }));
    expect(body.result.data).toEqual({ items: [] });
    expect((await query("plugins.mineWithVersions", undefined)).status).toBe(401);
  });
});
