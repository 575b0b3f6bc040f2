/**
 * /admin/accounts through /api/trpc, as the website calls it: staff only,
 * search and keyset pages, plan, staff and suspension changes that the
 * target's next request feels, the operator's self-protection, and the
 * database deciding two operators acting on each other at once.
 */
import { accounts } from "@streamkit/db";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../support/app";
import { TestClock } from "../../support/clock";
import { bearer, insertAccount, insertKey } from "../../support/factories";
import { raceThroughLock } from "../../support/race";
import { sessionCookie } from "../../support/session";
import { readTrpc, trpcMutate, trpcQuery } from "../../support/trpc";

let app: TestApp;
const clock = new TestClock();

interface Person {
  id: string;
  email: string;
  cookie: string;
}

async function person(values: Parameters<typeof insertAccount>[1] = {}): Promise<Person> {
  const row = await insertAccount(app.deps.db, values);
  return { id: row.id, email: row.email!, cookie: await sessionCookie(app, row.id) };
}

let operator: Person;
let member: Person;

beforeAll(async () => {
  app = await createTestApp({ now: clock.now });
  operator = await person({ name: "Olive Operator", staff: true });
  member = await person({ name: "Mia Member", plan: "pro" });
});
afterAll(() => app.close());
beforeEach(() => clock.nextMinute());

const find = async (input: unknown, who: Person = operator) => readTrpc(await trpcQuery(app, "admin.accounts.find", input, { cookie: who.cookie }));
const change = async (procedure: "setPlan" | "setStaff" | "setSuspended", input: unknown, who: Person = operator) =>
  readTrpc(await trpcMutate(app, `admin.accounts.${procedure}`, input, { cookie: who.cookie }));

describe("only operators reach the accounts procedures", () => {
  const calls: [string, "query" | "mutation", (target: string) => unknown][] = [
    ["admin.accounts.find", "query", () => ({})],
    ["admin.accounts.totals", "query", () => undefined],
    ["admin.accounts.setPlan", "mutation", (id) => ({ id, plan: "ultimate" })],
    ["admin.accounts.setStaff", "mutation", (id) => ({ id, staff: true })],
    ["admin.accounts.setSuspended", "mutation", (id) => ({ id, suspended: true })],
  ];
  const call = (procedure: string, kind: "query" | "mutation", input: unknown, headers: Record<string, string>) =>
    kind === "query" ? trpcQuery(app, procedure, input, headers) : trpcMutate(app, procedure, input, headers);

  it.each(calls)(
    "%s: 401 signed out, 403 forbidden for a member, 403 account_disabled for a suspended operator, never an API key",
    async (procedure, kind, input) => {
      const target = await person();
      const signedOut = await readTrpc(await call(procedure, kind, input(target.id), {}));
      expect(signedOut.status).toBe(401);
      expect(signedOut.error?.code).toBe("unauthorized");

      const refused = await readTrpc(await call(procedure, kind, input(target.id), { cookie: member.cookie }));
      expect(refused.status).toBe(403);
      expect(refused.error).toEqual({ code: "forbidden", message: "Only the service's operators can do this." });

      const suspendedOperator = await person({ staff: true, suspended: true });
      const disabled = await readTrpc(await call(procedure, kind, input(target.id), { cookie: suspendedOperator.cookie }));
      expect(disabled.status).toBe(403);
      expect(disabled.error?.code).toBe("account_disabled");

      const { key } = await insertKey(app.deps.db, operator.id);
      expect((await call(procedure, kind, input(target.id), bearer(key))).status).toBe(401);

      // Nothing changed for any of them.
      const [row] = await app.deps.db.select().from(accounts).where(eq(accounts.id, target.id));
      expect(row).toMatchObject({ plan: "free", staff: false, suspended: false });
    },
  );
});

describe("finding accounts", () => {
  let ada: Person;
  let adam: Person;
  beforeAll(async () => {
    ada = await person({ name: "Ada Searchable", email: "Ada.Lovelace@Example.org", plan: "ultimate" });
    adam = await person({ name: "Adam 100%_sure", email: "adam@example.net" });
  });

  it("lists an account with its plan, staff, suspension and creation time", async () => {
    const { status, data } = await find({ q: ada.id });
    expect(status).toBe(200);
    expect(data).toEqual({
      items: [
        {
          id: ada.id,
          email: "Ada.Lovelace@Example.org",
          name: "Ada Searchable",
          plan: "ultimate",
          staff: false,
          suspended: false,
          official: false,
          createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
        },
      ],
      next: null,
    });
  });

  it.each([
    ["part of the email, in any letter case", "lovelace@example"],
    ["part of the name", "searchable"],
    ["the whole id", "<id>"],
    ["the id with spaces around it", "  <id>  "],
  ])("finds it by %s", async (_case, q) => {
    const { data } = await find({ q: q.replace("<id>", ada.id) });
    expect(data.items.map((a: { id: string }) => a.id)).toEqual([ada.id]);
  });

  it("takes % and _ literally", async () => {
    expect((await find({ q: "100%_" })).data.items.map((a: { id: string }) => a.id)).toEqual([adam.id]);
    expect((await find({ q: "%" })).data.items.map((a: { id: string }) => a.id)).toEqual([adam.id]);
    expect((await find({ q: "0_s" })).data.items).toEqual([]);
  });

  it("answers no match with an empty page", async () => {
    expect((await find({ q: "nobody-has-this-name" })).data).toEqual({ items: [], next: null });
  });

  it("pages newest first with a cursor, every account once, even when several were created in the same millisecond", async () => {
    const stamp = new Date(Date.UTC(2031, 0, 1));
    const batch = await app.deps.db
      .insert(accounts)
      .values(Array.from({ length: 5 }, (_, i) => ({ name: `Paging Person ${i}`, email: `paging-${i}@same-ms.example`, createdAt: stamp })))
      .returning({ id: accounts.id });
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 5; page++) {
      const { status, data } = await find({ q: "@same-ms.example", limit: 2, ...(cursor ? { cursor } : {}) });
      expect(status).toBe(200);
      seen.push(...data.items.map((a: { id: string }) => a.id));
      cursor = data.next ?? undefined;
      if (!cursor) break;
    }
    expect(cursor).toBeUndefined();
    expect(seen).toEqual(
      batch
        .map((a) => a.id)
        .sort()
        .reverse(),
    );
  });

  it("counts accounts, operators and suspended accounts", async () => {
    const before = (await readTrpc(await trpcQuery(app, "admin.accounts.totals", undefined, { cookie: operator.cookie }))).data;
    await person({ staff: true });
    await person({ suspended: true });
    const after = (await readTrpc(await trpcQuery(app, "admin.accounts.totals", undefined, { cookie: operator.cookie }))).data;
    expect(after).toEqual({ accounts: before.accounts + 2, staff: before.staff + 1, suspended: before.suspended + 1 });
  });

  it.each([
    ["a search longer than 200 characters", { q: "x".repeat(201) }, "Search for at most 200 characters."],
    ["a search with a NUL", { q: "a\u0000b" }, "Search text may not contain control characters."],
    ["a cursor this service did not make", { cursor: "bm90LWEtY3Vyc29y" }, "That page link is not valid; start from the first page."],
    [
      "a cursor of a wrong shape",
      { cursor: Buffer.from(JSON.stringify([-1, "x"])).toString("base64url") },
      "That page link is not valid; start from the first page.",
    ],
    ["an overlong cursor", { cursor: "A".repeat(201) }, "That page link is not valid; start from the first page."],
    ["a page of 0", { limit: 0 }, undefined],
    ["a page of 101", { limit: 101 }, undefined],
    ["an unknown parameter", { sort: "email" }, undefined],
  ])("answers %s with 400 bad_request naming the problem", async (_case, input, message) => {
    const { status, error } = await find(input);
    expect(status).toBe(400);
    expect(error?.code).toBe("bad_request");
    if (message) expect(JSON.stringify(error?.details)).toContain(message);
  });
});

describe("changing an account", () => {
  it("sets the plan; the account's next request is on the new plan", async () => {
    const target = await person({ plan: "free" });
    const { status, data } = await change("setPlan", { id: target.id, plan: "ultimate" });
    expect(status).toBe(200);
    expect(data).toMatchObject({ id: target.id, plan: "ultimate", staff: false, suspended: false });
    const { key } = await insertKey(app.deps.db, target.id);
    expect((await app.json("/me", { headers: bearer(key) })).body.plan.name).toBe("ultimate");
    expect((await change("setPlan", { id: target.id, plan: "free" })).data.plan).toBe("free");
    expect((await app.json("/me", { headers: bearer(key) })).body.plan.name).toBe("free");
  });

  it("suspends: the account is refused at once; unsuspends: it is let back in", async () => {
    const target = await person({ plan: "pro" });
    expect((await trpcQuery(app, "keys.list", undefined, { cookie: target.cookie })).status).toBe(200);

    const suspended = await change("setSuspended", { id: target.id, suspended: true });
    expect(suspended.data).toMatchObject({ id: target.id, suspended: true });
    const refused = await readTrpc(await trpcQuery(app, "keys.list", undefined, { cookie: target.cookie }));
    expect(refused.status).toBe(403);
    expect(refused.error?.code).toBe("account_disabled");
    expect((await find({ q: target.id })).data.items[0].suspended).toBe(true);

    expect((await change("setSuspended", { id: target.id, suspended: false })).data.suspended).toBe(false);
    expect((await trpcQuery(app, "keys.list", undefined, { cookie: target.cookie })).status).toBe(200);
  });

  it("grants staff: the account reaches the operator's procedures; revokes it: it no longer does", async () => {
    const target = await person();
    expect((await find({}, target)).status).toBe(403);
    expect((await change("setStaff", { id: target.id, staff: true })).data).toMatchObject({ id: target.id, staff: true });
    expect((await find({}, target)).status).toBe(200);
    expect((await change("setStaff", { id: target.id, staff: false })).data.staff).toBe(false);
    expect((await find({}, target)).status).toBe(403);
  });

  it("refuses an operator suspending themselves or removing their own staff: 403, nothing changes", async () => {
    const self = await person({ staff: true });
    const suspend = await change("setSuspended", { id: self.id, suspended: true }, self);
    expect(suspend.status).toBe(403);
    expect(suspend.error).toEqual({ code: "forbidden", message: "You cannot suspend your own account; another operator or the operator CLI can." });
    const revoke = await change("setStaff", { id: self.id, staff: false }, self);
    expect(revoke.status).toBe(403);
    expect(revoke.error).toEqual({ code: "forbidden", message: "You cannot remove your own staff access; another operator or the operator CLI can." });
    const [row] = await app.deps.db.select().from(accounts).where(eq(accounts.id, self.id));
    expect(row).toMatchObject({ staff: true, suspended: false });
  });

  it("lets an operator change their own plan, and confirm what they already are", async () => {
    const self = await person({ staff: true });
    expect((await change("setPlan", { id: self.id, plan: "pro" }, self)).data.plan).toBe("pro");
    expect((await change("setStaff", { id: self.id, staff: true }, self)).data.staff).toBe(true);
    expect((await change("setSuspended", { id: self.id, suspended: false }, self)).data.suspended).toBe(false);
  });

  it("lets another operator suspend an operator and revoke their staff", async () => {
    const other = await person({ staff: true });
    expect((await change("setStaff", { id: other.id, staff: false })).data.staff).toBe(false);
    expect((await change("setSuspended", { id: other.id, suspended: true })).data.suspended).toBe(true);
  });

  it.each([
    ["setPlan", { plan: "pro" }],
    ["setStaff", { staff: true }],
    ["setSuspended", { suspended: true }],
  ] as const)("%s: an unknown account is 404 not_found", async (procedure, values) => {
    const { status, error } = await change(procedure, { id: "00000000-0000-4000-8000-000000000000", ...values });
    expect(status).toBe(404);
    expect(error).toEqual({ code: "not_found", message: "No such account." });
  });

  it.each([
    ["setPlan", "an id that is not one", { id: "not-an-id", plan: "pro" }, "id"],
    ["setPlan", "an unknown plan", { id: "<id>", plan: "platinum" }, "plan"],
    ["setPlan", "no plan", { id: "<id>" }, "plan"],
    ["setStaff", "staff that is not a boolean", { id: "<id>", staff: "yes" }, "staff"],
    ["setSuspended", "suspended that is not a boolean", { id: "<id>", suspended: 1 }, "suspended"],
    ["setSuspended", "a field of another change", { id: "<id>", suspended: true, plan: "pro" }, "(root)"],
    ["setStaff", "a 5,000-character id", { id: "x".repeat(5000), staff: true }, "id"],
  ] as const)("%s with %s: 400 validation_error naming the field, nothing changes", async (procedure, _case, input, path) => {
    const target = await person();
    const { status, error } = await change(procedure, JSON.parse(JSON.stringify(input).replace("<id>", target.id)));
    expect(status).toBe(400);
    expect(error?.code).toBe("validation_error");
    expect(((error?.details ?? []) as { path: string }[]).map((p) => p.path)).toContain(path);
    const [row] = await app.deps.db.select().from(accounts).where(eq(accounts.id, target.id));
    expect(row).toMatchObject({ plan: "free", staff: false, suspended: false });
  });
});

describe("two operators acting on each other at once", () => {
  it.each([
    ["revoke each other's staff", "setStaff", { staff: false }, { code: "forbidden", message: "Only the service's operators can do this." }],
    [
      "suspend each other",
      "setSuspended",
      { suspended: true },
      { code: "account_disabled", message: "This account is suspended. Contact support to restore it." },
    ],
  ] as const)("%s: exactly one succeeds, the other finds they no longer may, and an operator remains", async (_case, procedure, values, refusal) => {
    const first = await person({ staff: true });
    const second = await person({ staff: true });
    const results = await raceThroughLock(
      app.database,
      { lockSql: "select 1 from accounts where id in ($1, $2) for update", params: [first.id, second.id], racers: 2 },
      () => [change(procedure, { id: second.id, ...values }, first), change(procedure, { id: first.id, ...values }, second)],
    );
    const answers = results.map((r) => (r.status === "fulfilled" ? r.value : null));
    expect(answers.map((a) => a?.status).sort()).toEqual([200, 403]);
    expect(answers.find((a) => a?.status === 403)?.error).toEqual(refusal);
    const rows = await app.deps.db
      .select({ staff: accounts.staff, suspended: accounts.suspended })
      .from(accounts)
      .where(inArray(accounts.id, [first.id, second.id]));
    expect(rows.filter((r) => r.staff && !r.suspended)).toHaveLength(1);
  });
});
