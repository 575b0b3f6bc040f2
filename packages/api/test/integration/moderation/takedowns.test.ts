/**
 * The operators' side of reports through /api/trpc (as /admin/reports calls
 * it) and what their decisions do through /api/v1: the queue grouped by
 * plugin, dismiss, warn, take down and restore with their audit; a takedown
 * hides the plugin from everyone but its author and holders, blocks every
 * download but the author's, keeps purchases, survives a new publish; the
 * database decides between concurrent decisions; only operators decide.
 */
import { moderationDecisions, pluginReports, plugins, purchases } from "@streamkit/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../support/app";
import { TestClock } from "../../support/clock";
import { buy } from "../../support/commerce";
import { bearer, insertAccount, insertKey, insertPlugin } from "../../support/factories";
import { jsonPost, publishBody } from "../../support/packages";
import { raceThroughLock } from "../../support/race";
import { sessionCookie } from "../../support/session";
import { readTrpc, trpcMutate, trpcQuery } from "../../support/trpc";

let app: TestApp;
const clock = new TestClock(Date.UTC(2026, 10, 22, 9, 0, 0));

interface Person {
  id: string;
  key: string;
  cookie: string;
}

async function person(values: Parameters<typeof insertAccount>[1] = {}): Promise<Person> {
  const row = await insertAccount(app.deps.db, { plan: "pro", ...values });
  return { id: row.id, key: (await insertKey(app.deps.db, row.id)).key, cookie: await sessionCookie(app, row.id) };
}

let operator: Person;
let second: Person;
let author: Person;
let buyer: Person;
let downloader: Person;
let stranger: Person;

const report = (who: Person, slug: string, reason: string, details = "") =>
  app.json(`/plugins/${slug}/report`, {
    method: "PUT",
    headers: { ...bearer(who.key), "content-type": "application/json" },
    body: JSON.stringify({ reason, details }),
  });
const decide = async (input: Record<string, unknown>, who: Person = operator) =>
  readTrpc(await trpcMutate(app, "admin.reports.decide", input, { cookie: who.cookie }));
const queue = async (who: Person = operator) => readTrpc(await trpcQuery(app, "admin.reports.queue", undefined, { cookie: who.cookie }));
const detail = (slug: string, who?: Person) => app.json(`/plugins/${slug}`, { headers: who ? bearer(who.key) : {} });
const download = (slug: string, who: Person) => app.json(`/plugins/${slug}/package`, { headers: bearer(who.key) });

beforeAll(async () => {
  app = await createTestApp({ now: clock.now });
  operator = await person({ name: "Olive Operator", staff: true });
  second = await person({ name: "Sam Second", staff: true });
  author = await person({ name: "Ada Author" });
  buyer = await person({ name: "Bea Buyer" });
  downloader = await person({ name: "Dan Downloader" });
  stranger = await person({ name: "Stan Stranger" });
});
afterAll(() => app.close());
beforeEach(() => clock.nextMinute());

describe("the operators' queue", () => {
  it("groups open reports by plugin, most reported first, with counts per reason and the newest reports", async () => {
    await insertPlugin(app.deps.db, { slug: "queued-a", name: "Queued A", ownerId: author.id });
    await insertPlugin(app.deps.db, { slug: "queued-b", name: "Queued B", ownerId: author.id });
    await report(buyer, "queued-a", "malware", "Deletes my scenes.");
    clock.nextMinute();
    await report(downloader, "queued-a", "malware");
    clock.nextMinute();
    await report(stranger, "queued-a", "spam", "Links everywhere.");
    await report(stranger, "queued-b", "broken");
    const { status, data } = await queue();
    expect(status).toBe(200);
    const [a, b] = data.filter((entry: { slug: string }) => entry.slug.startsWith("queued-"));
    expect(a).toMatchObject({
      slug: "queued-a",
      name: "Queued A",
      status: "published",
      author: { id: author.id, name: "Ada Author" },
      open: 3,
      counts: { malware: 2, spam: 1, broken: 0, privacy: 0, impersonation: 0, copyright: 0, other: 0 },
    });
    expect(a.reports.map((r: { reporter: { name: string }; reason: string }) => [r.reporter.name, r.reason])).toEqual([
      ["Stan Stranger", "spam"],
      ["Dan Downloader", "malware"],
      ["Bea Buyer", "malware"],
    ]);
    expect(b).toMatchObject({ slug: "queued-b", open: 1, counts: { broken: 1 } });
  });

  it("dismisses: the open reports close, the plugin leaves the queue, the audit records who and why", async () => {
    const { status, data } = await decide({ slug: "queued-b", action: "dismiss", note: "Works for me." });
    expect(status).toBe(200);
    expect(data).toEqual({
      id: expect.any(String),
      slug: "queued-b",
      name: "Queued B",
      action: "dismiss",
      reason: null,
      note: "Works for me.",
      message: null,
      operator: { id: operator.id, name: "Olive Operator", email: expect.any(String) },
      reportsClosed: 1,
      at: clock.now().toISOString(),
    });
    expect((await queue()).data.map((entry: { slug: string }) => entry.slug)).not.toContain("queued-b");
    // Nothing left to dismiss: 409 conflict.
    const again = await decide({ slug: "queued-b", action: "dismiss" });
    expect(again.status).toBe(409);
    expect(again.error).toMatchObject({ code: "conflict", details: { status: "published" } });
    // A new report after a decision opens a new one.
    expect((await report(stranger, "queued-b", "broken")).body.replaced).toBe(false);
  });

  it("warns the author: the message shows on their plugin in /plugins/mine, never to others", async () => {
    const noMessage = await decide({ slug: "queued-b", action: "warn" });
    expect(noMessage.status).toBe(400);
    const { status, data } = await decide({ slug: "queued-b", action: "warn", message: "Please fix the crash on start.", note: "Second report." });
    expect(status).toBe(200);
    expect(data).toMatchObject({ action: "warn", reason: "broken", message: "Please fix the crash on start.", reportsClosed: 1 });
    const mine = await app.json("/plugins/mine", { headers: bearer(author.key) });
    expect(mine.body.items.find((item: { slug: string }) => item.slug === "queued-b").warning).toEqual({
      at: clock.now().toISOString(),
      reason: "broken",
      message: "Please fix the crash on start.",
    });
    expect((await detail("queued-b", stranger)).body.item).not.toHaveProperty("warning");
    expect((await detail("queued-b")).body.item).not.toHaveProperty("warning");
  });
});

describe("a takedown", () => {
  let pluginId: string;
  let takenDownAt: string;

  beforeAll(async () => {
    const files = publishBody({ id: "scene-wiper", name: "Scene Wiper", version: "1.0.0" });
    expect((await app.json("/plugins", jsonPost(files, bearer(author.key)))).status).toBe(201);
    await app.deps.db.update(plugins).set({ priceTier: "t1" }).where(eq(plugins.slug, "scene-wiper"));
    pluginId = (await detail("scene-wiper")).body.item.id;
    await buy(app, buyer.id, "scene-wiper");
    // A holder by download: bought it too (it is paid), and downloaded it.
    await buy(app, downloader.id, "scene-wiper");
    expect((await download("scene-wiper", downloader)).status).toBe(200);
    await app.deps.db.update(purchases).set({ status: "refunded" }).where(eq(purchases.accountId, downloader.id));
    await report(stranger, "scene-wiper", "malware", "Deletes every scene.");
    clock.nextMinute();
    const taken = await decide({ slug: "scene-wiper", action: "take_down", note: "Confirmed in a sandbox.", message: "Your plugin deletes OBS scenes." });
    expect(taken.status).toBe(200);
    expect(taken.data).toMatchObject({ action: "take_down", reason: "malware", reportsClosed: 1, message: "Your plugin deletes OBS scenes." });
    takenDownAt = clock.now().toISOString();
  });

  it("leaves the marketplace and answers 404 to anyone who does not hold it", async () => {
    const list = await app.json("/plugins?q=scene-wiper");
    expect(list.body.items).toEqual([]);
    const listed = await app.json("/plugins?q=scene-wiper", { headers: bearer(buyer.key) });
    expect(listed.body.items).toEqual([]);
    for (const who of [undefined, stranger]) {
      const { status, body } = await detail("scene-wiper", who);
      expect(status).toBe(404);
      expect(body.error.code).toBe("not_found");
    }
    expect((await report(stranger, "scene-wiper", "malware")).status).toBe(404);
  });

  it("stays readable by holders (bought, or downloaded before), saying when and why but not the operator's words", async () => {
    for (const holder of [buyer, downloader]) {
      const { status, body } = await detail("scene-wiper", holder);
      expect(status).toBe(200);
      expect(body.item).toMatchObject({ slug: "scene-wiper", status: "taken_down", takenDown: { at: takenDownAt, reason: "malware" } });
      expect(body.item.takenDown).not.toHaveProperty("message");
      expect(JSON.stringify(body)).not.toContain("sandbox");
    }
  });

  it("blocks downloads: 410 taken_down for holders, 404 for others, the author still may", async () => {
    const held = await download("scene-wiper", buyer);
    expect(held.status).toBe(410);
    expect(held.body).toEqual({
      error: {
        code: "taken_down",
        message: "“Scene Wiper” was taken down by the marketplace's operators and cannot be downloaded; what you installed before stays yours.",
        details: { reason: "malware", takenDownAt },
      },
    });
    expect((await download("scene-wiper", downloader)).status).toBe(410);
    expect((await download("scene-wiper", stranger)).status).toBe(404);
    expect((await download("scene-wiper", author)).status).toBe(200);
  });

  it("keeps the purchase: GET /purchases still lists it, paid", async () => {
    const { body } = await app.json("/purchases", { headers: bearer(buyer.key) });
    expect(body.items).toEqual([expect.objectContaining({ slug: "scene-wiper", status: "paid" })]);
    expect((await app.deps.db.select().from(purchases).where(eq(purchases.pluginId, pluginId))).length).toBe(2);
  });

  it("tells the author why in /plugins/mine, with the operator's message", async () => {
    const { body } = await app.json("/plugins/mine", { headers: bearer(author.key) });
    expect(body.items.find((item: { slug: string }) => item.slug === "scene-wiper")).toMatchObject({
      status: "taken_down",
      takenDown: { at: takenDownAt, reason: "malware", message: "Your plugin deletes OBS scenes." },
    });
    expect((await detail("scene-wiper", author)).body.item.takenDown.message).toBe("Your plugin deletes OBS scenes.");
  });

  it("cannot be bought meanwhile", async () => {
    const buying = await readTrpc(await trpcMutate(app, "commerce.startCheckout", { slug: "scene-wiper" }, { cookie: stranger.cookie }));
    expect(buying.status).toBe(404);
  });

  it("stays down when its author publishes again, and a second takedown is 409 conflict", async () => {
    const files = publishBody({ id: "scene-wiper", name: "Scene Wiper", version: "1.1.0" });
    const published = await app.json("/plugins", jsonPost(files, bearer(author.key)));
    expect(published.status).toBe(201);
    expect(published.body.item).toMatchObject({ status: "taken_down", version: "1.1.0" });
    expect((await detail("scene-wiper")).status).toBe(404);
    const again = await decide({ slug: "scene-wiper", action: "take_down", reason: "spam" });
    expect(again.status).toBe(409);
    expect(again.error).toMatchObject({ code: "conflict", details: { status: "taken_down" } });
  });

  it("is restored by an operator: listed and downloadable again, at its new version", async () => {
    const restored = await decide({ slug: "scene-wiper", action: "restore", note: "Fixed in 1.1.0." });
    expect(restored.status).toBe(200);
    expect(restored.data).toMatchObject({ action: "restore", reportsClosed: 0 });
    const { status, body } = await detail("scene-wiper");
    expect(status).toBe(200);
    expect(body.item).toMatchObject({ status: "published", version: "1.1.0" });
    expect(body.item).not.toHaveProperty("takenDown");
    expect((await download("scene-wiper", buyer)).status).toBe(200);
    expect((await decide({ slug: "scene-wiper", action: "restore" })).status).toBe(409);
  });

  it("deleted by its author while down, a restore leaves it removed", async () => {
    await insertPlugin(app.deps.db, { slug: "gone-soon", ownerId: author.id });
    expect((await decide({ slug: "gone-soon", action: "take_down", reason: "copyright" })).status).toBe(200);
    const deleted = await app.json("/plugins/gone-soon", { method: "DELETE", headers: bearer(author.key) });
    expect(deleted.status).toBe(204);
    expect((await app.deps.db.select().from(plugins).where(eq(plugins.slug, "gone-soon")))[0]!.status).toBe("taken_down");
    expect((await app.json("/plugins/gone-soon", { method: "DELETE", headers: bearer(stranger.key) })).status).toBe(404);
    expect((await decide({ slug: "gone-soon", action: "restore" })).status).toBe(200);
    expect((await app.deps.db.select().from(plugins).where(eq(plugins.slug, "gone-soon")))[0]!.status).toBe("removed");
  });

  it("is listed for the operator while down, and every decision is in the audit, newest first", async () => {
    await insertPlugin(app.deps.db, { slug: "listed-down", name: "Listed Down", ownerId: author.id });
    await decide({ slug: "listed-down", action: "take_down", reason: "impersonation", message: "Looks like Chat Tools." });
    const down = await readTrpc(await trpcQuery(app, "admin.reports.takenDown", undefined, { cookie: operator.cookie }));
    expect(down.data[0]).toMatchObject({ slug: "listed-down", reason: "impersonation", message: "Looks like Chat Tools.", author: { id: author.id } });
    const audit = await readTrpc(await trpcQuery(app, "admin.reports.decisions", undefined, { cookie: operator.cookie }));
    expect(audit.data[0]).toMatchObject({ slug: "listed-down", action: "take_down", operator: { id: operator.id } });
    const rows = await app.deps.db.select().from(moderationDecisions);
    expect(audit.data).toHaveLength(rows.length);
  });
});

describe("the database decides between operators", () => {
  it("two takedowns of one plugin at once: one succeeds, the other is 409 conflict", async () => {
    const plugin = await insertPlugin(app.deps.db, { slug: "raced-down", ownerId: author.id });
    const results = await raceThroughLock(app.database, { lockSql: "select 1 from plugins where id = $1 for update", params: [plugin.id], racers: 2 }, () => [
      decide({ slug: "raced-down", action: "take_down", reason: "malware" }),
      decide({ slug: "raced-down", action: "take_down", reason: "spam" }, second),
    ]);
    const statuses = results.map((r) => (r.status === "fulfilled" ? r.value.status : 0)).sort();
    expect(statuses).toEqual([200, 409]);
    expect(await app.deps.db.select().from(moderationDecisions).where(eq(moderationDecisions.pluginId, plugin.id))).toHaveLength(1);
  });

  it("a dismissal and a warning at once: the reports close once, the later decision finds nothing open", async () => {
    const plugin = await insertPlugin(app.deps.db, { slug: "raced-reports", ownerId: author.id });
    await report(stranger, "raced-reports", "spam");
    const results = await raceThroughLock(app.database, { lockSql: "select 1 from plugins where id = $1 for update", params: [plugin.id], racers: 2 }, () => [
      decide({ slug: "raced-reports", action: "dismiss" }),
      decide({ slug: "raced-reports", action: "warn", message: "Tone it down." }, second),
    ]);
    const statuses = results.map((r) => (r.status === "fulfilled" ? r.value.status : 0)).sort();
    expect(statuses).toEqual([200, 409]);
    const closed = await app.deps.db.select().from(pluginReports).where(eq(pluginReports.pluginId, plugin.id));
    expect(closed.map((row) => row.status)).toEqual(["closed"]);
  });
});

describe("only operators decide", () => {
  const calls: [string, "query" | "mutation", unknown][] = [
    ["admin.reports.queue", "query", undefined],
    ["admin.reports.takenDown", "query", undefined],
    ["admin.reports.decisions", "query", undefined],
    ["admin.reports.decide", "mutation", { slug: "guarded", action: "take_down", reason: "spam" }],
  ];
  const call = (procedure: string, kind: "query" | "mutation", input: unknown, headers: Record<string, string>) =>
    kind === "query" ? trpcQuery(app, procedure, input, headers) : trpcMutate(app, procedure, input, headers);

  it.each(calls)("%s: 401 signed out, 403 for a member, 403 account_disabled for a suspended operator, 401 with an API key", async (procedure, kind, input) => {
    await insertPlugin(app.deps.db, { slug: "guarded", ownerId: author.id }).catch(() => undefined);
    expect((await readTrpc(await call(procedure, kind, input, {}))).status).toBe(401);
    const member = await readTrpc(await call(procedure, kind, input, { cookie: stranger.cookie }));
    expect(member.status).toBe(403);
    expect(member.error).toEqual({ code: "forbidden", message: "Only the service's operators can do this." });
    const suspended = await person({ staff: true, suspended: true });
    expect((await readTrpc(await call(procedure, kind, input, { cookie: suspended.cookie }))).error?.code).toBe("account_disabled");
    expect((await call(procedure, kind, input, bearer(operator.key))).status).toBe(401);
    expect((await app.deps.db.select().from(plugins).where(eq(plugins.slug, "guarded")))[0]!.status).toBe("published");
  });

  it("an operator never decides about their own plugin", async () => {
    await insertPlugin(app.deps.db, { slug: "operators-own", ownerId: operator.id });
    const { status, error } = await decide({ slug: "operators-own", action: "take_down", reason: "spam" });
    expect(status).toBe(403);
    expect(error?.message).toBe("You cannot decide about your own plugin; another operator has to.");
    expect((await decide({ slug: "no-such-plugin", action: "restore" })).status).toBe(404);
    expect((await decide({ slug: "operators-own", action: "explode" })).status).toBe(400);
  });
});
