/**
 * Publisher handles and GET /api/v1/publishers/{handle} (docs/plugins.md#publishers):
 * the handle given at the first publish (derived from the name, a suffix on
 * collision, decided by the database between concurrent first publishes),
 * `publisher.handle` in listings and packages, the public read with its
 * pages, and the owner's handle change with its rules.
 */
import { reservedHandles } from "@streamkit/api-contract";
import { publisherHandles } from "@streamkit/db";
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
const clock = new TestClock(Date.UTC(2026, 10, 1, 9, 0, 0));

beforeAll(async () => {
  app = await createTestApp({ now: clock.now });
});
afterAll(() => app.close());
beforeEach(() => {
  clock.advance(60 * 60 * 1000);
  clock.nextMinute();
});

async function author(name: string) {
  const account = await insertAccount(app.deps.db, { name, plan: "pro" });
  return { id: account.id, key: (await insertKey(app.deps.db, account.id)).key, cookie: await sessionCookie(app, account.id) };
}
const publish = (key: string, id: string, version = "1.0.0") => app.json("/plugins", jsonPost(publishBody({ id, version }), bearer(key)));
const changeHandle = (cookie: string, handle: string) => trpcMutate(app, "publishers.changeHandle", { handle }, { cookie }).then(readTrpc);

describe("handles given at the first publish", () => {
  it("derives the handle from the name, and shows it in the listing, the detail, the list and the package", async () => {
    const ada = await author("Ådá  Lövelace & Co.");
    const published = await publish(ada.key, "ada-first");
    expect(published.status).toBe(201);
    expect(published.body.item.publisher).toEqual({ kind: "user", name: "Ådá  Lövelace & Co.", verified: false, handle: "ada-lovelace-co" });
    expect((await app.json("/plugins/ada-first")).body.item.publisher.handle).toBe("ada-lovelace-co");
    expect((await app.json("/plugins?q=ada-first")).body.items[0].publisher.handle).toBe("ada-lovelace-co");
    const pkg = await app.json("/plugins/ada-first/package", { headers: bearer(ada.key) });
    expect(pkg.body.publisher.handle).toBe("ada-lovelace-co");
    // A second plugin keeps the handle.
    expect((await publish(ada.key, "ada-second")).body.item.publisher.handle).toBe("ada-lovelace-co");
  });

  it("adds a suffix when the name's handle is taken, and falls back for names without letters", async () => {
    const first = await author("Twin Studio");
    const second = await author("Twin Studio");
    const third = await author("twin-studio!");
    for (const [who, slug] of [
      // Ids far apart: alike ids would be held for review as look-alikes (docs/plugins.md#scanning-before-listing).
      [first, "harbor-lights"],
      [second, "quartz-timer"],
      [third, "velvet-poll"],
    ] as const)
      await publish(who.key, slug);
    const handles = await Promise.all(
      ["harbor-lights", "quartz-timer", "velvet-poll"].map(async (slug) => (await app.json(`/plugins/${slug}`)).body.item.publisher.handle),
    );
    expect(handles).toEqual(["twin-studio", "twin-studio-2", "twin-studio-3"]);
    const symbols = await author("★ ★");
    expect((await publish(symbols.key, "stars-only")).body.item.publisher.handle).toMatch(/^publisher(-\d+)?$/);
  });

  it("gives concurrent first publishes of alike names distinct handles, the database deciding", async () => {
    const racers = await Promise.all([1, 2, 3, 4].map(() => author("Rush Hour")));
    const results = await raceThroughLock(
      app.database,
      { lockSql: "select 1 from marketplace_version where id = $1 for update", params: [1], racers: 4, timeoutMs: 3_000 },
      () => racers.map((who, i) => publish(who.key, `rush-${i}`)),
    );
    const answers = results.map((r) => (r.status === "fulfilled" ? r.value : undefined));
    expect(answers.map((a) => a?.status)).toEqual([201, 201, 201, 201]);
    const handles = answers.map((a) => a!.body.item.publisher.handle).sort();
    expect(handles).toEqual(["rush-hour", "rush-hour-2", "rush-hour-3", "rush-hour-4"]);
  });

  it("never derives a reserved word for anyone but the service's own account", async () => {
    for (const word of reservedHandles) {
      const account = await insertAccount(app.deps.db, { name: word.toUpperCase() });
      await insertPlugin(app.deps.db, { slug: `reserved-${word}`, ownerId: account.id });
      const handle = (await app.json(`/plugins/reserved-${word}`)).body.item.publisher.handle;
      expect(handle, word).toMatch(new RegExp(`^${word}-\\d+$`));
    }
    const service = await insertAccount(app.deps.db, { name: "Streamkit", official: true });
    await insertPlugin(app.deps.db, { slug: "service-own", ownerId: service.id, official: true });
    expect((await app.json("/plugins/service-own")).body.item.publisher).toMatchObject({ kind: "official", handle: "streamkit" });
  });
});

describe("GET /api/v1/publishers/{handle}", () => {
  it("answers the publisher and its published plugins a page at a time, with no key", async () => {
    const owner = await insertAccount(app.deps.db, { name: "Paged Publisher", createdAt: new Date(Date.UTC(2025, 4, 6, 7, 8, 9, 10)) });
    for (const [slug, downloads] of [
      ["paged-a", 30],
      ["paged-b", 20],
      ["paged-c", 10],
    ] as const)
      await insertPlugin(app.deps.db, { slug, ownerId: owner.id, downloads });
    await insertPlugin(app.deps.db, { slug: "paged-hidden", ownerId: owner.id, status: "hidden" });
    const first = await app.json("/publishers/paged-publisher?limit=2");
    expect(first.status).toBe(200);
    expect(first.body.publisher).toEqual({
      handle: "paged-publisher",
      name: "Paged Publisher",
      kind: "user",
      verified: false,
      verification: { domains: [], byOperator: false },
      memberSince: "2025-05-06T07:08:09.010Z",
      url: "http://localhost:3000/publishers/paged-publisher",
    });
    expect(first.body.items.map((i: { slug: string }) => i.slug)).toEqual(["paged-a", "paged-b"]);
    expect(first.body.next).toEqual(expect.any(String));
    const second = await app.json(`/publishers/paged-publisher?limit=2&cursor=${encodeURIComponent(first.body.next)}`);
    expect(second.body.items.map((i: { slug: string }) => i.slug)).toEqual(["paged-c"]);
    expect(second.body.next).toBeNull();
    expect((await app.json("/publishers/PAGED-PUBLISHER")).body.publisher.handle).toBe("paged-publisher");
  });

  it("answers 404 not_found for an unknown handle, and 400 for a cursor it did not issue or a bad limit", async () => {
    const unknown = await app.json("/publishers/nobody-here");
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toEqual({ code: "not_found", message: 'No publisher "nobody-here".' });
    expect((await app.json("/publishers/paged-publisher?cursor=nonsense")).body.error.code).toBe("bad_request");
    expect((await app.json("/publishers/paged-publisher?limit=0")).status).toBe(400);
    expect((await app.json("/publishers/paged-publisher?limit=101")).status).toBe(400);
  });
});

describe("changing the handle", () => {
  it("changes it on the website; the former handle keeps leading to the publisher and stays reserved to it", async () => {
    const owner = await author("Renaming Studio");
    await publish(owner.key, "renaming-plugin");
    const settings = await trpcQuery(app, "publishers.settings", undefined, { cookie: owner.cookie }).then(readTrpc);
    expect(settings.data).toMatchObject({ handle: "renaming-studio", previousHandles: [], handleChangeableAt: null, verified: false, domains: [] });

    const changed = await changeHandle(owner.cookie, "  Renamed-Studio ");
    expect(changed.status).toBe(200);
    expect(changed.data).toMatchObject({ handle: "renamed-studio", previousHandles: ["renaming-studio"], handleChangeableAt: expect.any(String) });
    expect((await app.json("/plugins/renaming-plugin")).body.item.publisher.handle).toBe("renamed-studio");
    expect((await app.json("/publishers/renaming-studio")).body.publisher.handle).toBe("renamed-studio");

    const other = await author("Squatter");
    await publish(other.key, "squatter-plugin");
    const taken = await changeHandle(other.cookie, "renaming-studio");
    expect(taken.status).toBe(409);
    expect(taken.error).toMatchObject({ code: "conflict", message: expect.stringContaining("is taken") });
  });

  it("allows one change per 30 days (409 with details.changeableAt), and taking back one's own former handle after", async () => {
    const owner = await author("Often Renamed");
    await publish(owner.key, "often-plugin");
    expect((await changeHandle(owner.cookie, "often-two")).status).toBe(200);
    const soon = await changeHandle(owner.cookie, "often-three");
    expect(soon.status).toBe(409);
    expect(soon.error).toMatchObject({ code: "conflict", details: { changeableAt: new Date(clock.now().getTime() + 30 * 86_400_000).toISOString() } });
    clock.advance(30 * 86_400_000);
    expect((await changeHandle(owner.cookie, "often-renamed")).data.handle).toBe("often-renamed");
    const rows = await app.deps.db.select().from(publisherHandles).where(eq(publisherHandles.accountId, owner.id));
    expect(rows.filter((r) => r.current).map((r) => r.handle)).toEqual(["often-renamed"]);
  });

  it("refuses reserved words and malformed handles with 400 validation_error", async () => {
    const owner = await author("Picky Publisher");
    await publish(owner.key, "picky-plugin");
    const reserved = await changeHandle(owner.cookie, "support");
    expect(reserved.status).toBe(400);
    expect(reserved.error).toMatchObject({ code: "validation_error", message: expect.stringContaining("reserved") });
    for (const bad of ["ab", "two--hyphens", "-edge", "space d", "x".repeat(41)]) {
      expect((await changeHandle(owner.cookie, bad)).error, bad).toMatchObject({ code: "validation_error" });
    }
  });

  it("lets two publishers race for one handle: exactly one gets it", async () => {
    const [one, two] = [await author("Racer One"), await author("Racer Two")];
    await publish(one.key, "racer-one-plugin");
    await publish(two.key, "racer-two-plugin");
    const results = await Promise.all([changeHandle(one.cookie, "the-prize"), changeHandle(two.cookie, "the-prize")]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
  });
});
