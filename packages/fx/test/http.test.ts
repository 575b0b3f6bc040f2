import { afterEach, describe, expect, it } from "vitest";
import { backoffDelay, FeedError, fetchText, parseRetryAfter, type HttpPolicy } from "../src/sources/http";
import { recordingSleep } from "./support/config";
import { deadOrigin, startServer, type ScriptedServer } from "./support/server";

const policy: HttpPolicy = {
  timeoutMs: 2_000,
  retries: 2,
  backoffMs: 100,
  maxBackoffMs: 1_000,
  maxRetryAfterMs: 5_000,
  userAgent: "fx-test",
};

let server: ScriptedServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function failure(promise: Promise<unknown>): Promise<FeedError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(FeedError);
  return error as FeedError;
}

describe("fetchText", () => {
  it("returns the body and sends our user agent", async () => {
    server = await startServer({ "/a": { body: "hello" } });
    const { sleep, delays } = recordingSleep();
    const got = await fetchText(`${server.origin}/a`, policy, { fetch, sleep });
    expect(got).toEqual({ body: "hello", attempts: 1 });
    expect(server.requests[0]?.headers["user-agent"]).toBe("fx-test");
    expect(delays).toEqual([]);
  });

  it("times out a server that never answers, retrying each time", async () => {
    server = await startServer({ "/slow": { hang: true } });
    const { sleep, delays } = recordingSleep();
    const error = await failure(fetchText(`${server.origin}/slow`, { ...policy, timeoutMs: 150, retries: 1 }, { fetch, sleep }));
    expect(error.kind).toBe("timeout");
    expect(error.details.attempts).toBe(2);
    expect(server.count("/slow")).toBe(2);
    expect(delays).toHaveLength(1);
  });

  it("times out a body that stalls after the headers", async () => {
    server = await startServer({ "/stall": { stallBody: '{"partial":' } });
    const error = await failure(fetchText(`${server.origin}/stall`, { ...policy, timeoutMs: 150, retries: 0 }, { fetch }));
    expect(error.kind).toBe("timeout");
  });

  it("retries a 5xx with backoff, then succeeds", async () => {
    server = await startServer({ "/flaky": [{ status: 503, body: "busy" }, { body: "ok" }] });
    const { sleep, delays } = recordingSleep();
    const got = await fetchText(`${server.origin}/flaky`, policy, { fetch, sleep, random: () => 0.5 });
    expect(got).toEqual({ body: "ok", attempts: 2 });
    expect(server.count("/flaky")).toBe(2);
    expect(delays).toEqual([75]); // first retry: ceiling 100, half fixed + 0.5 × half
  });

  it("gives up after the retries on a persistent 5xx", async () => {
    server = await startServer({ "/down": { status: 502 } });
    const { sleep, delays } = recordingSleep();
    const error = await failure(fetchText(`${server.origin}/down`, policy, { fetch, sleep, random: () => 0 }));
    expect(error.kind).toBe("http");
    expect(error.details).toMatchObject({ status: 502, attempts: 3 });
    expect(server.count("/down")).toBe(3);
    expect(delays).toEqual([50, 100]); // doubling ceilings 100, 200; random 0 → half of each
  });

  it("never retries a 4xx other than 429", async () => {
    server = await startServer({ "/gone": { status: 404 } });
    const { sleep, delays } = recordingSleep();
    const error = await failure(fetchText(`${server.origin}/gone`, policy, { fetch, sleep }));
    expect(error.details).toMatchObject({ status: 404, attempts: 1 });
    expect(server.count("/gone")).toBe(1);
    expect(delays).toEqual([]);
  });

  it("honours Retry-After on 429 instead of its own backoff", async () => {
    server = await startServer({
      "/limited": [{ status: 429, headers: { "retry-after": "2" } }, { body: "fine" }],
    });
    const { sleep, delays } = recordingSleep();
    const got = await fetchText(`${server.origin}/limited`, policy, { fetch, sleep });
    expect(got.body).toBe("fine");
    expect(delays).toEqual([2_000]);
  });

  it("does not wait for a Retry-After beyond maxRetryAfterMs, and reports it", async () => {
    server = await startServer({ "/later": { status: 429, headers: { "retry-after": "3600" } } });
    const { sleep, delays } = recordingSleep();
    const error = await failure(fetchText(`${server.origin}/later`, policy, { fetch, sleep }));
    expect(error.details).toMatchObject({ status: 429, attempts: 1, retryAfterMs: 3_600_000 });
    expect(delays).toEqual([]);
  });

  it("retries a refused connection as a network error", async () => {
    const origin = await deadOrigin();
    const { sleep, delays } = recordingSleep();
    const error = await failure(fetchText(`${origin}/x`, { ...policy, retries: 1 }, { fetch, sleep }));
    expect(error.kind).toBe("network");
    expect(error.details.attempts).toBe(2);
    expect(delays).toHaveLength(1);
  });

  it("stops at once when the caller aborts", async () => {
    server = await startServer({ "/slow": { hang: true } });
    const controller = new AbortController();
    const pending = fetchText(`${server.origin}/slow`, { ...policy, timeoutMs: 5_000 }, { fetch, signal: controller.signal });
    controller.abort(new Error("shutting down"));
    await expect(pending).rejects.toThrow("shutting down");
  });

  it("times out even a fetch that ignores the abort signal", async () => {
    const ignoring = () => new Promise<Response>(() => {});
    const error = await failure(fetchText("http://unused.invalid/", { ...policy, retries: 0, timeoutMs: 20 }, { fetch: ignoring }));
    expect(error.kind).toBe("timeout");
  });
});

describe("backoff and Retry-After parsing", () => {
  it("doubles up to the cap and keeps jitter within [half, full]", () => {
    expect(backoffDelay(1, policy, () => 0)).toBe(50);
    expect(backoffDelay(1, policy, () => 0.999)).toBeCloseTo(99.95);
    expect(backoffDelay(3, policy, () => 0)).toBe(200);
    expect(backoffDelay(10, policy, () => 0)).toBe(500); // capped at maxBackoffMs 1000
  });

  it("reads delta-seconds and HTTP dates", () => {
    const now = Date.parse("2025-01-10T12:00:00Z");
    expect(parseRetryAfter("120", now)).toBe(120_000);
    expect(parseRetryAfter("Fri, 10 Jan 2025 12:00:30 GMT", now)).toBe(30_000);
    expect(parseRetryAfter("Fri, 10 Jan 2025 11:00:00 GMT", now)).toBe(0);
    expect(parseRetryAfter("soon", now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });
});
