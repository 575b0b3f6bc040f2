/**
 * The exchange rates' kept answers (rest/memo.ts, docs/exchange-rates.md):
 * answered from memory while the snapshot is the same, and changed on the
 * very next request after a feed round stores a new reading.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { installFx } from "../../../src/fx/service";
import { readAnswer } from "../../support/answers";
import { createTestApp, type TestApp } from "../../support/app";
import { TestClock } from "../../support/clock";
import { type FeedServer, startFeedServer } from "../../fixtures/fx/feeds";

const clock = new TestClock(Date.parse("2026-03-16T09:00:00.000Z"));
let feeds: FeedServer;
let app: TestApp;

beforeAll(async () => {
  feeds = await startFeedServer();
  app = await createTestApp({ now: clock.now });
});
afterAll(async () => {
  await app.close();
  await feeds.close();
});

const get = (path: string, headers: Record<string, string> = {}) => readAnswer(app.request, path, headers);

describe("GET /fx/latest across a feed round", () => {
  it("is kept between rounds and changes on the next request after one; a stale ETag gets 200, the current one 304", async () => {
    const fx = installFx(app.deps, { config: feeds.config() });
    await fx.refresh();
    const first = await get("/fx/latest?symbols=EUR,JPY");
    expect(first.status).toBe(200);
    expect(JSON.parse(first.text)).toMatchObject({ date: "2025-01-10", stale: false, fetchedAt: clock.now().toISOString() });
    const kept = await get("/fx/latest?symbols=EUR,JPY");
    expect(kept.text).toBe(first.text);
    expect(kept.etag).toBe(first.etag);
    expect((await get("/fx/latest?symbols=EUR,JPY", { "if-none-match": first.etag! })).status).toBe(304);

    // The next round reads the feeds again: a new reading of the day.
    clock.advance(60 * 60_000);
    await fx.refresh({ force: true });
    const after = await get("/fx/latest?symbols=EUR,JPY", { "if-none-match": first.etag! });
    expect(after.status).toBe(200);
    expect(after.etag).not.toBe(first.etag);
    expect(JSON.parse(after.text)).toMatchObject({ date: "2025-01-10", stale: false, fetchedAt: clock.now().toISOString() });
    expect((await get("/fx/latest?symbols=EUR,JPY", { "if-none-match": after.etag! })).status).toBe(304);
  });

  it("a round whose feeds fail turns the answer stale on the next request", async () => {
    const fx = installFx(app.deps, { config: feeds.config() });
    const before = await get("/fx/latest");
    expect(JSON.parse(before.text).stale).toBe(false);
    feeds.mode = "error";
    try {
      clock.advance(60 * 60_000);
      await fx.refresh({ force: true });
    } finally {
      feeds.mode = "ok";
    }
    const after = await get("/fx/latest", { "if-none-match": before.etag! });
    expect(after.status).toBe(200);
    expect(JSON.parse(after.text).stale).toBe(true);
    expect(after.response.headers.get("cache-control")).toBe("public, max-age=600");
  });

  it("errors are never kept: a code with no rate is 404 every time, no-store", async () => {
    for (let i = 0; i < 2; i++) {
      const missing = await get("/fx/latest?symbols=XAU");
      expect(missing.status).toBe(404);
      expect(missing.etag).toBeNull();
      expect(missing.response.headers.get("cache-control")).toBe("no-store");
    }
  });
});
