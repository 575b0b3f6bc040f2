/**
 * Drafts and live over HTTP (docs/overlays.md#drafts-and-live): a save goes on
 * stream unless it is a draft; POST /overlays/{id}/publish moves liveRev to the
 * current rev or a kept one, over baseLiveRev; the OBS source (feed and event
 * stream) shows liveRev, and the history never prunes it. Streams are read
 * event by event: a draft's absence shows as the publish's frame coming next.
 */
import { accounts, overlayRevisions } from "@streamkit/db";
import { overlayRevisionsKept } from "@streamkit/plans";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../support/app";
import { TestClock } from "../../support/clock";
import { eventStream } from "../../support/event-stream";
import { insertAccount, insertKey } from "../../support/factories";
import { apiCaller, createOverlay, documentOf } from "../../support/overlays";
import { raceThroughLock } from "../../support/race";
import { settleKeptCallers } from "../../../src/accounts/principal";

let app: TestApp;
const clock = new TestClock();
beforeAll(async () => {
  app = await createTestApp({ now: clock.now });
});
afterAll(() => app.close());

async function streamerWithOverlay(text = "One") {
  const account = await insertAccount(app.deps.db, { plan: "pro" });
  const { key } = await insertKey(app.deps.db, account.id, { scopes: ["inventory:write"] });
  // Each call in a rate-limit minute of its own (keys get 10 a minute).
  const send = apiCaller(app, key, () => clock.nextMinute());
  const { id, token, item: created } = await createOverlay(send, documentOf(text));
  return {
    account,
    id,
    token,
    created,
    send,
    save: (baseRev: number, words: string, draft?: boolean) =>
      send("PUT", `/overlays/${id}`, { baseRev, document: documentOf(words), ...(draft === undefined ? {} : { draft }) }),
    publish: (rev: number, baseLiveRev: number) => send("POST", `/overlays/${id}/publish`, { rev, baseLiveRev }),
    feed: async () => (await app.raw(`/api/overlay-source/${token}`)).json() as Promise<{ rev: number; svg: string }>,
    events: async (headers: Record<string, string> = {}) => eventStream(await app.raw(`/api/overlay-source/${token}/events`, { headers })),
  };
}

describe("drafts and live", () => {
  it("a new overlay is live at rev 1, and a save without `draft` goes live with it", async () => {
    const sam = await streamerWithOverlay();
    expect(sam.created).toMatchObject({ rev: 1, liveRev: 1 });
    const saved = await sam.save(1, "Two");
    expect(saved.status).toBe(200);
    expect(saved.body.item).toMatchObject({ rev: 2, liveRev: 2 });
    expect((await sam.send("GET", "/overlays")).body.items[0]).toMatchObject({ rev: 2, liveRev: 2 });
    expect((await sam.feed()).svg).toContain(">Two</tspan>");
  });

  it("a draft save does not reach the stream; publishing it does, on the open stream and the feed", async () => {
    const sam = await streamerWithOverlay("Live");
    const events = await sam.events();
    expect((await events.next())!.id).toBe("1");

    const draft = await sam.save(1, "Draft", true);
    expect(draft.status).toBe(200);
    expect(draft.body.item).toMatchObject({ rev: 2, liveRev: 1 });
    expect(draft.body.item.document.layers[0].props.text).toBe("Draft");
    const feed = await sam.feed();
    expect(feed.rev).toBe(1);
    expect(feed.svg).toContain(">Live</tspan>");
    // A second draft on top: still nothing on stream.
    expect((await sam.save(2, "Draft two", true)).body.item).toMatchObject({ rev: 3, liveRev: 1 });

    const etagBefore = (await sam.send("GET", `/overlays/${sam.id}`)).headers.get("etag")!;
    const published = await sam.publish(3, 1);
    expect(published.status).toBe(200);
    expect(published.body.item).toMatchObject({ rev: 3, liveRev: 3 });
    expect(published.headers.get("etag")).not.toBe(etagBefore);
    expect((await sam.send("GET", `/overlays/${sam.id}`, undefined, { "if-none-match": etagBefore })).status).toBe(200);
    // The next event is the publish's frame: neither draft produced one.
    const next = (await events.next())!;
    expect(next.id).toBe("3");
    expect(JSON.parse(next.data).svg).toContain(">Draft two</tspan>");
    expect((await sam.feed()).rev).toBe(3);
    await events.close();
  });

  it("going back to an older revision is one publish; the history marks it live and the source shows it", async () => {
    const sam = await streamerWithOverlay("First");
    await sam.save(1, "Second");
    await sam.save(2, "Third");
    const events = await sam.events({ "last-event-id": "3" });

    const back = await sam.publish(1, 3);
    expect(back.status).toBe(200);
    expect(back.body.item).toMatchObject({ rev: 3, liveRev: 1 });
    // Nothing was saved: the document is still rev 3's.
    expect(back.body.item.document.layers[0].props.text).toBe("Third");
    const frame = (await events.next())!;
    expect(frame.id).toBe("1");
    expect(JSON.parse(frame.data)).toMatchObject({ rev: 1, width: 1280, height: 720 });
    expect(JSON.parse(frame.data).svg).toContain(">First</tspan>");
    expect((await sam.feed()).svg).toContain(">First</tspan>");
    const history = (await sam.send("GET", `/overlays/${sam.id}/revisions`)).body.items;
    expect(history.map((item: { rev: number; live: boolean }) => [item.rev, item.live])).toEqual([
      [2, false],
      [1, true],
    ]);
    expect((await sam.send("GET", `/overlays/${sam.id}/revisions/1`)).body.item.live).toBe(true);

    // A live save from here puts the new rev on stream.
    expect((await sam.save(3, "Fourth")).body.item).toMatchObject({ rev: 4, liveRev: 4 });
    expect(JSON.parse((await events.next())!.data).svg).toContain(">Fourth</tspan>");
    await events.close();
  });

  it("publishing the rev already live answers the overlay unchanged", async () => {
    const sam = await streamerWithOverlay();
    const same = await sam.publish(1, 1);
    expect(same.status).toBe(200);
    expect(same.body.item).toMatchObject({ rev: 1, liveRev: 1 });
  });

  it("a restore with `draft: true` waits off stream; without it, it goes live", async () => {
    const sam = await streamerWithOverlay("Old");
    await sam.save(1, "New");
    const drafted = await sam.send("POST", `/overlays/${sam.id}/revisions/1/restore`, { baseRev: 2, draft: true });
    expect(drafted.status).toBe(200);
    expect(drafted.body.item).toMatchObject({ rev: 3, liveRev: 2 });
    expect((await sam.feed()).svg).toContain(">New</tspan>");
    const live = await sam.send("POST", `/overlays/${sam.id}/revisions/1/restore`, { baseRev: 3 });
    expect(live.body.item).toMatchObject({ rev: 4, liveRev: 4 });
    expect((await sam.feed()).svg).toContain(">Old</tspan>");
  });
});

describe("publish refusals", () => {
  it("a stale baseLiveRev is 409 conflict with the current liveRev and rev, and nothing moves", async () => {
    const sam = await streamerWithOverlay();
    await sam.save(1, "Two", true);
    expect((await sam.publish(2, 1)).status).toBe(200);
    const stale = await sam.publish(1, 1);
    expect(stale.status).toBe(409);
    expect(stale.body.error).toMatchObject({ code: "conflict", details: { currentLiveRev: 2, currentRev: 2 } });
    expect(stale.body.error.message).toContain("baseLiveRev 2");
    expect((await sam.feed()).rev).toBe(2);
  });

  it("a rev neither current nor kept is 404 not_found", async () => {
    const sam = await streamerWithOverlay();
    await sam.save(1, "Two");
    for (const rev of [3, 99]) {
      const missing = await sam.publish(rev, 2);
      expect(missing.status).toBe(404);
      expect(missing.body.error.code).toBe("not_found");
    }
    // Rev 1 was kept: it can go back on stream.
    expect((await sam.publish(1, 2)).status).toBe(200);
  });

  it("a body without rev or baseLiveRev, or with a rev of 0, is 400 validation_error naming the field", async () => {
    const sam = await streamerWithOverlay();
    for (const [body, path] of [
      [{ baseLiveRev: 1 }, "rev"],
      [{ rev: 1 }, "baseLiveRev"],
      [{ rev: 0, baseLiveRev: 1 }, "rev"],
    ] as const) {
      const refused = await sam.send("POST", `/overlays/${sam.id}/publish`, body);
      expect(refused.status).toBe(400);
      expect(refused.body.error.code).toBe("validation_error");
      expect(refused.body.error.details.map((problem: { path: string }) => problem.path)).toContain(path);
    }
  });

  it("another account's overlay is 404; a locked one is 403 plan_required", async () => {
    const sam = await streamerWithOverlay();
    const other = await streamerWithOverlay();
    expect((await other.send("POST", `/overlays/${sam.id}/publish`, { rev: 1, baseLiveRev: 1 })).status).toBe(404);
    // A downgraded account's key: the request reaches the overlay, which its plan no longer covers.
    await app.deps.db.update(accounts).set({ plan: "free" }).where(eq(accounts.id, sam.account.id));
    await settleKeptCallers(app.deps);
    const locked = await sam.publish(1, 1);
    expect(locked.status).toBe(403);
    expect(locked.body.error.code).toBe("plan_required");
  });

  it("of concurrent publishes over one liveRev exactly one wins", async () => {
    const sam = await streamerWithOverlay();
    for (let rev = 1; rev <= 4; rev++) await sam.save(rev, `v${rev + 1}`, true);
    const results = await raceThroughLock(app.database, { lockSql: "select id from overlays where id = $1 for update", params: [sam.id], racers: 4 }, () =>
      [2, 3, 4, 5].map((rev) => sam.publish(rev, 1)),
    );
    const statuses = results.map((result) => (result.status === "fulfilled" ? result.value.status : 0)).sort();
    expect(statuses).toEqual([200, 409, 409, 409]);
    const winner = results.find((result) => result.status === "fulfilled" && result.value.status === 200);
    const liveRev = winner?.status === "fulfilled" ? winner.value.body.item.liveRev : 0;
    expect((await sam.feed()).rev).toBe(liveRev);
  });
});

describe("the history keeps what is on stream", () => {
  it(`pruning to the plan's number (Pro keeps ${overlayRevisionsKept.pro}) never drops the live revision`, async () => {
    const sam = await streamerWithOverlay("On stream");
    await sam.save(1, "v2");
    expect((await sam.publish(1, 2)).status).toBe(200);
    const kept = overlayRevisionsKept.pro;
    for (let rev = 2; rev <= kept + 3; rev++) await sam.save(rev, `draft ${rev + 1}`, true);
    const revs = await app.deps.db
      .select({ rev: overlayRevisions.rev })
      .from(overlayRevisions)
      .where(eq(overlayRevisions.overlayId, sam.id))
      .orderBy(overlayRevisions.rev);
    // The newest `kept`, and rev 1 beside them because it is live.
    expect(revs.map((row) => row.rev)).toEqual([1, ...Array.from({ length: kept }, (_, i) => i + 4)]);
    expect((await sam.feed()).svg).toContain(">On stream</tspan>");
    // Once it is no longer live, the next save prunes it.
    expect((await sam.publish(kept + 4, 1)).status).toBe(200);
    await sam.save(kept + 4, "after");
    const [stillThere] = await app.deps.db
      .select({ rev: overlayRevisions.rev })
      .from(overlayRevisions)
      .where(and(eq(overlayRevisions.overlayId, sam.id), eq(overlayRevisions.rev, 1)));
    expect(stillThere).toBeUndefined();
  });
});
