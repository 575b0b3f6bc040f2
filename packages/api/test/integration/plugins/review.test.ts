/**
 * Scanning before listing (docs/plugins.md#scanning): a secret refuses the
 * publish with its file and line and is never echoed; a look-alike is held
 * for review, invisible to others (list, detail, package) and shown to its
 * author with the reasons; the operators approve or reject it (one decision
 * wins a race); an update of a listed plugin is listed at once unless a
 * rename imitates.
 */
import { plugins } from "@streamkit/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../support/app";
import { TestClock } from "../../support/clock";
import { bearer, insertAccount, insertKey, insertPlugin } from "../../support/factories";
import { jsonPost, publishBody } from "../../support/packages";
import { raceThroughLock } from "../../support/race";
import { sessionCookie } from "../../support/session";
import { readTrpc, trpcMutate, trpcQuery } from "../../support/trpc";

let app: TestApp;
const clock = new TestClock(Date.UTC(2026, 10, 28, 9, 0, 0));
type Person = { id: string; key: string; cookie: string };
let author: Person;
let rival: Person;
let reader: Person;
let operator: Person;

async function person(values: Parameters<typeof insertAccount>[1]): Promise<Person> {
  const row = await insertAccount(app.deps.db, { plan: "pro", ...values });
  return { id: row.id, key: (await insertKey(app.deps.db, row.id)).key, cookie: await sessionCookie(app, row.id) };
}

const publish = (who: Person, body: unknown) => app.json("/plugins", jsonPost(body, bearer(who.key)));
const queue = async (who: Person = operator) => readTrpc(await trpcQuery(app, "admin.reviews.queue", undefined, { cookie: who.cookie }));
const decide = async (input: Record<string, unknown>, who: Person = operator) =>
  readTrpc(await trpcMutate(app, "admin.reviews.decide", input, { cookie: who.cookie }));

/** A real-looking GitHub token, assembled so that this file holds none. */
const token = ["gh", "p_", "R7uQ2mXz9LkP4vT8wB1nC6yH3jF5dS0aGeKq"].join("");

beforeAll(async () => {
  app = await createTestApp({ now: clock.now });
  author = await person({ name: "Mallory Maker" });
  rival = await person({ name: "Olivia Original" });
  reader = await person({ name: "Rita Reader" });
  operator = await person({ name: "Oscar Operator", staff: true });
  await insertAccount(app.deps.db, { name: "Acme Studios", verified: true });
  await insertPlugin(app.deps.db, { slug: "obs-scene-timer", name: "OBS Scene Timer", ownerId: rival.id, downloads: 500 });
  await insertPlugin(app.deps.db, { slug: "hype-train-tracker", name: "Hype Train Tracker", ownerId: rival.id, downloads: 50 });
});

afterAll(() => app.close());
beforeEach(() => clock.nextMinute());

describe("secrets refuse the publish", () => {
  it("400 invalid_package naming the file, line and kind; the secret is nowhere in the answer, and nothing is stored", async () => {
    const body = publishBody({ id: "leaky-bot", files: { "lib/config.lua": `local M = {}\n-- the bot's login\nM.token = "${token}"\nreturn M\n` } });
    const response = await app.request("/plugins", jsonPost(body, bearer(author.key)));
    const text = await response.text();
    const { status } = response;
    const answer = JSON.parse(text);
    expect(status).toBe(400);
    expect(answer.error.code).toBe("invalid_package");
    expect(answer.error.details).toEqual([
      { path: "lib/config.lua:3:12", message: expect.stringContaining("this looks like a GitHub token: take it out of the package and revoke it") },
    ]);
    expect(answer.error.message).toContain("lib/config.lua:3:12");
    expect(text).not.toContain(token);
    expect(text).not.toContain(token.slice(4, 20));
    expect((await app.json("/plugins/leaky-bot", { headers: bearer(author.key) })).status).toBe(404);
  });

  it("lets placeholders through", async () => {
    const body = publishBody({ id: "placeholder-bot", files: { "README.md": 'Set `token = "YOUR_API_KEY"` or ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx.\n' } });
    expect((await publish(author, body)).status).toBe(201);
  });
});

describe("a look-alike is held for review", () => {
  it("an id with a digit for a letter: 201, held, with what it imitates", async () => {
    const { status, body } = await publish(author, publishBody({ id: "0bs-scene-timer", name: "Scene Clock" }));
    expect(status).toBe(201);
    expect(body.version.review).toEqual({
      status: "held",
      reasons: [
        {
          kind: "lookalike_plugin",
          message: 'The id "0bs-scene-timer" resembles "obs-scene-timer", a listed plugin of Olivia Original.',
          imitates: { slug: "obs-scene-timer", name: "OBS Scene Timer", publisher: "Olivia Original" },
        },
      ],
    });
    expect(body.item.review).toMatchObject({ status: "held", version: "1.0.0", note: null, decidedAt: null });
  });

  it("is invisible to others: not in the list, 404 on its page and its package, anonymous or keyed", async () => {
    const anonymous = await app.json("/plugins?limit=100");
    expect(anonymous.body.items.map((i: { slug: string }) => i.slug)).not.toContain("0bs-scene-timer");
    const keyed = await app.json("/plugins?limit=100&q=scene", { headers: bearer(reader.key) });
    expect(keyed.body.items.map((i: { slug: string }) => i.slug)).toEqual(["obs-scene-timer"]);
    for (const headers of [{}, bearer(reader.key), bearer(rival.key)]) {
      const detail = await app.json("/plugins/0bs-scene-timer", { headers });
      expect(detail.status).toBe(404);
      expect(detail.body.error.code).toBe("not_found");
    }
    const pkg = await app.json("/plugins/0bs-scene-timer/package", { headers: bearer(reader.key) });
    expect(pkg.status).toBe(404);
  });

  it("is visible to its author with the status and reasons (mine, detail, package)", async () => {
    const mine = await app.json("/plugins/mine", { headers: bearer(author.key) });
    const item = mine.body.items.find((i: { slug: string }) => i.slug === "0bs-scene-timer");
    expect(item.review).toEqual({
      status: "held",
      version: "1.0.0",
      reasons: [expect.objectContaining({ kind: "lookalike_plugin", imitates: expect.objectContaining({ slug: "obs-scene-timer" }) })],
      note: null,
      heldAt: expect.any(String),
      decidedAt: null,
    });
    const detail = await app.json("/plugins/0bs-scene-timer", { headers: bearer(author.key) });
    expect(detail.status).toBe(200);
    expect(detail.body.item.versions).toEqual([expect.objectContaining({ version: "1.0.0", review: "held" })]);
    expect((await app.json("/plugins/0bs-scene-timer/package", { headers: bearer(author.key) })).status).toBe(200);
  });

  it.each([
    ["the same display name in another case", { id: "scene-timer-two", name: "obs scene TIMER" }],
    ["a display name with Cyrillic letters", { id: "scene-timer-three", name: "ОВЅ Scene Timer" }],
    ["a display name one letter off", { id: "hype-tracker-x", name: "Hype Train Trackr" }],
  ])("%s", async (_case, options) => {
    const { status, body } = await publish(author, publishBody(options));
    expect(status).toBe(201);
    expect(body.version.review.status).toBe("held");
    expect(body.version.review.reasons[0].kind).toBe("lookalike_plugin");
  });

  it("a display name or author posing as a verified publisher", async () => {
    const byName = await publish(author, publishBody({ id: "acme-chat", name: "Acme Studios Chat" }));
    expect(byName.body.version.review).toEqual({
      status: "held",
      reasons: [
        {
          kind: "lookalike_publisher",
          message: 'The name "Acme Studios Chat" resembles the verified publisher Acme Studios.',
          imitates: { name: "Acme Studios" },
        },
      ],
    });
    const byAuthor = await publish(author, publishBody({ id: "plain-chat", name: "Plain Chat", extraManifest: { author: "ACME Stud1os" } }));
    expect(byAuthor.body.version.review.reasons).toEqual([
      expect.objectContaining({ kind: "lookalike_publisher", message: expect.stringContaining('author "ACME Stud1os"') }),
    ]);
  });

  it("the publisher's own plugins and unrelated names are listed at once", async () => {
    const own = await publish(rival, publishBody({ id: "obs-scene-timer-pro", name: "OBS Scene Timer" }));
    expect(own.body.version.review).toEqual({ status: "listed", reasons: [] });
    const unrelated = await publish(author, publishBody({ id: "dice-roller", name: "Dice Roller" }));
    expect(unrelated.body.version.review).toEqual({ status: "listed", reasons: [] });
    expect((await app.json("/plugins/dice-roller")).status).toBe(200);
  });
});

describe("the operators' review", () => {
  it("lists held versions with reasons, oldest first, to operators only", async () => {
    const { status, data } = await queue();
    expect(status).toBe(200);
    const held = data.held.find((h: { slug: string }) => h.slug === "0bs-scene-timer");
    expect(held).toMatchObject({
      name: "Scene Clock",
      version: "1.0.0",
      author: { id: author.id, name: "Mallory Maker" },
      newPlugin: true,
      reasons: [expect.objectContaining({ imitates: expect.objectContaining({ slug: "obs-scene-timer" }) })],
    });
    const member = await queue(author);
    expect(member.status).toBe(403);
    expect(member.error).toEqual({ code: "forbidden", message: "Only the service's operators can do this." });
    expect((await decide({ slug: "0bs-scene-timer", version: "1.0.0", decision: "approve" }, author)).status).toBe(403);
    expect((await trpcQuery(app, "admin.reviews.queue", undefined)).status).toBe(401);
  });

  it("approve lists the version at once; the decision records who and when", async () => {
    // The approved version's manifest copies onto the listing, its plugin API version too (whatever the row held before).
    await app.deps.db.update(plugins).set({ apiVersion: 3 }).where(eq(plugins.slug, "acme-chat"));
    const approved = await decide({ slug: "acme-chat", version: "1.0.0", decision: "approve" });
    expect(approved.status).toBe(200);
    expect(approved.data).toEqual({ slug: "acme-chat", version: "1.0.0", outcome: "approved", note: null, decidedAt: clock.now().toISOString() });
    const detail = await app.json("/plugins/acme-chat");
    expect(detail.status).toBe(200);
    expect(detail.body.item).toMatchObject({ name: "Acme Studios Chat", version: "1.0.0", apiVersion: 1 });
    expect((await app.json("/plugins/acme-chat/package", { headers: bearer(reader.key) })).status).toBe(200);
    const mine = await app.json("/plugins/mine", { headers: bearer(author.key) });
    expect(mine.body.items.find((i: { slug: string }) => i.slug === "acme-chat").review).toBeUndefined();
    const { data } = await queue();
    expect(data.held.map((h: { slug: string }) => h.slug)).not.toContain("acme-chat");
    expect(data.decided[0]).toMatchObject({
      slug: "acme-chat",
      outcome: "approved",
      decidedBy: { id: operator.id, name: "Oscar Operator" },
      decidedAt: clock.now().toISOString(),
    });
  });

  it("reject needs a note, which the author sees; the plugin stays out of the marketplace", async () => {
    const noNote = await decide({ slug: "0bs-scene-timer", version: "1.0.0", decision: "reject" });
    expect(noNote.status).toBe(400);
    expect(noNote.error).toMatchObject({ code: "bad_request" });
    const rejected = await decide({ slug: "0bs-scene-timer", version: "1.0.0", decision: "reject", note: "Too close to OBS Scene Timer: pick another id." });
    expect(rejected.data).toMatchObject({ outcome: "rejected", note: "Too close to OBS Scene Timer: pick another id." });
    const mine = await app.json("/plugins/mine", { headers: bearer(author.key) });
    expect(mine.body.items.find((i: { slug: string }) => i.slug === "0bs-scene-timer").review).toMatchObject({
      status: "rejected",
      note: "Too close to OBS Scene Timer: pick another id.",
      decidedAt: clock.now().toISOString(),
    });
    expect((await app.json("/plugins/0bs-scene-timer")).status).toBe(404);
    const again = await decide({ slug: "0bs-scene-timer", version: "1.0.0", decision: "approve" });
    expect(again.status).toBe(409);
    expect(again.error).toMatchObject({ code: "conflict", message: expect.stringContaining("no longer held for review: it was rejected") });
  });

  it("unknown plugins and versions: 404; bad input: 400", async () => {
    expect((await decide({ slug: "no-such-plugin", version: "1.0.0", decision: "approve" })).error?.code).toBe("not_found");
    expect((await decide({ slug: "acme-chat", version: "9.9.9", decision: "approve" })).error?.code).toBe("not_found");
    expect((await decide({ slug: "acme-chat", version: "1.0.0", decision: "maybe" })).status).toBe(400);
  });

  it("an operator does not approve their own plugin", async () => {
    const held = await publish(operator, publishBody({ id: "obs-scene-tirner", name: "Timer" }));
    expect(held.body.version.review.status).toBe("held");
    const own = await decide({ slug: "obs-scene-tirner", version: "1.0.0", decision: "approve" });
    expect(own.status).toBe(403);
    expect(own.error?.code).toBe("forbidden");
  });

  it("concurrent approve and reject of one version: the database decides, one wins and the other gets 409 conflict", async () => {
    const other = await person({ name: "Second Operator", staff: true });
    await publish(author, publishBody({ id: "hype-train-trackers", name: "Race Subject" }));
    const [plugin] = await app.deps.db.select({ id: plugins.id }).from(plugins).where(eq(plugins.slug, "hype-train-trackers"));
    const results = await raceThroughLock(app.database, { lockSql: "select 1 from plugins where id = $1 for update", params: [plugin!.id], racers: 2 }, () => [
      decide({ slug: "hype-train-trackers", version: "1.0.0", decision: "approve" }),
      decide({ slug: "hype-train-trackers", version: "1.0.0", decision: "reject", note: "No." }, other),
    ]);
    const answers = results.map((r) => (r.status === "fulfilled" ? r.value : null));
    expect(answers.map((a) => a?.status).sort()).toEqual([200, 409]);
    const loser = answers.find((a) => a?.status === 409)!;
    expect(loser.error).toMatchObject({ code: "conflict", message: expect.stringContaining("no longer held for review") });
    const winner = answers.find((a) => a?.status === 200)!;
    const { data } = await queue();
    expect(data.decided.filter((d: { slug: string }) => d.slug === "hype-train-trackers")).toEqual([expect.objectContaining({ outcome: winner.data.outcome })]);
  });
});

describe("updates of a listed plugin", () => {
  it("are scanned again: listed at once, held on a rename that imitates (the last listed version stays), replaced in the queue by a newer version", async () => {
    // An author of their own: at most 10 publishes an hour.
    const author = await person({ name: "Uma Updater" });
    const first = await publish(author, publishBody({ id: "sound-board", name: "Sound Board", version: "1.0.0" }));
    expect(first.body.version.review.status).toBe("listed");
    const update = await publish(author, publishBody({ id: "sound-board", name: "Sound Board", version: "1.1.0" }));
    expect(update.body.version.review).toEqual({ status: "listed", reasons: [] });

    const rename = await publish(author, publishBody({ id: "sound-board", name: "Hype Train Tracker", version: "1.2.0" }));
    expect(rename.body.version.review.status).toBe("held");
    expect(rename.body.item).toMatchObject({ name: "Sound Board", version: "1.1.0", review: { status: "held", version: "1.2.0" } });
    const seen = await app.json("/plugins/sound-board", { headers: bearer(reader.key) });
    expect(seen.body.item).toMatchObject({ name: "Sound Board", version: "1.1.0" });
    expect(seen.body.item.review).toBeUndefined();
    expect(seen.body.item.versions.map((v: { version: string }) => v.version)).toEqual(["1.1.0", "1.0.0"]);
    const pkg = await app.json("/plugins/sound-board/package", { headers: bearer(reader.key) });
    expect(pkg.body.version).toBe("1.1.0");

    // A secret in an update is refused like anywhere else.
    const leaky = await publish(author, publishBody({ id: "sound-board", version: "1.3.0", files: { "keys.txt": `${token}\n` } }));
    expect(leaky.status).toBe(400);

    // Versions only increase, held ones included.
    const lower = await publish(author, publishBody({ id: "sound-board", name: "Sound Board", version: "1.1.5" }));
    expect(lower.status).toBe(409);
    expect(lower.body.error).toMatchObject({ code: "version_exists", details: { currentVersion: "1.2.0" } });

    const fixed = await publish(author, publishBody({ id: "sound-board", name: "Sound Board", version: "1.3.0" }));
    expect(fixed.body.version.review.status).toBe("listed");
    expect(fixed.body.item.review).toBeUndefined();
    const { data } = await queue();
    expect(data.held.map((h: { slug: string }) => h.slug)).not.toContain("sound-board");
    const stale = await decide({ slug: "sound-board", version: "1.2.0", decision: "approve" });
    expect(stale.status).toBe(409);
    expect(stale.error?.message).toContain("replaced by a newer version");
    expect((await app.json("/plugins/sound-board")).body.item.version).toBe("1.3.0");
  });
});
