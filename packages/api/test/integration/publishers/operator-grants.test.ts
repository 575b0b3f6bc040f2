/**
 * Operators verify publishers by hand (docs/operations.md#verified-publishers):
 * /admin/publishers through /api/trpc, as the website calls it — staff only,
 * a grant and a revocation each with a note, recorded with who and when, and
 * `publisher.verified` following in listings and the publisher page.
 */
import { accounts } from "@streamkit/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../support/app";
import { TestClock } from "../../support/clock";
import { insertAccount, insertPlugin } from "../../support/factories";
import { sessionCookie } from "../../support/session";
import { readTrpc, trpcMutate, trpcQuery } from "../../support/trpc";

let app: TestApp;
const clock = new TestClock(Date.UTC(2026, 10, 2, 12, 0, 0));
let operator: { id: string; cookie: string };
let member: { id: string; cookie: string };

beforeAll(async () => {
  app = await createTestApp({ now: clock.now });
  const staff = await insertAccount(app.deps.db, { name: "Olive Operator", email: "olive@ops.test", staff: true });
  const plain = await insertAccount(app.deps.db, { name: "Mia Member" });
  operator = { id: staff.id, cookie: await sessionCookie(app, staff.id) };
  member = { id: plain.id, cookie: await sessionCookie(app, plain.id) };
});
afterAll(() => app.close());
beforeEach(() => clock.nextMinute());

const grant = (cookie: string, publisher: string, note: string) => trpcMutate(app, "admin.publishers.grant", { publisher, note }, { cookie }).then(readTrpc);
const revoke = (cookie: string, publisher: string, note: string) => trpcMutate(app, "admin.publishers.revoke", { publisher, note }, { cookie }).then(readTrpc);
const overview = (cookie: string) => trpcQuery(app, "admin.publishers.overview", undefined, { cookie }).then(readTrpc);

describe("operator grants", () => {
  it("grants and revokes with a note, recorded with who and when; listings and the page follow", async () => {
    const owner = await insertAccount(app.deps.db, { name: "Granted Games", email: "granted@games.test" });
    await insertPlugin(app.deps.db, { slug: "granted-plugin", ownerId: owner.id });

    const granted = await grant(operator.cookie, "granted-games", "Known studio, checked by a call.");
    expect(granted).toMatchObject({ status: 200, data: { handle: "granted-games", name: "Granted Games" } });
    expect((await app.json("/plugins/granted-plugin")).body.item.publisher).toMatchObject({ verified: true, handle: "granted-games" });
    expect((await app.json("/publishers/granted-games")).body.publisher).toMatchObject({ verified: true, verification: { domains: [], byOperator: true } });

    const grantedAt = clock.now().toISOString();
    clock.advance(60_000);
    const revoked = await revoke(operator.cookie, "GRANTED@games.test", "Studio closed.");
    expect(revoked.data).toEqual({ handle: "granted-games", name: "Granted Games", verified: false });
    expect((await app.json("/plugins/granted-plugin")).body.item.publisher.verified).toBe(false);
    expect((await app.json("/publishers/granted-games")).body.publisher.verification.byOperator).toBe(false);

    const { data } = await overview(operator.cookie);
    expect(data.verified.find((p: { accountId: string }) => p.accountId === owner.id)).toBeUndefined();
    const events = data.events.filter((e: { handle: string }) => e.handle === "granted-games");
    expect(events).toEqual([
      expect.objectContaining({
        action: "revoke",
        actor: "Olive Operator <olive@ops.test>",
        via: "website",
        note: "Studio closed.",
        createdAt: clock.now().toISOString(),
      }),
      expect.objectContaining({
        action: "grant",
        actor: "Olive Operator <olive@ops.test>",
        via: "website",
        note: "Known studio, checked by a call.",
        createdAt: grantedAt,
      }),
    ]);
  });

  it("lists who is verified and why", async () => {
    const owner = await insertAccount(app.deps.db, { name: "Listed Labs" });
    await insertPlugin(app.deps.db, { slug: "listed-plugin", ownerId: owner.id });
    await grant(operator.cookie, "listed-labs", "Partner.");
    const { data } = await overview(operator.cookie);
    expect(data.verified.find((p: { accountId: string }) => p.accountId === owner.id)).toMatchObject({
      handle: "listed-labs",
      grant: { grantedBy: "Olive Operator <olive@ops.test>", note: "Partner.", grantedAt: clock.now().toISOString() },
      domains: [],
    });
  });

  it("gives a handle to an account named by email that has not published yet", async () => {
    await insertAccount(app.deps.db, { name: "Early Bird", email: "early@bird.test" });
    const granted = await grant(operator.cookie, "early@bird.test", "Verified ahead of launch.");
    expect(granted.data.handle).toBe("early-bird");
    expect((await app.json("/publishers/early-bird")).body.publisher).toMatchObject({ verified: true, name: "Early Bird" });
  });

  it("answers 404 for an unknown publisher or nothing to revoke, and 400 without a note", async () => {
    expect((await grant(operator.cookie, "no-such-handle", "x")).error).toMatchObject({ code: "not_found" });
    expect((await grant(operator.cookie, "nobody@nowhere.test", "x")).error).toMatchObject({ code: "not_found" });
    const owner = await insertAccount(app.deps.db, { name: "Never Granted" });
    await insertPlugin(app.deps.db, { slug: "never-granted", ownerId: owner.id });
    expect((await revoke(operator.cookie, "never-granted", "x")).error).toMatchObject({ code: "not_found" });
    const noNote = await grant(operator.cookie, "never-granted", "   ");
    expect(noNote.status).toBe(400);
    expect(noNote.error).toMatchObject({ code: "validation_error" });
  });

  it("is for operators only: 403 forbidden for a member, 401 signed out", async () => {
    const owner = await insertAccount(app.deps.db, { name: "Target Publisher" });
    await insertPlugin(app.deps.db, { slug: "target-plugin", ownerId: owner.id });
    expect((await grant(member.cookie, "target-publisher", "Self-service?")).error).toMatchObject({ code: "forbidden" });
    expect((await overview(member.cookie)).error).toMatchObject({ code: "forbidden" });
    expect((await grant("", "target-publisher", "x")).error).toMatchObject({ code: "unauthorized" });
    const [row] = await app.deps.db.select({ verified: accounts.verified }).from(accounts).where(eq(accounts.id, owner.id));
    expect(row!.verified).toBe(false);
  });
});
