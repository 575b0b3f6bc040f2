/**
 * PUT /api/v1/plugins/{slug}/report and the website's plugins.report: who may
 * report what, one open report per account and plugin, what a report may say,
 * and the per-account limit decided by the database under concurrency.
 */
import { pluginReports } from "@streamkit/db";
import { moderationLimits, rateLimits } from "@streamkit/api-contract";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../support/app";
import { TestClock } from "../../support/clock";
import { bearer, insertAccount, insertKey, insertPlugin } from "../../support/factories";
import { sessionCookie } from "../../support/session";
import { readTrpc, trpcMutate } from "../../support/trpc";

let app: TestApp;
const clock = new TestClock(Date.UTC(2026, 10, 22, 9, 0, 0));
let author: { id: string; key: string };
let reader: { id: string; key: string };

async function person(plan: "free" | "pro" = "free") {
  const row = await insertAccount(app.deps.db, { plan });
  return { id: row.id, key: (await insertKey(app.deps.db, row.id, { scopes: ["plugins:read"] })).key };
}

const report = (key: string, slug: string, body: unknown) =>
  app.json(`/plugins/${slug}/report`, { method: "PUT", headers: { ...bearer(key), "content-type": "application/json" }, body: JSON.stringify(body) });

const openReports = (pluginSlugId: string) =>
  app.deps.db
    .select()
    .from(pluginReports)
    .where(and(eq(pluginReports.pluginId, pluginSlugId), eq(pluginReports.status, "open")));

let listed: { id: string };

beforeAll(async () => {
  app = await createTestApp({ now: clock.now });
  author = await person("pro");
  reader = await person();
  listed = await insertPlugin(app.deps.db, { slug: "chat-spammer", ownerId: author.id });
  await insertPlugin(app.deps.db, { slug: "hidden-one", ownerId: author.id, status: "hidden" });
  await insertPlugin(app.deps.db, { slug: "removed-one", ownerId: author.id, status: "removed" });
});
afterAll(() => app.close());
beforeEach(() => clock.nextMinute());

describe("PUT /api/v1/plugins/{slug}/report", () => {
  it("files a report with plugins:read on the free plan, and a second one replaces it", async () => {
    const first = await report(reader.key, "chat-spammer", { reason: "spam", details: "  Posts links in chat every minute.  " });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      report: {
        id: expect.any(String),
        slug: "chat-spammer",
        reason: "spam",
        details: "Posts links in chat every minute.",
        status: "open",
        createdAt: clock.now().toISOString(),
        updatedAt: clock.now().toISOString(),
      },
      replaced: false,
    });
    const createdAt = clock.now().toISOString();
    clock.nextMinute();
    const second = await report(reader.key, "chat-spammer", { reason: "malware" });
    expect(second.status).toBe(200);
    expect(second.body).toEqual({
      report: {
        id: first.body.report.id,
        slug: "chat-spammer",
        reason: "malware",
        details: "",
        status: "open",
        createdAt,
        updatedAt: clock.now().toISOString(),
      },
      replaced: true,
    });
    expect(await openReports(listed.id)).toHaveLength(1);
  });

  it("keeps one open report when the same account sends two at once", async () => {
    const racer = await person();
    const answers = await Promise.all([report(racer.key, "chat-spammer", { reason: "spam" }), report(racer.key, "chat-spammer", { reason: "broken" })]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(answers.map((a) => a.body.replaced).sort()).toEqual([false, true]);
    const rows = (await openReports(listed.id)).filter((row) => row.reporterId === racer.id);
    expect(rows).toHaveLength(1);
  });

  it("refuses the author's report of their own plugin: 403 forbidden", async () => {
    const { status, body } = await report(author.key, "chat-spammer", { reason: "spam" });
    expect(status).toBe(403);
    expect(body).toEqual({ error: { code: "forbidden", message: "You cannot report your own plugin; remove it or publish a fixed version instead." } });
  });

  it.each(["no-such-plugin", "hidden-one", "removed-one"])("answers 404 not_found for %s (not in the marketplace)", async (slug) => {
    const { status, body } = await report(reader.key, slug, { reason: "spam" });
    expect(status).toBe(404);
    expect(body.error.code).toBe("not_found");
  });

  it.each([
    ["an unknown reason", { reason: "boring" }, "reason"],
    ["no reason", { details: "x" }, "reason"],
    ["`other` without saying what", { reason: "other", details: "bad" }, "details"],
    ["too much text", { reason: "spam", details: "x".repeat(moderationLimits.maxDetails + 1) }, "details"],
    ["a control character", { reason: "spam", details: "bell\u0007" }, "details"],
    ["an unknown field", { reason: "spam", severity: 5 }, ""],
  ])("answers 400 validation_error to %s", async (_case, body, path) => {
    const answer = await report(reader.key, "chat-spammer", body);
    expect(answer.status).toBe(400);
    expect(answer.body.error.code).toBe("validation_error");
    expect(answer.body.error.details.map((d: { path: string }) => d.path).join(" ")).toContain(path);
  });

  it(`allows ${rateLimits.pluginReports.limit} reports a day per account, however concurrent; refused ones do not count`, async () => {
    // On the website: its request limit is higher than the key's ten a minute, so only the report limit decides.
    const busy = await person();
    const cookie = await sessionCookie(app, busy.id);
    const send = async (slug: string) => readTrpc(await trpcMutate(app, "plugins.report", { slug, reason: "spam" }, { cookie }));
    const limit = rateLimits.pluginReports.limit!;
    const slugs = Array.from({ length: limit + 3 }, (_, i) => `target-${i}`);
    for (const slug of slugs) await insertPlugin(app.deps.db, { slug, ownerId: author.id });
    // A refused report (unknown plugin) first: it does not use up the allowance.
    expect((await send("no-such-plugin")).status).toBe(404);
    const answers = await Promise.all(slugs.map(send));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(limit);
    expect(statuses.filter((s) => s === 429)).toHaveLength(3);
    expect(answers.find((a) => a.status === 429)!.error).toEqual({
      code: "rate_limited",
      message: expect.stringMatching(/^At most 10 reports per day; retry in \d+ seconds?\.$/),
    });
    // Through /api/v1 the same account is refused too, with Retry-After.
    const byKey = await report(busy.key, slugs[0]!, { reason: "broken" });
    expect(byKey.status).toBe(429);
    expect(Number(byKey.headers.get("retry-after"))).toBeGreaterThan(0);
    // A day later the account may report again.
    clock.advance(24 * 60 * 60 * 1000);
    expect((await report(busy.key, slugs[0]!, { reason: "broken" })).status).toBe(200);
  });

  it("is the website's plugins.report too, with the session's account", async () => {
    const cookie = await sessionCookie(app, reader.id);
    await insertPlugin(app.deps.db, { slug: "web-reported", ownerId: author.id });
    const answer = await readTrpc(
      await trpcMutate(app, "plugins.report", { slug: "web-reported", reason: "impersonation", details: "Copies the name of Chat Tools." }, { cookie }),
    );
    expect(answer.status).toBe(200);
    expect(answer.data).toMatchObject({ report: { slug: "web-reported", reason: "impersonation" }, replaced: false });
    const own = await readTrpc(
      await trpcMutate(app, "plugins.report", { slug: "web-reported", reason: "spam" }, { cookie: await sessionCookie(app, author.id) }),
    );
    expect(own.status).toBe(403);
    const signedOut = await readTrpc(await trpcMutate(app, "plugins.report", { slug: "web-reported", reason: "spam" }));
    expect(signedOut.status).toBe(401);
  });
});
