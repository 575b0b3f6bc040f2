/**
 * The keyless endpoints outside /api/v1 that are counted per client address
 * in memory, with the anonymous limit's counter (rest/anonymous-limit.ts):
 * the OAuth token and revocation endpoints together (rateLimits.oauth; their
 * 429 in RFC 6749's format, as their other refusals) and the payment webhooks
 * (rateLimits.webhooks, generous: providers retry). Through the real REST
 * core with the socket's peer address and the injected clock.
 */
import { oauthPaths, rateLimits } from "@streamkit/api-contract";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createRestHandler } from "../../../src/app/rest-core";
import { rawRoutes } from "../../../src/app/raw-routes";
import { buildAuthConfig } from "../../../src/accounts/auth-config";
import { appRouter } from "../../../src/app/router";
import { BASE, createTestApp, type TestApp } from "../../support/app";
import { TestClock } from "../../support/clock";

let app: TestApp;
const clock = new TestClock();
let handler: ReturnType<typeof createRestHandler>;

beforeAll(async () => {
  app = await createTestApp({ now: clock.now });
  handler = createRestHandler(appRouter, app.deps, rawRoutes(buildAuthConfig(app.deps)));
});
afterAll(() => app.close());
beforeEach(() => clock.nextMinute());

const post = (peer: string, path: string, body: string, contentType: string) =>
  handler(new Request(`${BASE}${path}`, { method: "POST", headers: { "content-type": contentType }, body }), { remoteAddress: peer });

const tokenRequest = (peer: string, path: string = oauthPaths.token) =>
  post(peer, path, "grant_type=refresh_token&client_id=streamkit-desktop&refresh_token=skrt_unknown&token=skat_unknown", "application/x-www-form-urlencoded");

const delivery = (peer: string) => post(peer, "/api/webhooks/builtin", '{"id":"evt_unsigned"}', "application/json");

describe(`the token and revocation endpoints: ${rateLimits.oauth.limit} requests a minute per address together`, () => {
  const LIMIT = rateLimits.oauth.limit;

  it("answers past the limit 429 rate_limited in RFC 6749's format with Retry-After; another address is answered", async () => {
    const peer = "203.0.113.30";
    const answers = await Promise.all(Array.from({ length: LIMIT + 3 }, (_, i) => tokenRequest(peer, i % 2 === 0 ? oauthPaths.token : oauthPaths.revoke)));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 429)).toHaveLength(3);
    // Below the limit, the endpoints' own answers: an unknown refresh token, an unknown token revoked all the same.
    expect(new Set(statuses.filter((s) => s !== 429))).toEqual(new Set([400, 200]));
    for (const answer of answers.filter((r) => r.status === 429)) {
      expect(answer.headers.get("retry-after")).toBe("60");
      expect(answer.headers.get("cache-control")).toBe("no-store");
      expect(answer.headers.get("x-ratelimit-limit")).toBe(String(LIMIT));
      expect(answer.headers.get("x-ratelimit-remaining")).toBe("0");
      expect(answer.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
      expect(await answer.json()).toEqual({
        error: "rate_limited",
        error_description: "Too many token requests from this address; retry in 60 seconds.",
      });
    }

    clock.advance(45_000);
    const later = await tokenRequest(peer);
    expect(later.status).toBe(429);
    expect(later.headers.get("retry-after")).toBe("15");
    const neighbour = await tokenRequest("203.0.113.31");
    expect(neighbour.status).toBe(400);
    expect(await neighbour.json()).toMatchObject({ error: "invalid_grant" });

    clock.nextMinute();
    expect((await tokenRequest(peer)).status).toBe(400);
  });
});

describe(`the payment webhooks: ${rateLimits.webhooks.limit} deliveries a minute per address`, () => {
  const LIMIT = rateLimits.webhooks.limit;

  it("answers past the limit 429 rate_limited in the envelope with Retry-After, before reading the delivery; another address is answered", async () => {
    const peer = "198.51.100.40";
    const statuses: number[] = [];
    // In batches: the limit is large, and the deliveries are refused (unsigned) quickly.
    for (let sent = 0; sent < LIMIT; sent += 100) statuses.push(...(await Promise.all(Array.from({ length: 100 }, () => delivery(peer)))).map((r) => r.status));
    expect(statuses.filter((s) => s !== 400)).toEqual([]);

    const over = await delivery(peer);
    expect(over.status).toBe(429);
    expect(over.headers.get("retry-after")).toBe("60");
    expect(over.headers.get("x-ratelimit-limit")).toBe(String(LIMIT));
    expect(await over.json()).toEqual({
      error: { code: "rate_limited", message: "Too many webhook deliveries from this address; retry in 60 seconds." },
    });
    // A body over the limit is not read either: the count comes first.
    const large = await post(peer, "/api/webhooks/builtin", "x".repeat(2 * 1024 * 1024), "application/json");
    expect(large.status).toBe(429);

    const neighbour = await delivery("198.51.100.41");
    expect(neighbour.status).toBe(400);
    expect(neighbour.headers.get("x-ratelimit-remaining")).toBe(String(LIMIT - 1));
  });
});
