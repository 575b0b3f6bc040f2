/**
 * The per-address limit of /api/v1 requests without credentials
 * (rateLimits.anonymous), through the real REST core with the socket's peer
 * address: the X-RateLimit-* headers on anonymous answers, 429 with
 * Retry-After beyond, fixed windows on the injected clock, addresses counted
 * apart, keyed requests and the exchange-rate endpoints not counted here, and
 * a map that stays within httpLimits.maxAnonymousAddresses under a flood of
 * distinct addresses.
 */
import { httpLimits, rateLimits } from "@streamkit/api-contract";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { anonymousCounter } from "../../../src/shared/limits/index";
import { createRestHandler } from "../../../src/app/rest-core";
import { appRouter } from "../../../src/app/router";
import { BASE, createTestApp, type TestApp } from "../../support/app";
import { TestClock } from "../../support/clock";
import { bearer, insertAccount, insertKey, insertPlugin } from "../../support/factories";

const LIMIT = rateLimits.anonymous.limit;
let app: TestApp;
const clock = new TestClock();
let key: string;
let handler: ReturnType<typeof createRestHandler>;

beforeAll(async () => {
  app = await createTestApp({ now: clock.now });
  const author = await insertAccount(app.deps.db, { plan: "pro" });
  key = (await insertKey(app.deps.db, author.id)).key;
  await insertPlugin(app.deps.db, { slug: "anon-probe", ownerId: author.id });
  handler = createRestHandler(appRouter, app.deps);
});
afterAll(() => app.close());
beforeEach(() => clock.nextMinute());

const from =
  (peer: string) =>
  (path: string, headers: Record<string, string> = {}) =>
    handler(new Request(`${BASE}/api/v1${path}`, { headers }), { remoteAddress: peer });

const resetOfThisWindow = () => String(Math.ceil((Math.floor(clock.now().getTime() / 60_000) + 1) * 60));

describe(`${LIMIT} requests without credentials a minute per address`, () => {
  it("admits exactly the limit from one address across browsing operations, then 429 rate_limited with Retry-After; another address is unaffected", async () => {
    const get = from("203.0.113.10");
    const paths = ["/plugins", "/plugins/anon-probe", "/plugins?q=anon", "/plugins/no-such-plugin"];
    const responses = await Promise.all(Array.from({ length: LIMIT + 5 }, (_, i) => get(paths[i % paths.length]!)));
    const limited = responses.filter((r) => r.status === 429);
    expect(limited).toHaveLength(5);
    for (const response of responses) {
      expect(response.headers.get("x-ratelimit-limit")).toBe(String(LIMIT));
      expect(response.headers.get("x-ratelimit-reset")).toBe(resetOfThisWindow());
    }
    const remaining = responses.filter((r) => r.status !== 429).map((r) => Number(r.headers.get("x-ratelimit-remaining")));
    expect(remaining.sort((a, b) => a - b)).toEqual(Array.from({ length: LIMIT }, (_, i) => i));
    for (const response of limited) {
      expect(response.headers.get("x-ratelimit-remaining")).toBe("0");
      expect(response.headers.get("retry-after")).toBe("60");
      expect(await response.json()).toEqual({
        error: { code: "rate_limited", message: "Too many requests without an API key from this address; retry in 60 seconds." },
      });
    }

    clock.advance(40_000);
    const later = await get("/plugins");
    expect(later.status).toBe(429);
    expect(later.headers.get("retry-after")).toBe("20");

    const neighbour = await from("203.0.113.11")("/plugins");
    expect(neighbour.status).toBe(200);
    expect(neighbour.headers.get("x-ratelimit-remaining")).toBe(String(LIMIT - 1));
  });

  it("starts afresh in the next window", async () => {
    const get = from("203.0.113.20");
    await Promise.all(Array.from({ length: LIMIT }, () => get("/plugins/anon-probe")));
    expect((await get("/plugins")).status).toBe(429);
    clock.nextMinute();
    const next = await get("/plugins");
    expect(next.status).toBe(200);
    expect(next.headers.get("x-ratelimit-remaining")).toBe(String(LIMIT - 1));
    expect(next.headers.get("x-ratelimit-reset")).toBe(resetOfThisWindow());
  });

  it("counts anonymous calls of protected operations too: their 401 carries the headers, and past the limit it is 429", async () => {
    const get = from("203.0.113.30");
    const first = await get("/me");
    expect(first.status).toBe(401);
    expect(first.headers.get("x-ratelimit-limit")).toBe(String(LIMIT));
    expect(first.headers.get("x-ratelimit-remaining")).toBe(String(LIMIT - 1));
    await Promise.all(Array.from({ length: LIMIT - 1 }, () => get("/me")));
    const over = await get("/me");
    expect(over.status).toBe(429);
    expect(over.headers.get("retry-after")).toBe("60");
  });

  it("counts requests whose credentials are refused as requests without credentials", async () => {
    const get = from("203.0.113.35");
    const refused = await get("/plugins", { authorization: "Bearer skit_not-a-key" });
    expect(refused.status).toBe(401);
    expect(refused.headers.get("x-ratelimit-remaining")).toBe(String(LIMIT - 1));
    await Promise.all(Array.from({ length: LIMIT - 1 }, () => get("/plugins")));
    const over = await get("/me", { authorization: "Bearer skit_not-a-key" });
    expect(over.status).toBe(429);
    expect((await over.json()).error.code).toBe("rate_limited");
  });

  it("does not count keyed requests, the exchange-rate endpoints or the OpenAPI document", async () => {
    const get = from("203.0.113.40");
    // A keyed request from an address past its anonymous limit is answered, under the account's own limit.
    await Promise.all(Array.from({ length: LIMIT }, () => get("/plugins")));
    expect((await get("/plugins")).status).toBe(429);
    const keyed = await get("/plugins", bearer(key));
    expect(keyed.status).toBe(200);
    expect(keyed.headers.get("x-ratelimit-limit")).toBe("10");
    expect((await get("/fx/currencies")).status).toBe(200);
    const document = await get("/openapi.json");
    expect(document.status).toBe(200);
    expect(document.headers.get("x-ratelimit-limit")).toBeNull();

    // Keyed requests leave an address's anonymous budget alone.
    const other = from("203.0.113.41");
    for (let i = 0; i < 5; i++) expect((await other("/plugins", bearer(key))).status).toBe(200);
    expect((await other("/plugins")).headers.get("x-ratelimit-remaining")).toBe(String(LIMIT - 1));
  });
});

describe("memory", () => {
  it(`remembers at most ${httpLimits.maxAnonymousAddresses} addresses: a flood of distinct addresses evicts the oldest`, async () => {
    const counter = anonymousCounter(app.deps);
    const first = from("198.51.100.1");
    for (let i = 0; i < 5; i++) await first("/me");
    const flood = httpLimits.maxAnonymousAddresses;
    for (let sent = 0; sent < flood; sent += 500) {
      await Promise.all(Array.from({ length: 500 }, (_, i) => from(`2001:db8::${(sent + i).toString(16)}`)("/me")));
      expect(counter.size).toBeLessThanOrEqual(httpLimits.maxAnonymousAddresses);
    }
    expect(counter.size).toBe(httpLimits.maxAnonymousAddresses);
    // The oldest address was forgotten, so it starts again; the newest is still counted.
    expect((await first("/me")).headers.get("x-ratelimit-remaining")).toBe(String(LIMIT - 1));
    expect((await from(`2001:db8::${(flood - 1).toString(16)}`)("/me")).headers.get("x-ratelimit-remaining")).toBe(String(LIMIT - 2));
    expect(counter.size).toBe(httpLimits.maxAnonymousAddresses);

    // A new window drops the old one's addresses whole.
    clock.nextMinute();
    await first("/me");
    expect(counter.size).toBe(1);
  });
});
