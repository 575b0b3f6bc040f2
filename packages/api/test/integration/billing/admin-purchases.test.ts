/**
 * The operator's purchases and price-request pages through /api/trpc, as the
 * website calls them: purchase search by id, buyer and plugin with keyset
 * pages, refunds seen in the search, and the price requests already decided
 * with their outcome, reviewer, time and note. Staff only.
 */
import { purchases } from "@streamkit/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { runAdminCommand } from "../../../src/admin/commands";
import { createTestApp, type TestApp } from "../../support/app";
import { TestClock } from "../../support/clock";
import { buy } from "../../support/commerce";
import { insertAccount, insertPlugin } from "../../support/factories";
import { sessionCookie } from "../../support/session";
import { readTrpc, trpcMutate, trpcQuery } from "../../support/trpc";

const clock = new TestClock(Date.UTC(2026, 10, 1, 9, 0, 0));
let app: TestApp;

interface Person {
  id: string;
  email: string;
  name: string;
  cookie: string;
}

async function person(values: Parameters<typeof insertAccount>[1] = {}): Promise<Person> {
  const row = await insertAccount(app.deps.db, values);
  return { id: row.id, email: row.email!, name: row.name, cookie: await sessionCookie(app, row.id) };
}

let operator: Person;
let member: Person;
let author: Person;

beforeAll(async () => {
  app = await createTestApp({ now: clock.now });
  operator = await person({ name: "Olive Operator", staff: true });
  member = await person({ name: "Mia Member", plan: "pro" });
  author = await person({ name: "Rita Author", plan: "pro" });
  await insertPlugin(app.deps.db, { slug: "song-queue", name: "Song Queue", ownerId: author.id, priceTier: "t2" });
  await insertPlugin(app.deps.db, { slug: "hype-meter", name: "Hype Meter", ownerId: author.id, priceTier: "t3" });
});
afterAll(() => app.close());
beforeEach(() => clock.nextMinute());

const findPurchases = async (input: unknown, who: Person = operator) => readTrpc(await trpcQuery(app, "admin.findPurchases", input, { cookie: who.cookie }));

/** A buyer outside India who bought `slug`; returns the buyer and the purchase row. */
async function purchased(slug: string, values: Parameters<typeof insertAccount>[1] = {}) {
  const buyer = await person({ plan: "pro", country: "US", ...values });
  await buy(app, buyer.id, slug);
  const [purchase] = await app.deps.db.select().from(purchases).where(eq(purchases.accountId, buyer.id));
  return { buyer, purchase: purchase! };
}

describe("only operators reach them", () => {
  it.each([
    ["admin.findPurchases", {}],
    ["admin.decidedPriceRequests", undefined],
  ])("%s: 401 signed out, 403 forbidden for a member, 200 for an operator", async (procedure, input) => {
    const signedOut = await readTrpc(await trpcQuery(app, procedure, input));
    expect(signedOut.status).toBe(401);
    expect(signedOut.error?.code).toBe("unauthorized");
    const refused = await readTrpc(await trpcQuery(app, procedure, input, { cookie: member.cookie }));
    expect(refused.status).toBe(403);
    expect(refused.error).toEqual({ code: "forbidden", message: "Only the service's operators can do this." });
    expect((await trpcQuery(app, procedure, input, { cookie: operator.cookie })).status).toBe(200);
  });
});

describe("finding purchases", () => {
  let grace: Awaited<ReturnType<typeof purchased>>;
  let other: Awaited<ReturnType<typeof purchased>>;
  beforeAll(async () => {
    grace = await purchased("song-queue", { name: "Grace Buyer", email: "Grace.Hopper@Navy.example" });
    clock.nextMinute();
    other = await purchased("hype-meter", { name: "Other Person", email: "other@elsewhere.example" });
  });

  it("shows a purchase with its full id, the buyer, the provider's payment id and the refund window", async () => {
    const { status, data } = await findPurchases({ q: grace.purchase.id });
    expect(status).toBe(200);
    expect(data).toEqual({
      items: [
        {
          id: grace.purchase.id,
          slug: "song-queue",
          name: "Song Queue",
          buyer: { id: grace.buyer.id, name: "Grace Buyer", email: "Grace.Hopper@Navy.example" },
          provider: "builtin",
          providerPaymentId: grace.purchase.providerPaymentId,
          currency: "USD",
          amount: 200,
          status: "paid",
          paidAt: grace.purchase.paidAt.toISOString(),
          refundedAt: null,
          refundableUntil: new Date(grace.purchase.paidAt.getTime() + 14 * 24 * 60 * 60 * 1000).toISOString(),
        },
      ],
      next: null,
    });
  });

  it.each([
    ["the purchase id", () => grace.purchase.id],
    ["the purchase id in capitals, with spaces around it", () => `  ${grace.purchase.id.toUpperCase()} `],
    ["the buyer's account id", () => grace.buyer.id],
    ["part of the buyer's email, in any letter case", () => "grace.hopper@navy"],
    ["the buyer's name", () => "grace buyer"],
    ["the plugin's slug", () => "song-queue"],
    ["the plugin's name", () => "song QUEUE"],
    ["the provider's payment id", () => grace.purchase.providerPaymentId],
  ])("finds it by %s, and not the other purchase", async (_case, q) => {
    const ids = (await findPurchases({ q: q() })).data.items.map((p: { id: string }) => p.id);
    expect(ids).toContain(grace.purchase.id);
    expect(ids).not.toContain(other.purchase.id);
  });

  it("takes % and _ literally, and answers no match with an empty page", async () => {
    expect((await findPurchases({ q: "%" })).data).toEqual({ items: [], next: null });
    expect((await findPurchases({ q: "song_queue" })).data).toEqual({ items: [], next: null });
    expect((await findPurchases({ q: "nobody bought this" })).data).toEqual({ items: [], next: null });
  });

  it("pages newest first with a cursor, every purchase once", async () => {
    const bought = [];
    for (let i = 0; i < 3; i++) bought.push((await purchased("song-queue", { name: `Pager ${i}`, email: `pager-${i}@paging.example` })).purchase);
    // Two in the same millisecond: the id orders them.
    bought.push((await purchased("hype-meter", { name: "Pager 3", email: "pager-3@paging.example" })).purchase);
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 4; page++) {
      const { data } = await findPurchases({ q: "@paging.example", limit: 3, ...(cursor ? { cursor } : {}) });
      seen.push(...data.items.map((p: { id: string }) => p.id));
      cursor = data.next ?? undefined;
      if (!cursor) break;
    }
    expect(cursor).toBeUndefined();
    const expected = [...bought].sort((a, b) => b.paidAt.getTime() - a.paidAt.getTime() || (a.id < b.id ? 1 : -1)).map((p) => p.id);
    expect(seen).toEqual(expected);
  });

  it("shows a refund made through the website's procedure, with its time", async () => {
    const { purchase } = await purchased("hype-meter", { name: "Refund Me" });
    const refunded = await readTrpc(await trpcMutate(app, "admin.refund", { id: purchase.id }, { cookie: operator.cookie }));
    expect(refunded.status).toBe(200);
    expect(refunded.data).toMatchObject({ id: purchase.id, status: "refunded", alreadyRefunded: false });
    const [item] = (await findPurchases({ q: purchase.id })).data.items;
    expect(item).toMatchObject({ id: purchase.id, status: "refunded", refundedAt: clock.now().toISOString() });
  });

  it("answers a refund of an unknown purchase with 404 not_found", async () => {
    const { status, error } = await readTrpc(
      await trpcMutate(app, "admin.refund", { id: "00000000-0000-4000-8000-000000000000" }, { cookie: operator.cookie }),
    );
    expect(status).toBe(404);
    expect(error?.code).toBe("not_found");
  });

  it.each([
    ["a search longer than 200 characters", { q: "x".repeat(201) }, "Search for at most 200 characters."],
    ["a search with a NUL", { q: "a\u0000b" }, "Search text may not contain control characters."],
    ["a search with a line break", { q: "a\nb" }, "Search text may not contain control characters."],
    ["a cursor this service did not make", { cursor: "%%%" }, "That page link is not valid; start from the first page."],
    [
      "a cursor naming no id",
      { cursor: Buffer.from(JSON.stringify([1, "x"])).toString("base64url") },
      "That page link is not valid; start from the first page.",
    ],
    ["an overlong cursor", { cursor: "A".repeat(201) }, "That page link is not valid; start from the first page."],
    ["a page of 0", { limit: 0 }, undefined],
    ["a page of 1.5", { limit: 1.5 }, undefined],
    ["a search that is not text", { q: ["a"] }, undefined],
  ])("answers %s with 400 bad_request naming the problem", async (_case, input, message) => {
    const { status, error } = await findPurchases(input);
    expect(status).toBe(400);
    expect(error?.code).toBe("bad_request");
    if (message) expect(JSON.stringify(error?.details)).toContain(message);
  });
});

describe("decided price requests", () => {
  const ask = async (slug: string, tier: string | null) => readTrpc(await trpcMutate(app, "commerce.setPrice", { slug, tier }, { cookie: author.cookie }));
  const review = async (slug: string, decision: "approve" | "reject", note?: string) =>
    readTrpc(await trpcMutate(app, "admin.reviewPriceRequest", { slug, decision, note }, { cookie: operator.cookie }));
  const decided = async () => (await readTrpc(await trpcQuery(app, "admin.decidedPriceRequests", undefined, { cookie: operator.cookie }))).data;
  const reviewer = () => ({ id: operator.id, name: operator.name, email: operator.email });

  beforeAll(async () => {
    for (const slug of ["approved-one", "rejected-one", "cli-reviewed", "withdrawn-one"]) await insertPlugin(app.deps.db, { slug, ownerId: author.id });
  });

  it("lists an approval with its reviewer and time; a pending request is not listed", async () => {
    expect((await ask("approved-one", "t3")).status).toBe(200);
    expect((await decided()).filter((d: { slug: string }) => d.slug === "approved-one")).toEqual([]);
    const requestedAt = clock.now().toISOString();
    clock.advance(60_000);
    expect((await review("approved-one", "approve")).status).toBe(200);
    const [entry] = (await decided()).filter((d: { slug: string }) => d.slug === "approved-one");
    expect(entry).toEqual({
      id: expect.any(String),
      slug: "approved-one",
      name: "approved-one",
      author: { id: author.id, name: "Rita Author", email: author.email },
      tier: "t3",
      outcome: "approved",
      superseded: false,
      note: null,
      requestedAt,
      decidedAt: clock.now().toISOString(),
      decidedBy: reviewer(),
    });
  });

  it("lists a rejection with its note, and keeps it, with its decision time, after the author asks again", async () => {
    await ask("rejected-one", "t4");
    const decidedAt = clock.now().toISOString();
    expect((await review("rejected-one", "reject", "Too steep for a first release.")).status).toBe(200);
    const before = (await decided()).filter((d: { slug: string }) => d.slug === "rejected-one");
    expect(before).toEqual([
      expect.objectContaining({ tier: "t4", outcome: "rejected", superseded: false, note: "Too steep for a first release.", decidedAt, decidedBy: reviewer() }),
    ]);

    clock.advance(60 * 60_000);
    expect((await ask("rejected-one", "t2")).status).toBe(200);
    const after = (await decided()).filter((d: { slug: string }) => d.slug === "rejected-one");
    expect(after).toEqual([
      expect.objectContaining({ tier: "t4", outcome: "rejected", superseded: true, note: "Too steep for a first release.", decidedAt, decidedBy: reviewer() }),
    ]);
    // The new request waits in the queue.
    const pending = (await readTrpc(await trpcQuery(app, "admin.priceRequests", undefined, { cookie: operator.cookie }))).data;
    expect(pending.filter((p: { slug: string }) => p.slug === "rejected-one").map((p: { requested: { tier: string } }) => p.requested.tier)).toEqual(["t2"]);
  });

  it("lists a decision made with the operator CLI, with no reviewer recorded", async () => {
    await ask("cli-reviewed", "t1");
    await runAdminCommand(app.deps, ["price-request", "approve", "--slug", "cli-reviewed"]);
    const [entry] = (await decided()).filter((d: { slug: string }) => d.slug === "cli-reviewed");
    expect(entry).toMatchObject({ outcome: "approved", decidedBy: null, decidedAt: clock.now().toISOString() });
  });

  it("does not list a request the author withdrew before anyone decided", async () => {
    await ask("withdrawn-one", "t2");
    await ask("withdrawn-one", null);
    expect((await decided()).filter((d: { slug: string }) => d.slug === "withdrawn-one")).toEqual([]);
  });

  it("refuses an operator's approval of their own plugin's price (403 forbidden), leaves the request waiting, and lets another operator approve it", async () => {
    const authoring = await person({ name: "Otto Authoring", staff: true, plan: "pro" });
    await insertPlugin(app.deps.db, { slug: "own-priced", ownerId: authoring.id });
    expect((await readTrpc(await trpcMutate(app, "commerce.setPrice", { slug: "own-priced", tier: "t4" }, { cookie: authoring.cookie }))).status).toBe(200);
    const own = await readTrpc(await trpcMutate(app, "admin.reviewPriceRequest", { slug: "own-priced", decision: "approve" }, { cookie: authoring.cookie }));
    expect(own.status).toBe(403);
    expect(own.error).toMatchObject({ code: "forbidden", message: "You cannot approve the price of your own plugin; another operator has to review it." });
    const pending = (await readTrpc(await trpcQuery(app, "admin.priceRequests", undefined, { cookie: operator.cookie }))).data;
    expect(pending.filter((p: { slug: string }) => p.slug === "own-priced").map((p: { requested: { tier: string } }) => p.requested.tier)).toEqual(["t4"]);
    const plugin = await readTrpc(await trpcQuery(app, "plugins.get", { slug: "own-priced" }, { cookie: member.cookie }));
    expect(plugin.data.item.price).toBeNull();
    expect((await review("own-priced", "approve")).status).toBe(200);
  });

  it("puts the latest decision first", async () => {
    const times = (await decided()).map((d: { decidedAt: string }) => d.decidedAt);
    expect(times).toEqual([...times].sort().reverse());
    expect(times.length).toBeGreaterThanOrEqual(3);
  });
});
