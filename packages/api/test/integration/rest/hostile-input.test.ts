/**
 * What an attacker without a key can make the server do with one request:
 * query parameters named after Object.prototype's members, bodies built to
 * cost parsing and validation time, bodies that never end — each answered in
 * the envelope, cheaply, and never with a 5xx.
 */
import { httpLimits } from "@streamkit/api-contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { collectRoutes } from "../../../src/rest/routes";
import { appRouter } from "../../../src/app/router";
import { createTestApp, type TestApp } from "../../support/app";
import { TestClock } from "../../support/clock";
import { bearer, insertAccount, insertKey, insertPlugin } from "../../support/factories";
import { endlessBody } from "../../support/streams";

let app: TestApp;
const clock = new TestClock();
let key: string;

beforeAll(async () => {
  app = await createTestApp({ now: clock.now });
  const owner = await insertAccount(app.deps.db, { plan: "pro" });
  key = (await insertKey(app.deps.db, owner.id)).key;
  await insertPlugin(app.deps.db, { slug: "hostile-probe", ownerId: owner.id });
});

afterAll(() => app.close());

const readOperations = collectRoutes(appRouter)
  .filter((route) => route.method === "GET" || route.method === "DELETE")
  .map((route) => [`${route.method} ${route.path}`, route.method, route.path.replace(/\{[^}]+\}/g, "hostile-probe")] as const);

describe("query parameters named after Object.prototype's members", () => {
  it.each(readOperations)("%s answers them as ordinary parameters, never 5xx", async (_name, method, path) => {
    for (const name of ["__proto__", "constructor", "toString", "hasOwnProperty"]) {
      clock.nextMinute();
      const response = await app.request(`${path}?${name}=x&${name}=y`, { method });
      expect(response.status, `${method} ${path}?${name}`).toBeLessThan(500);
      expect(response.headers.get("x-request-id")).toBeTruthy();
      if (response.status >= 400) expect((await response.json()).error.code).toEqual(expect.any(String));
    }
  });
});

describe("bodies built to cost time", () => {
  it("refuses a body of more values than the limit before validating it", async () => {
    clock.nextMinute();
    const body = `[${Array.from({ length: httpLimits.maxJsonValues + 1 }, () => "1").join(",")}]`;
    const response = await app.request("/plugins/hostile-probe/price", {
      method: "PUT",
      headers: { ...bearer(key), "content-type": "application/json" },
      body,
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: {
        code: "bad_request",
        message: `The JSON body holds more than ${httpLimits.maxJsonValues} values.`,
        details: { maxValues: httpLimits.maxJsonValues },
      },
    });
  });

  it("refuses nesting deeper than the limit", async () => {
    clock.nextMinute();
    const depth = httpLimits.maxJsonDepth + 1;
    const response = await app.request("/plugins/hostile-probe/price", {
      method: "PUT",
      headers: { ...bearer(key), "content-type": "application/json" },
      body: `${"[".repeat(depth)}${"]".repeat(depth)}`,
    });
    expect(response.status).toBe(400);
    expect((await response.json()).error).toEqual({
      code: "bad_request",
      message: `The JSON body is nested deeper than ${httpLimits.maxJsonDepth} levels.`,
      details: { maxDepth: httpLimits.maxJsonDepth },
    });
  });

  it("answers a validation error with a bounded list of bounded problems", async () => {
    clock.nextMinute();
    const body = JSON.stringify(Object.fromEntries(Array.from({ length: 20_000 }, (_, i) => [`unexpected_key_${i}`, i])));
    const response = await app.request("/plugins/hostile-probe/price", {
      method: "PUT",
      headers: { ...bearer(key), "content-type": "application/json" },
      body,
    });
    expect(response.status).toBe(400);
    const text = await response.text();
    expect(text.length).toBeLessThan(64 * 1024);
    const { error } = JSON.parse(text);
    expect(error.code).toBe("validation_error");
    expect(error.details.length).toBeLessThanOrEqual(100);
    for (const problem of error.details) expect(problem.message.length).toBeLessThanOrEqual(300);
  });

  it("refuses an anonymous write to a key-only operation before reading its body", async () => {
    const counter = { sent: 0 };
    const endless = endlessBody(counter, { chunk: new TextEncoder().encode("[1,".repeat(20_000)) });
    const response = await app.request("/plugins", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: endless,
      duplex: "half",
    } as RequestInit);
    expect(response.status).toBe(401);
    expect((await response.json()).error.code).toBe("unauthorized");
    expect(counter.sent).toBeLessThan(httpLimits.maxBodyBytes);
  });
});

describe("the NUL character, which PostgreSQL's text cannot hold", () => {
  const refused = { error: { code: "bad_request", message: "Text may not contain the NUL character (U+0000)." } };

  it.each([
    ["in a query parameter", "/plugins?q=%00"],
    ["in a parameter name", "/plugins?%00=1"],
    ["in a path segment", "/plugins/a%00b"],
  ])("is refused %s: 400 bad_request", async (_case, path) => {
    const response = await app.request(path);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual(refused);
  });

  it.each([
    ["a string", JSON.stringify({ tier: "t1\u0000" })],
    ["a key", JSON.stringify({ "tier\u0000": "t1" })],
  ])("is refused in %s of a JSON body: 400 bad_request", async (_case, body) => {
    clock.nextMinute();
    const response = await app.request("/plugins/hostile-probe/price", {
      method: "PUT",
      headers: { ...bearer(key), "content-type": "application/json" },
      body,
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual(refused);
  });

  it("is never a 500 on the website's endpoint either, where the database decides", async () => {
    const input = encodeURIComponent(JSON.stringify({ q: "chat\u0000" }));
    const response = await app.raw(`/api/trpc/plugins.list?input=${input}`);
    expect(response.status).toBe(400);
    expect((await response.json()).error.data.appError.code).toBe("bad_request");
  });
});
