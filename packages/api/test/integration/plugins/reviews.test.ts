/**
 * People's reviews (docs/plugins.md#reviews) through /api/v1 and the website's
 * /api/trpc: only owners review, one review per account, the rating on the
 * listing recounted exactly under concurrency, the author's one reply,
 * reports, the operators' hide and unhide, the limits, and every refusal.
 */
import { accounts, pluginDownloads, pluginReviewReports, pluginReviews, plugins, reviewModerationDecisions } from "@streamkit/db";
import { pluginReviewLimits, rateLimits } from "@streamkit/api-contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../support/app";
import { TestClock } from "../../support/clock";
import { buy } from "../../support/commerce";
import { bearer, insertAccount, insertKey, insertPlugin } from "../../support/factories";
import { raceThroughLock } from "../../support/race";
import { sessionCookie } from "../../support/session";
import { readTrpc, trpcMutate, trpcQuery } from "../../support/trpc";

let app: TestApp;
const clock = new TestClock(Date.UTC(2026, 10, 22, 9, 0, 0));
let author: Person;
let operator: Person;

interface Person {
  id: string;
  key: string;
  name: string;
}

let counter = 0;
async function person(options: { plan?: "free" | "pro"; staff?: boolean } = {}): Promise<Person> {
  const name = `Person ${++counter}`;
  const row = await insertAccount(app.deps.db, { plan: options.plan ?? "free", name, staff: options.staff ?? false });
  return { id: row.id, name, key: (await insertKey(app.deps.db, row.id)).key };
}

/** An account that downloaded the plugin once: it owns it. */
async function owner(pluginId: string): Promise<Person> {
  const someone = await person();
  await app.deps.db.insert(pluginDownloads).values({ pluginId, accountId: someone.id, day: "2026-11-01" });
  return someone;
}

const send = (key: string, method: string, path: string, body?: unknown) =>
  app.json(path, {
    method,
    headers: { ...bearer(key), ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
const review = (who: Person, slug: string, body: unknown) => send(who.key, "PUT", `/plugins/${slug}/review`, body);
const listing = async (slug: string) => (await app.json(`/plugins/${slug}`)).body.item;

let pluginCount = 0;
async function plugin(options: { priceTier?: "t1" | null; status?: "published" | "hidden" } = {}) {
  const slug = `reviewed-${++pluginCount}`;
  return insertPlugin(app.deps.db, { slug, ownerId: author.id, priceTier: options.priceTier ?? null, status: options.status ?? "published" });
}

beforeAll(async () => {
  app = await createTestApp({ now: clock.now });
  author = await person({ plan: "pro" });
  operator = await person({ staff: true });
});
afterAll(() => app.close());
// A fresh request window per test: keys allow ten requests a minute.
beforeEach(() => clock.nextMinute());

describe("PUT /api/v1/plugins/{slug}/review", () => {
  it("lets an account that downloaded the plugin rate it, and a second write edits the same review", async () => {
    const p = await plugin();
    const ada = await owner(p.id);
    const first = await review(ada, p.slug, { rating: 4, text: "  Works well in my chat.  " });
    expect(first.status).toBe(200);
    const at = clock.now().toISOString();
    expect(first.body).toEqual({
      review: {
        id: expect.any(String),
        rating: 4,
        text: "Works well in my chat.",
        reviewer: { name: ada.name },
        createdAt: at,
        updatedAt: at,
        reply: null,
        mine: true,
        hidden: false,
      },
      canReview: true,
      created: true,
    });
    expect((await listing(p.slug)).rating).toEqual({ average: 4, count: 1 });

    clock.nextMinute();
    const second = await review(ada, p.slug, { rating: 2 });
    expect(second.status).toBe(200);
    expect(second.body.created).toBe(false);
    expect(second.body.review).toMatchObject({ id: first.body.review.id, rating: 2, text: "", createdAt: at, updatedAt: clock.now().toISOString() });
    expect((await listing(p.slug)).rating).toEqual({ average: 2, count: 1 });
    expect(await app.deps.db.select().from(pluginReviews).where(eq(pluginReviews.pluginId, p.id))).toHaveLength(1);
  });

  it("lets a buyer of a paid plugin review it", async () => {
    const p = await plugin({ priceTier: "t1" });
    const buyer = await person();
    expect((await buy(app, buyer.id, p.slug)).delivered.status).toBe(200);
    expect((await review(buyer, p.slug, { rating: 5 })).status).toBe(200);
  });

  it("refuses someone who does not own the plugin: 403 forbidden saying how to own it", async () => {
    const p = await plugin();
    const stranger = await person();
    const { status, body } = await review(stranger, p.slug, { rating: 5 });
    expect(status).toBe(403);
    expect(body).toEqual({ error: { code: "forbidden", message: `Only people who own “${p.name}” can review it: buy it or download it first.` } });
    expect((await send(stranger.key, "GET", `/plugins/${p.slug}/review`)).body).toEqual({ review: null, canReview: false });
  });

  it("refuses the plugin's author: 403 forbidden", async () => {
    const p = await plugin();
    const { status, body } = await review(author, p.slug, { rating: 5 });
    expect(status).toBe(403);
    expect(body).toEqual({ error: { code: "forbidden", message: "You cannot review your own plugin." } });
  });

  it.each(["no-such-plugin", "hidden"])("answers 404 not_found for a plugin not in the marketplace (%s)", async (which) => {
    const p = which === "hidden" ? await plugin({ status: "hidden" }) : { slug: which, id: "" };
    const someone = await person();
    for (const [method, path, body] of [
      ["PUT", `/plugins/${p.slug}/review`, { rating: 3 }],
      ["GET", `/plugins/${p.slug}/review`, undefined],
      ["DELETE", `/plugins/${p.slug}/review`, undefined],
      ["GET", `/plugins/${p.slug}/reviews`, undefined],
    ] as const) {
      const answer = await send(someone.key, method, path, body);
      expect(answer.status, `${method} ${path}`).toBe(404);
      expect(answer.body.error.code).toBe("not_found");
    }
  });

  it.each([
    ["a rating of 0", { rating: 0 }, "rating"],
    ["a rating of 6", { rating: 6 }, "rating"],
    ["a fractional rating", { rating: 3.5 }, "rating"],
    ["no rating", { text: "Nice" }, "rating"],
    ["too much text", { rating: 3, text: "x".repeat(pluginReviewLimits.maxText + 1) }, "text"],
    ["a control character", { rating: 3, text: "bell\u0007" }, "text"],
    ["an unknown field", { rating: 3, stars: 3 }, ""],
  ])("answers 400 validation_error to %s", async (_case, body, path) => {
    const p = await plugin();
    const answer = await review(await owner(p.id), p.slug, body);
    expect(answer.status).toBe(400);
    expect(answer.body.error.code).toBe("validation_error");
    expect(answer.body.error.details.map((d: { path: string }) => d.path).join(" ")).toContain(path);
  });

  it("keeps the average exact when many owners review at once, and one review when one account sends two at once", async () => {
    const p = await plugin();
    const racers = await Promise.all(Array.from({ length: 6 }, () => owner(p.id)));
    const ratings = [5, 4, 4, 3, 1, 5];
    const answers = await raceThroughLock(app.database, { lockSql: "select 1 from plugins where id = $1 for update", params: [p.id], racers: 6 }, () =>
      racers.map((racer, index) => review(racer, p.slug, { rating: ratings[index] })),
    );
    expect(answers.map((a) => (a.status === "fulfilled" ? a.value.status : a.reason))).toEqual([200, 200, 200, 200, 200, 200]);
    const [row] = await app.deps.db.select().from(plugins).where(eq(plugins.id, p.id));
    expect({ sum: row!.ratingSum, count: row!.ratingCount }).toEqual({ sum: 22, count: 6 });
    expect((await listing(p.slug)).rating).toEqual({ average: 3.67, count: 6 });

    const twice = racers[0]!;
    const both = await raceThroughLock(app.database, { lockSql: "select 1 from plugins where id = $1 for update", params: [p.id], racers: 2 }, () => [
      review(twice, p.slug, { rating: 2 }),
      review(twice, p.slug, { rating: 2 }),
    ]);
    const statuses = both.map((a) => (a.status === "fulfilled" ? a.value.status : 0));
    expect(statuses).toEqual([200, 200]);
    expect(await app.deps.db.select().from(pluginReviews).where(eq(pluginReviews.reviewerId, twice.id))).toHaveLength(1);
    expect((await listing(p.slug)).rating).toEqual({ average: 3.17, count: 6 });
  });

  it("is the website's plugins.writeReview too, with the session's account", async () => {
    const p = await plugin();
    const ada = await owner(p.id);
    const answer = await readTrpc(
      await trpcMutate(app, "plugins.writeReview", { slug: p.slug, rating: 5, text: "Great" }, { cookie: await sessionCookie(app, ada.id) }),
    );
    expect(answer.status).toBe(200);
    expect(answer.data).toMatchObject({ created: true, review: { rating: 5, text: "Great" } });
    const signedOut = await readTrpc(await trpcMutate(app, "plugins.writeReview", { slug: p.slug, rating: 5 }));
    expect(signedOut.status).toBe(401);
  });
});

describe("DELETE /api/v1/plugins/{slug}/review", () => {
  it("deletes the caller's review and recounts the rating; a second delete is 404", async () => {
    const p = await plugin();
    const [ada, bob] = [await owner(p.id), await owner(p.id)];
    await review(ada, p.slug, { rating: 5 });
    await review(bob, p.slug, { rating: 2 });
    expect((await listing(p.slug)).rating).toEqual({ average: 3.5, count: 2 });
    const deleted = await send(ada.key, "DELETE", `/plugins/${p.slug}/review`);
    expect(deleted.status).toBe(204);
    expect((await listing(p.slug)).rating).toEqual({ average: 2, count: 1 });
    const again = await send(ada.key, "DELETE", `/plugins/${p.slug}/review`);
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ error: { code: "not_found", message: `You have not reviewed “${p.name}”.` } });
    await send(bob.key, "DELETE", `/plugins/${p.slug}/review`);
    expect((await listing(p.slug)).rating).toEqual({ average: null, count: 0 });
  });
});

describe("reviews deleted by a cascade", () => {
  it("recounts the rating when a reviewer's account is deleted by hand", async () => {
    const p = await plugin();
    const [ada, bob] = [await owner(p.id), await owner(p.id)];
    await review(ada, p.slug, { rating: 5 });
    await review(bob, p.slug, { rating: 2 });
    await app.deps.db.delete(accounts).where(eq(accounts.id, bob.id));
    expect((await listing(p.slug)).rating).toEqual({ average: 5, count: 1 });
  });
});

describe("GET /api/v1/plugins/{slug}/reviews", () => {
  it("pages the visible reviews newest first, with the rating, for anyone; `mine` marks the caller's", async () => {
    const p = await plugin();
    const people = [await owner(p.id), await owner(p.id), await owner(p.id)];
    for (const [index, someone] of people.entries()) {
      clock.nextMinute();
      await review(someone, p.slug, { rating: index + 3, text: `Review ${index}` });
    }
    const first = await app.json(`/plugins/${p.slug}/reviews?limit=2`);
    expect(first.status).toBe(200);
    expect(first.body.rating).toEqual({ average: 4, count: 3 });
    expect(first.body.items.map((r: { text: string }) => r.text)).toEqual(["Review 2", "Review 1"]);
    expect(first.body.items[0]).toEqual({
      id: expect.any(String),
      rating: 5,
      text: "Review 2",
      reviewer: { name: people[2]!.name },
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      reply: null,
      mine: false,
    });
    expect(first.body.next).toEqual(expect.any(String));
    const second = await send(people[0]!.key, "GET", `/plugins/${p.slug}/reviews?limit=2&cursor=${first.body.next}`);
    expect(second.body.items.map((r: { text: string; mine: boolean }) => [r.text, r.mine])).toEqual([["Review 0", true]]);
    expect(second.body.next).toBeNull();
  });

  it.each([
    ["a cursor it did not issue", "cursor=bm90LWEtY3Vyc29y", 400, "bad_request"],
    ["a limit above the maximum", `limit=${pluginReviewLimits.maxLimit + 1}`, 400, "bad_request"],
    ["an unknown sort", "sort=helpful", 400, "bad_request"],
  ])("answers %s with %s", async (_case, query, status, code) => {
    const p = await plugin();
    const answer = await app.json(`/plugins/${p.slug}/reviews?${query}`);
    expect(answer.status).toBe(status);
    expect(answer.body.error.code).toBe(code);
  });

  it("shows a new review to anonymous visitors at once, though their answers are cached", async () => {
    const p = await plugin();
    const before = await app.json(`/plugins/${p.slug}/reviews`);
    expect(before.body.items).toEqual([]);
    expect(before.headers.get("cache-control")).toContain("public");
    await review(await owner(p.id), p.slug, { rating: 5 });
    expect((await app.json(`/plugins/${p.slug}/reviews`)).body.items).toHaveLength(1);
    expect((await app.json("/plugins?limit=100")).body.items.find((item: { slug: string }) => item.slug === p.slug).rating).toEqual({ average: 5, count: 1 });
  });
});

describe("PUT /api/v1/plugins/{slug}/reviews/{id}/reply", () => {
  it("lets the author reply once; a second reply replaces it, keeping when it was first written", async () => {
    const p = await plugin();
    const ada = await owner(p.id);
    const { id } = (await review(ada, p.slug, { rating: 3, text: "Missing a setting." })).body.review;
    const first = await send(author.key, "PUT", `/plugins/${p.slug}/reviews/${id}/reply`, { text: "Added in 1.1." });
    expect(first.status).toBe(200);
    const repliedAt = clock.now().toISOString();
    expect(first.body.review.reply).toEqual({ text: "Added in 1.1.", createdAt: repliedAt, updatedAt: repliedAt });
    clock.nextMinute();
    const second = await send(author.key, "PUT", `/plugins/${p.slug}/reviews/${id}/reply`, { text: "Added in 1.1; see Settings." });
    expect(second.body.review.reply).toEqual({ text: "Added in 1.1; see Settings.", createdAt: repliedAt, updatedAt: clock.now().toISOString() });
    const listed = await app.json(`/plugins/${p.slug}/reviews`);
    expect(listed.body.items[0].reply.text).toBe("Added in 1.1; see Settings.");
  });

  it("refuses anyone but the author (403), an unknown or malformed review (404) and an empty reply (400)", async () => {
    const p = await plugin();
    const ada = await owner(p.id);
    const { id } = (await review(ada, p.slug, { rating: 3 })).body.review;
    const byReviewer = await send(ada.key, "PUT", `/plugins/${p.slug}/reviews/${id}/reply`, { text: "Me too" });
    expect(byReviewer.status).toBe(403);
    expect(byReviewer.body).toEqual({ error: { code: "forbidden", message: "Only the plugin's author can reply to its reviews." } });
    for (const missing of ["00000000-0000-4000-8000-000000000000", "not-a-uuid"]) {
      const answer = await send(author.key, "PUT", `/plugins/${p.slug}/reviews/${missing}/reply`, { text: "Hi" });
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ error: { code: "not_found", message: "No such review of this plugin." } });
    }
    // A review of another plugin is not one of this plugin's.
    const other = await plugin();
    expect((await send(author.key, "PUT", `/plugins/${other.slug}/reviews/${id}/reply`, { text: "Hi" })).status).toBe(404);
    const empty = await send(author.key, "PUT", `/plugins/${p.slug}/reviews/${id}/reply`, { text: "   " });
    expect(empty.status).toBe(400);
    expect(empty.body.error.code).toBe("validation_error");
  });
});

describe("reports and the operators' hide", () => {
  const decide = async (who: Person, input: unknown) =>
    readTrpc(await trpcMutate(app, "admin.reviewReports.decide", input, { cookie: await sessionCookie(app, who.id) }));

  it("reports a review (once per account), and an operator's hide takes it out of the list and the rating; unhide brings it back", async () => {
    const p = await plugin();
    const [ada, bob] = [await owner(p.id), await owner(p.id)];
    const bad = (await review(ada, p.slug, { rating: 1, text: "Buy followers at spam.example" })).body.review;
    await review(bob, p.slug, { rating: 5 });
    const reader = await person();

    const reported = await send(reader.key, "PUT", `/plugins/${p.slug}/reviews/${bad.id}/report`, { reason: "spam", details: "An advert." });
    expect(reported.status).toBe(200);
    expect(reported.body).toEqual({
      report: {
        id: expect.any(String),
        reviewId: bad.id,
        reason: "spam",
        details: "An advert.",
        status: "open",
        createdAt: clock.now().toISOString(),
        updatedAt: clock.now().toISOString(),
      },
      replaced: false,
    });
    const again = await send(reader.key, "PUT", `/plugins/${p.slug}/reviews/${bad.id}/report`, { reason: "abuse" });
    expect(again.body).toMatchObject({ report: { id: reported.body.report.id, reason: "abuse" }, replaced: true });

    const queue = await readTrpc(await trpcQuery(app, "admin.reviewReports.queue", undefined, { cookie: await sessionCookie(app, operator.id) }));
    expect(queue.status).toBe(200);
    const queued = queue.data.reported.find((r: { id: string }) => r.id === bad.id);
    expect(queued).toMatchObject({ slug: p.slug, rating: 1, open: 1, hiddenAt: null, reviewer: { id: ada.id }, reports: [{ reason: "abuse" }] });

    const hidden = await decide(operator, { reviewId: bad.id, action: "hide", note: "Advert" });
    expect(hidden.status).toBe(200);
    expect(hidden.data).toMatchObject({ reviewId: bad.id, slug: p.slug, action: "hide", note: "Advert", reportsClosed: 1, operator: { id: operator.id } });
    expect((await listing(p.slug)).rating).toEqual({ average: 5, count: 1 });
    expect((await app.json(`/plugins/${p.slug}/reviews`)).body.items.map((r: { id: string }) => r.id)).not.toContain(bad.id);
    const open = await app.deps.db.select().from(pluginReviewReports).where(eq(pluginReviewReports.reviewId, bad.id));
    expect(open.map((r) => r.status)).toEqual(["closed"]);
    // The reviewer still sees their own review, marked hidden; editing it keeps it hidden.
    expect((await send(ada.key, "GET", `/plugins/${p.slug}/review`)).body.review).toMatchObject({ id: bad.id, hidden: true });
    expect((await review(ada, p.slug, { rating: 2 })).body.review.hidden).toBe(true);
    expect((await listing(p.slug)).rating).toEqual({ average: 5, count: 1 });
    // A hidden review cannot be reported or replied to.
    expect((await send(reader.key, "PUT", `/plugins/${p.slug}/reviews/${bad.id}/report`, { reason: "spam" })).status).toBe(404);
    expect((await send(author.key, "PUT", `/plugins/${p.slug}/reviews/${bad.id}/reply`, { text: "Hm" })).status).toBe(404);

    const twice = await decide(operator, { reviewId: bad.id, action: "hide" });
    expect(twice.status).toBe(409);
    expect(twice.error).toMatchObject({ code: "conflict", message: "The review is already hidden." });

    const unhidden = await decide(operator, { reviewId: bad.id, action: "unhide" });
    expect(unhidden.status).toBe(200);
    expect((await listing(p.slug)).rating).toEqual({ average: 3.5, count: 2 });
    const audit = await app.deps.db.select().from(reviewModerationDecisions).where(eq(reviewModerationDecisions.reviewId, bad.id));
    expect(audit.map((d) => d.action).sort()).toEqual(["hide", "unhide"]);
    expect((await decide(operator, { reviewId: bad.id, action: "unhide" })).status).toBe(409);
    expect((await decide(operator, { reviewId: bad.id, action: "dismiss" })).error).toMatchObject({ code: "conflict" });
  });

  it("refuses the reviewer's report of their own review (403), unknown reviews (404) and bad reasons (400)", async () => {
    const p = await plugin();
    const ada = await owner(p.id);
    const { id } = (await review(ada, p.slug, { rating: 4 })).body.review;
    const own = await send(ada.key, "PUT", `/plugins/${p.slug}/reviews/${id}/report`, { reason: "spam" });
    expect(own.status).toBe(403);
    expect(own.body).toEqual({ error: { code: "forbidden", message: "You cannot report your own review; edit or delete it instead." } });
    const reader = await person();
    expect((await send(reader.key, "PUT", `/plugins/${p.slug}/reviews/00000000-0000-4000-8000-000000000000/report`, { reason: "spam" })).status).toBe(404);
    for (const body of [
      { reason: "boring" },
      { reason: "other", details: "bad" },
      { reason: "spam", details: "x".repeat(pluginReviewLimits.maxReportDetails + 1) },
    ]) {
      const answer = await send(reader.key, "PUT", `/plugins/${p.slug}/reviews/${id}/report`, body);
      expect(answer.status).toBe(400);
      expect(answer.body.error.code).toBe("validation_error");
    }
  });

  it("lets only operators decide, never about their own plugin's reviews, and a dismiss closes the reports", async () => {
    const p = await plugin();
    const ada = await owner(p.id);
    const { id } = (await review(ada, p.slug, { rating: 4 })).body.review;
    const notStaff = await decide(ada, { reviewId: id, action: "hide" });
    expect(notStaff.status).toBe(403);
    expect((await decide(operator, { reviewId: "00000000-0000-4000-8000-000000000000", action: "hide" })).status).toBe(404);
    expect((await decide(operator, { reviewId: "nope", action: "hide" })).status).toBe(400);

    const staffAuthor = await person({ staff: true });
    const own = await insertPlugin(app.deps.db, { slug: "operators-own", ownerId: staffAuthor.id });
    await app.deps.db.insert(pluginDownloads).values({ pluginId: own.id, accountId: ada.id, day: "2026-11-01" });
    const onOwn = (await review(ada, own.slug, { rating: 1 })).body.review;
    const refused = await decide(staffAuthor, { reviewId: onOwn.id, action: "hide" });
    expect(refused.status).toBe(403);
    expect(refused.error?.message).toBe("You cannot decide about a review of your own plugin or your own review; another operator has to.");

    await send((await person()).key, "PUT", `/plugins/${p.slug}/reviews/${id}/report`, { reason: "off_topic" });
    const dismissed = await decide(operator, { reviewId: id, action: "dismiss" });
    expect(dismissed.data).toMatchObject({ action: "dismiss", reportsClosed: 1 });
    expect((await listing(p.slug)).rating).toEqual({ average: 4, count: 1 });
  });
});

describe("limits", () => {
  it(`allows ${rateLimits.pluginReviews.limit} review writes an hour per account; refused ones do not count`, async () => {
    const p = await plugin();
    const busy = await owner(p.id);
    const cookie = await sessionCookie(app, busy.id);
    const write = async (rating: number) => readTrpc(await trpcMutate(app, "plugins.writeReview", { slug: p.slug, rating }, { cookie }));
    // A refused write (an unknown plugin) first: it does not use up the allowance.
    expect((await readTrpc(await trpcMutate(app, "plugins.writeReview", { slug: "no-such", rating: 3 }, { cookie }))).status).toBe(404);
    const limit = rateLimits.pluginReviews.limit!;
    const answers = await Promise.all(Array.from({ length: limit + 2 }, (_, i) => write((i % 5) + 1)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(limit);
    const refused = answers.filter((a) => a.status === 429);
    expect(refused).toHaveLength(2);
    expect(refused[0]?.error).toEqual({ code: "rate_limited", message: expect.stringMatching(/^At most 20 review writes per hour; retry in \d+ seconds?\.$/) });
    const byKey = await send(busy.key, "DELETE", `/plugins/${p.slug}/review`);
    expect(byKey.status).toBe(429);
    expect(Number(byKey.headers.get("retry-after"))).toBeGreaterThan(0);
    // The refused delete was rolled back: the review and the rating are still there.
    expect((await listing(p.slug)).rating.count).toBe(1);
    clock.advance(60 * 60 * 1000);
    expect((await send(busy.key, "DELETE", `/plugins/${p.slug}/review`)).status).toBe(204);
  });

  it(`allows ${rateLimits.reviewReports.limit} review reports a day per account`, async () => {
    const p = await plugin();
    const limit = rateLimits.reviewReports.limit!;
    const ids: string[] = [];
    for (let i = 0; i < limit + 1; i++) {
      const someone = await owner(p.id);
      const [row] = await app.deps.db.insert(pluginReviews).values({ pluginId: p.id, reviewerId: someone.id, rating: 3 }).returning();
      ids.push(row!.id);
    }
    const reporter = await person();
    const cookie = await sessionCookie(app, reporter.id);
    const answers = await Promise.all(
      ids.map(async (id) => readTrpc(await trpcMutate(app, "plugins.reportReview", { slug: p.slug, id, reason: "spam" }, { cookie }))),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(limit);
    expect(answers.filter((a) => a.status === 429)[0]?.error?.message).toMatch(/^At most 10 review reports per day; retry in/);
  });
});
