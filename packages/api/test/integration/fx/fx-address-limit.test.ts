/**
 * The per-address limit of the exchange-rate endpoints in one process, through
 * the real handler with the socket's peer address: 120 a minute, the headers on
 * every answer, 429 with Retry-After, addresses counted apart, X-Forwarded-For
 * believed only from trusted proxies, and the website's own calls not counted.
 * (test/multiprocess/fx-address-limit.test.ts checks the count across processes.)
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createContext } from "../../../src/shared/context";
import type { AppDeps } from "../../../src/shared/deps";
import { createRestHandler } from "../../../src/app/rest-core";
import { appRouter } from "../../../src/app/router";
import { createCallerFactory } from "../../../src/shared/trpc";
import { createTestApp, type TestApp } from "../../support/app";
import { TestClock } from "../../support/clock";

let app: TestApp;
const clock = new TestClock();

beforeAll(async () => {
  app = await createTestApp({ now: clock.now });
});
afterAll(() => app.close());
beforeEach(() => clock.nextMinute());

function client(deps: AppDeps, peer: string) {
  const handler = createRestHandler(appRouter, deps);
  return (path: string, headers: Record<string, string> = {}) => handler(new Request(`http://localhost/api/v1${path}`, { headers }), { remoteAddress: peer });
}

describe("120 requests a minute per address", () => {
  it("admits exactly 120 from one address, then 429 rate_limited with Retry-After; another address is unaffected", async () => {
    const get = client(app.deps, "198.51.100.7");
    const paths = ["/fx/latest", "/fx/convert?from=USD&to=EUR", "/fx/currencies", "/rates", "/fx/history?days=1", "/fx/latest?base=NOPE"];
    const responses = await Promise.all(Array.from({ length: 126 }, (_, i) => get(paths[i % paths.length]!)));
    const limited = responses.filter((r) => r.status === 429);
    expect(limited).toHaveLength(6);
    expect(responses.filter((r) => r.status !== 429)).toHaveLength(120);
    for (const response of responses) {
      expect(response.headers.get("x-ratelimit-limit")).toBe("120");
      expect(response.headers.get("x-ratelimit-reset")).toBe(String(Math.ceil((clock.now().getTime() + 60_000) / 1000)));
    }
    const remaining = responses.filter((r) => r.status !== 429).map((r) => Number(r.headers.get("x-ratelimit-remaining")));
    expect(remaining.sort((a, b) => a - b)).toEqual(Array.from({ length: 120 }, (_, i) => i));
    for (const response of limited) {
      expect(response.headers.get("x-ratelimit-remaining")).toBe("0");
      expect(response.headers.get("retry-after")).toBe("60");
      expect(response.headers.get("access-control-allow-origin")).toBe("*");
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(await response.json()).toEqual({
        error: { code: "rate_limited", message: "Too many exchange-rate requests from this address; retry in 60 seconds." },
      });
    }

    // Still limited later in the window, with a shorter wait; the neighbour is not.
    clock.advance(45_000);
    const later = await get("/fx/latest");
    expect(later.status).toBe(429);
    expect(later.headers.get("retry-after")).toBe("15");
    const neighbour = await client(app.deps, "198.51.100.8")("/fx/latest");
    expect(neighbour.status).toBe(200);
    expect(neighbour.headers.get("x-ratelimit-remaining")).toBe("119");

    // The next minute is a new window.
    clock.nextMinute();
    const next = await get("/fx/latest");
    expect(next.status).toBe(200);
    expect(next.headers.get("x-ratelimit-remaining")).toBe("119");
  });

  it("counts a concurrent burst from several addresses apart, each exactly", async () => {
    const addresses = ["198.51.100.31", "198.51.100.32", "2001:db8::33"];
    const sent = [125, 3, 60];
    // Interleaved and all in flight at once, so they share the limiter's batches.
    const calls: string[] = [];
    for (let i = 0; i < Math.max(...sent); i++) {
      addresses.forEach((address, a) => {
        if (i < sent[a]!) calls.push(address);
      });
    }
    const responses = await Promise.all(calls.map((address) => client(app.deps, address)("/fx/convert?from=USD&to=EUR&amount=2")));
    for (const [a, address] of addresses.entries()) {
      const mine = responses.filter((_, i) => calls[i] === address);
      const ok = mine.filter((r) => r.status === 200);
      expect(ok, address).toHaveLength(Math.min(120, sent[a]!));
      expect(
        mine.filter((r) => r.status === 429),
        address,
      ).toHaveLength(Math.max(0, sent[a]! - 120));
      const remaining = ok.map((r) => Number(r.headers.get("x-ratelimit-remaining"))).sort((x, y) => x - y);
      expect(remaining, address).toEqual(Array.from({ length: ok.length }, (_, i) => 120 - ok.length + i));
    }
  });

  it("ignores X-Forwarded-For from a peer that is not a trusted proxy", async () => {
    const get = client(app.deps, "198.51.100.20");
    const first = await get("/fx/latest", { "x-forwarded-for": "203.0.113.1" });
    const second = await get("/fx/latest", { "x-forwarded-for": "203.0.113.2" });
    expect(first.headers.get("x-ratelimit-remaining")).toBe("119");
    expect(second.headers.get("x-ratelimit-remaining")).toBe("118");
  });

  it("counts each forwarded address apart behind a trusted proxy", async () => {
    const deps: AppDeps = { ...app.deps, env: { ...app.deps.env, TRUSTED_PROXIES: "loopback" } };
    const get = client(deps, "127.0.0.1");
    const a1 = await get("/fx/latest", { "x-forwarded-for": "203.0.113.1" });
    const a2 = await get("/fx/latest", { "x-forwarded-for": "203.0.113.1" });
    const b1 = await get("/fx/latest", { "x-forwarded-for": "203.0.113.2" });
    expect([a1, a2, b1].map((r) => r.headers.get("x-ratelimit-remaining"))).toEqual(["119", "118", "119"]);
  });

  it("counts a forwarded value that is no address like any other, quotes and braces included", async () => {
    const deps: AppDeps = { ...app.deps, env: { ...app.deps.env, TRUSTED_PROXIES: "loopback" } };
    const get = client(deps, "127.0.0.1");
    const odd = 'not-an-ip"\\{}';
    const first = await get("/fx/latest", { "x-forwarded-for": odd });
    const second = await get("/fx/latest", { "x-forwarded-for": odd });
    expect([first.status, second.status]).toEqual([200, 200]);
    expect([first, second].map((r) => r.headers.get("x-ratelimit-remaining"))).toEqual(["119", "118"]);
  });

  it("does not count the website's own server-side calls", async () => {
    const caller = createCallerFactory(appRouter)(createContext({ deps: app.deps, requestId: randomUUID(), surface: "web" }));
    for (let i = 0; i < 125; i++) await caller.fx.convert({ from: "USD", to: "EUR", amount: "1" });
    const response = await client(app.deps, "unknown-peer")("/fx/latest");
    expect(response.status).toBe(200);
  });
});

describe("answers kept until the rates change (rest/memo.ts)", () => {
  it("answers a repeated request with the same body and validators, still counted, limited and revalidated", async () => {
    const get = client(app.deps, "198.51.100.90");
    const path = "/fx/convert?from=USD&to=INR&amount=12.5";
    const responses = [];
    for (let i = 0; i < 3; i++) responses.push(await get(path));
    const bodies = await Promise.all(responses.map((r) => r.text()));
    expect(new Set(bodies).size).toBe(1);
    expect(JSON.parse(bodies[0]!)).toMatchObject({ from: "USD", to: "INR", amount: 12.5 });
    for (const response of responses) {
      expect(response.status).toBe(200);
      expect(response.headers.get("etag")).toBe(responses[0]!.headers.get("etag"));
      expect(response.headers.get("cache-control")).toMatch(/^public, max-age=(3600|600)$/);
      expect(response.headers.get("cache-control")).toBe(responses[0]!.headers.get("cache-control"));
      expect(response.headers.get("access-control-allow-origin")).toBe("*");
      expect(response.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    }
    expect(responses.map((r) => r.headers.get("x-ratelimit-remaining"))).toEqual(["119", "118", "117"]);

    const revalidated = await get(path, { "if-none-match": responses[0]!.headers.get("etag")! });
    expect(revalidated.status).toBe(304);
    expect(await revalidated.text()).toBe("");
    expect(revalidated.headers.get("x-ratelimit-remaining")).toBe("116");

    // A kept answer is no way around the limit.
    await Promise.all(Array.from({ length: 116 }, () => get(path)));
    const over = await get(path);
    expect(over.status).toBe(429);
    expect((await over.json()).error.code).toBe("rate_limited");
    expect(over.headers.get("etag")).toBeNull();
  });

  it("keeps no error answers: a bad request is refused every time", async () => {
    const get = client(app.deps, "198.51.100.91");
    for (let i = 0; i < 2; i++) {
      const response = await get("/fx/convert?from=USD&to=INR&amount=abc");
      expect(response.status).toBe(400);
      expect((await response.json()).error.code).toBe("bad_request");
    }
  });
});
