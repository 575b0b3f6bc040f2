/**
 * The error contract of docs/api.md#errors as the /api/v1 wrapper enforces it. Write
 * endpoints arrive with later features; here a small router built with the
 * same procedure ladder exercises the wrapper's body handling, next to the
 * real router for paths and query errors.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { AppError } from "@streamkit/api-contract";
import { createRestHandler } from "../../../src/app/rest-core";
import { appRouter } from "../../../src/app/router";
import { createRouter, publicProcedure } from "../../../src/shared/trpc";
import { BASE, createTestApp, type TestApp } from "../../support/app";
import { capturedLog, endlessBody } from "../../support/streams";

const probeRouter = createRouter({
  plugins: appRouter._def.record.plugins as never,
  echo: publicProcedure
    .meta({ openapi: { method: "POST", path: "/echo" }, rest: { successStatus: 201 } })
    .input(z.object({ name: z.string().min(1), tags: z.array(z.string()).max(2).optional() }))
    .output(z.object({ hello: z.string() }))
    .mutation(({ input }) => ({ hello: input.name })),
  gone: publicProcedure
    .meta({ openapi: { method: "DELETE", path: "/things/{id}" }, rest: { successStatus: 204 } })
    .input(z.object({ id: z.string() }))
    .output(z.void())
    .mutation(() => undefined),
  boom: publicProcedure
    .meta({ openapi: { method: "GET", path: "/boom" } })
    .input(z.void())
    .output(z.object({ ok: z.boolean() }))
    .query(() => {
      throw new Error("database password is hunter2");
    }),
  teapot: publicProcedure
    .meta({ openapi: { method: "GET", path: "/conflict" } })
    .input(z.void())
    .output(z.object({ ok: z.boolean() }))
    .query(() => {
      throw new AppError("conflict", "Changed since rev 3.", { currentRev: 4 });
    }),
  tagged: publicProcedure
    .meta({ openapi: { method: "GET", path: "/tagged" } })
    .input(z.void())
    .output(z.object({ v: z.number() }))
    .query(({ ctx }) => {
      ctx.res.headers.ETag = '"v1"';
      return { v: 1 };
    }),
});

let app: TestApp;
const captured = capturedLog();
let call: (path: string, init?: RequestInit) => Promise<Response>;

beforeAll(async () => {
  app = await createTestApp({ log: captured.log });
  const handler = createRestHandler(probeRouter, app.deps);
  call = (path, init) => handler(new Request(`${BASE}/api/v1${path}`, init));
});

afterAll(() => app.close());

async function body(response: Response) {
  return JSON.parse(await response.text());
}

const json = (value: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method: "POST",
  headers: { "content-type": "application/json", ...headers },
  body: typeof value === "string" ? value : JSON.stringify(value),
});

describe("the /api/v1 error contract", () => {
  it("sends the declared success status and an X-Request-Id", async () => {
    const response = await call("/echo", json({ name: "Ada" }));
    expect(response.status).toBe(201);
    expect(response.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(await body(response)).toEqual({ hello: "Ada" });
  });

  it("answers 204 with no body at all", async () => {
    const response = await call("/things/abc", { method: "DELETE" });
    expect(response.status).toBe(204);
    expect(await response.text()).toBe("");
    expect(response.headers.get("content-type")).toBeNull();
  });

  it.each([
    ["GET", "/nope"],
    ["GET", "/plugins/a/b/c"],
    ["POST", "/plugins/x"],
    ["PATCH", "/echo"],
  ])("answers an unknown %s %s with 404 not_found", async (method, path) => {
    const response = await app.request(path, { method, headers: { "content-type": "application/json" }, body: method === "GET" ? undefined : "{}" });
    expect(response.status).toBe(404);
    expect(response.headers.get("x-request-id")).toBeTruthy();
    expect(await body(response)).toEqual({ error: { code: "not_found", message: `No such endpoint: ${method} /api/v1${path}` } });
  });

  it("answers malformed JSON with 400 bad_request", async () => {
    const response = await call("/echo", json('{"name": "Ada",'));
    expect(response.status).toBe(400);
    const { error } = await body(response);
    expect(error.code).toBe("bad_request");
    expect(error.message).toMatch(/not valid JSON/);
  });

  it("answers an empty body with 400 bad_request", async () => {
    const response = await call("/echo", json(""));
    expect(response.status).toBe(400);
    expect((await body(response)).error.code).toBe("bad_request");
  });

  it("answers a failed validation with 400 validation_error listing every problem", async () => {
    const response = await call("/echo", json({ name: "", tags: ["a", "b", "c"], extra: 1 }));
    expect(response.status).toBe(400);
    const { error } = await body(response);
    expect(error.code).toBe("validation_error");
    expect(error.details).toEqual(
      expect.arrayContaining([
        { path: "name", message: expect.any(String) },
        { path: "tags", message: expect.any(String) },
      ]),
    );
    expect(error.details.every((d: object) => Object.keys(d).sort().join() === "message,path")).toBe(true);
  });

  it.each([
    ["text/plain", 415],
    ["application/x-www-form-urlencoded", 415],
    ["application/json; charset=latin1", 415],
    ["Application/JSON; charset=UTF-8", 201],
  ])("checks Content-Type %s on writes", async (contentType, status) => {
    const response = await call("/echo", { method: "POST", headers: { "content-type": contentType }, body: '{"name":"Ada"}' });
    expect(response.status).toBe(status);
    if (status === 415) {
      expect(await body(response)).toEqual({
        error: { code: "unsupported_media_type", message: "Send the body as JSON with Content-Type: application/json." },
      });
    }
  });

  it("answers a write without Content-Type with 415", async () => {
    const response = await call("/echo", { method: "POST", body: new Blob(['{"name":"Ada"}']) });
    expect(response.status).toBe(415);
  });

  it("reads a write with no body at all as no fields: the input's own validation answers", async () => {
    const response = await call("/echo", { method: "POST" });
    expect(response.status).toBe(400);
    expect((await body(response)).error).toMatchObject({
      code: "validation_error",
      details: expect.arrayContaining([{ path: "name", message: expect.any(String) }]),
    });
  });

  it("refuses a body over the limit by its Content-Length with 413 payload_too_large", async () => {
    const big = JSON.stringify({ name: "x".repeat(2 * 1024 * 1024) });
    const response = await call("/echo", json(big));
    expect(response.status).toBe(413);
    const { error } = await body(response);
    expect(error).toEqual({ code: "payload_too_large", message: expect.stringContaining("2097152"), details: { limit: 2097152 } });
  });

  it("refuses a chunked body over the limit without buffering it whole", async () => {
    const counter = { sent: 0 };
    const stream = endlessBody(counter, { prefix: '{"name":"' });
    const response = await call("/echo", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: stream,
      duplex: "half",
    } as RequestInit);
    expect(response.status).toBe(413);
    expect((await body(response)).error.code).toBe("payload_too_large");
    expect(counter.sent).toBeLessThan(3 * 1024 * 1024);
  });

  it("hides internals of unexpected failures and logs them under the request id", async () => {
    const response = await call("/boom");
    expect(response.status).toBe(500);
    const requestId = response.headers.get("x-request-id")!;
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({
      error: { code: "internal_error", message: "Something went wrong on our side. Quote the request id when you report it." },
    });
    expect(text).not.toContain("hunter2");
    const logged = captured.lines().find((entry) => entry.requestId === requestId);
    expect(logged).toMatchObject({ level: 50, msg: "request failed" });
    expect(JSON.stringify(logged)).toContain("hunter2");
  });

  it("passes domain errors through with their status and details", async () => {
    const response = await call("/conflict");
    expect(response.status).toBe(409);
    expect(await body(response)).toEqual({ error: { code: "conflict", message: "Changed since rev 3.", details: { currentRev: 4 } } });
  });

  it("answers If-None-Match with 304 and no body, and a stale tag with 200", async () => {
    const fresh = await call("/tagged");
    expect(fresh.status).toBe(200);
    expect(fresh.headers.get("etag")).toBe('"v1"');
    const cached = await call("/tagged", { headers: { "if-none-match": 'W/"v0", W/"v1"' } });
    expect(cached.status).toBe(304);
    expect(await cached.text()).toBe("");
    expect(cached.headers.get("etag")).toBe('"v1"');
    expect(cached.headers.get("x-request-id")).toBeTruthy();
    const stale = await call("/tagged", { headers: { "if-none-match": '"v0"' } });
    expect(stale.status).toBe(200);
  });

  it("answers HEAD like GET without a body", async () => {
    const response = await app.request("/plugins", { method: "HEAD" });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("");
  });
});
