/**
 * Raw routes (payment webhooks, Auth.js) run inside the REST core: the same
 * request id, error envelope and logging as /api/v1, bodies refused as soon as
 * they pass the route's limit, and nothing outside the table answered.
 */
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRestHandler } from "../../../src/app/rest-core";
import type { RawRoute } from "../../../src/rest/raw";
import { appRouter } from "../../../src/app/router";
import { BASE, createTestApp, type TestApp } from "../../support/app";
import { bearer, insertAccount, insertKey } from "../../support/factories";
import { capturedLog, endlessBody } from "../../support/streams";
import { MAX_WEBHOOK_BYTES } from "../../../src/billing/webhook-route";

let app: TestApp;
const captured = capturedLog();

beforeAll(async () => {
  app = await createTestApp({ log: captured.log });
});

afterAll(() => app.close());

async function read(response: Response) {
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined };
}

describe("POST /api/webhooks/{provider}", () => {
  it("answers a forged delivery with 400 bad_request in the envelope, with a request id, and logs it as a JSON line", async () => {
    const signed = app.deps.payments.builtin!.paymentEvent({ id: "00000000-0000-0000-0000-000000000000", amount: 100, currency: "USD" }, app.deps.now());
    const response = await app.raw("/api/webhooks/builtin", {
      method: "POST",
      headers: { ...signed.headers, "streamkit-signature": "t=1,v1=00" },
      body: signed.rawBody,
    });
    const { status, body, headers } = await read(response);
    expect(status).toBe(400);
    expect(body).toEqual({ error: { code: "bad_request", message: expect.any(String) } });
    const requestId = headers.get("x-request-id");
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    const logged = captured.lines().find((entry) => entry.requestId === requestId);
    expect(logged).toMatchObject({ level: 40, msg: "webhook refused", provider: "builtin" });
  });

  it("answers an unknown provider with 404 not_found in the envelope", async () => {
    const { status, body, headers } = await read(await app.raw("/api/webhooks/paypal", { method: "POST", body: "{}" }));
    expect(status).toBe(404);
    expect(body).toEqual({ error: { code: "not_found", message: 'No payment provider "paypal" here.' } });
    expect(headers.get("x-request-id")).toBeTruthy();
  });

  it("answers another method with 404 not_found in the envelope", async () => {
    const { status, body } = await read(await app.raw("/api/webhooks/builtin"));
    expect(status).toBe(404);
    expect(body.error.code).toBe("not_found");
  });

  it("refuses a body declared over 1 MiB at once with 413 payload_too_large", async () => {
    const { status, body, headers } = await read(
      await app.raw("/api/webhooks/builtin", {
        method: "POST",
        headers: { "content-length": String(MAX_WEBHOOK_BYTES + 1) },
        body: "x".repeat(MAX_WEBHOOK_BYTES + 1),
      }),
    );
    expect(status).toBe(413);
    expect(body).toEqual({
      error: {
        code: "payload_too_large",
        message: `The request body is larger than the limit of ${MAX_WEBHOOK_BYTES} bytes.`,
        details: { limit: MAX_WEBHOOK_BYTES },
      },
    });
    expect(headers.get("x-request-id")).toBeTruthy();
  });

  it("refuses a streamed body as soon as it passes 1 MiB, without reading the rest", async () => {
    const counter = { sent: 0 };
    const response = await app.raw("/api/webhooks/builtin", { method: "POST", body: endlessBody(counter), duplex: "half" } as RequestInit);
    expect(response.status).toBe(413);
    expect(counter.sent).toBeLessThan(MAX_WEBHOOK_BYTES + 512 * 1024);
  });
});

describe("/api/auth (Auth.js)", () => {
  it("answers through the core, with a request id", async () => {
    const response = await app.raw("/api/auth/providers");
    expect(response.status).toBe(200);
    expect(response.headers.get("x-request-id")).toBeTruthy();
    expect(Object.keys(await response.json())).toContain("credentials");
  });

  it("refuses a form post past 64 KiB while it streams", async () => {
    const counter = { sent: 0 };
    const response = await app.raw("/api/auth/callback/credentials", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: endlessBody(counter),
      duplex: "half",
    } as RequestInit);
    const { status, body } = await read(response);
    expect(status).toBe(413);
    expect(body.error.code).toBe("payload_too_large");
    expect(counter.sent).toBeLessThan(1024 * 1024);
  });
});

describe("paths outside the table", () => {
  it("answers with 404 not_found in the envelope", async () => {
    const { status, body, headers } = await read(await app.raw("/api/nothing-here"));
    expect(status).toBe(404);
    expect(body.error.code).toBe("not_found");
    expect(headers.get("x-request-id")).toBeTruthy();
  });
});

describe("a raw route of its own (as audio and the updater will be)", () => {
  const produced = { bytes: 0 };
  const CHUNK = 64 * 1024;
  const TOTAL = 256 * 1024 * 1024;
  const probes: RawRoute[] = [
    {
      methods: ["GET"],
      path: "/api/v1/probe/{id}/stream",
      auth: "key",
      async handle(input) {
        let left = TOTAL;
        const body = new Readable({
          read() {
            if (left <= 0) return void this.push(null);
            left -= CHUNK;
            produced.bytes += CHUNK;
            this.push(Buffer.alloc(CHUNK, input.params.id!));
          },
        });
        return { status: 200, headers: { "content-type": "application/octet-stream", "content-length": String(TOTAL) }, body };
      },
    },
  ];
  let call: (path: string, init?: RequestInit) => Promise<Response>;
  let key: string;

  beforeAll(async () => {
    const handler = createRestHandler(appRouter, app.deps, probes);
    call = (path, init) => handler(new Request(`${BASE}${path}`, init));
    const owner = await insertAccount(app.deps.db, { plan: "pro" });
    key = (await insertKey(app.deps.db, owner.id)).key;
  });

  it("streams its answer without producing it whole first, with the request id and the account's limit headers", async () => {
    const response = await call("/api/v1/probe/a/stream", { headers: bearer(key) });
    expect(response.status).toBe(200);
    expect(response.headers.get("x-request-id")).toBeTruthy();
    expect(response.headers.get("x-ratelimit-limit")).toBe("10");
    const reader = response.body!.getReader();
    const first = await reader.read();
    expect(first.value![0]).toBe("a".charCodeAt(0));
    await reader.cancel();
    expect(produced.bytes).toBeLessThan(TOTAL / 16);
  });

  it("refuses an anonymous caller with 401 unauthorized in the envelope, before running the route", async () => {
    produced.bytes = 0;
    const response = await call("/api/v1/probe/a/stream");
    expect(response.status).toBe(401);
    expect(response.headers.get("www-authenticate")).toBe('Bearer realm="streamkit"');
    expect(await response.json()).toEqual({ error: { code: "unauthorized", message: "Send an API key as Authorization: Bearer <API_KEY>." } });
    expect(produced.bytes).toBe(0);
  });

  it("refuses an unknown credential with 401 invalid_token", async () => {
    const response = await call("/api/v1/probe/a/stream", { headers: { authorization: "Bearer skat_not-a-token-kind-we-know" } });
    expect(response.status).toBe(401);
    expect((await response.json()).error.code).toBe("invalid_token");
  });

  it("leaves the JSON operations of /api/v1 beside it alone", async () => {
    expect((await call("/api/v1/plugins?limit=1")).status).toBe(200);
  });
});
