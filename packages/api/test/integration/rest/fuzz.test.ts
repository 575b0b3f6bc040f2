/**
 * Hostile requests across every operation of the OpenAPI document: a few
 * thousand, generated from a fixed seed (so a failure replays), through the
 * real REST core. Whatever arrives — hostile path segments, parameter names
 * and values, credentials, content types and bodies — the answer is never a
 * 5xx, every answer carries an X-Request-Id, every error is the envelope of
 * docs/api.md#errors with a known code, and no body shows a stack trace or SQL.
 */
import { errorCodes } from "@streamkit/api-contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRestHandler } from "../../../src/app/rest-core";
import { appRouter } from "../../../src/app/router";
import { BASE, createTestApp, type TestApp } from "../../support/app";
import { TestClock } from "../../support/clock";
import { insertAccount, insertKey, insertPlugin } from "../../support/factories";

const SEED = 20261123;
const REQUESTS = 3000;

/** mulberry32: a small, fast, seeded generator. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  return { next, pick, int: (max: number) => Math.floor(next() * max) };
}

const hostileStrings = [
  "",
  " ",
  "x".repeat(5000),
  "-1",
  "0",
  "1e309",
  "NaN",
  "9007199254740993",
  "' OR 1=1 --",
  '"; DROP TABLE accounts; --',
  "<script>alert(1)</script>",
  "../../etc/passwd",
  "%00",
  "\u0000",
  "\uFFFF\uD800",
  "😀".repeat(50),
  "null",
  "undefined",
  "true",
  "[]",
  "{}",
  "__proto__",
  "constructor",
  "chat-commands",
  "USD",
  "2026-11-23",
  "skit_",
];
const hostileNames = [
  "__proto__",
  "constructor",
  "toString",
  "hasOwnProperty",
  "valueOf",
  "q",
  "limit",
  "cursor",
  "base",
  "symbols",
  "from",
  "to",
  "amount",
  "days",
  "x".repeat(300),
];

function hostileJson(random: ReturnType<typeof generator>, depth = 0): unknown {
  switch (random.int(depth > 3 ? 5 : 9)) {
    case 0:
      return random.pick(hostileStrings);
    case 1:
      return random.pick([0, -1, 1.5, 1e300, -1e300, Number.MAX_SAFE_INTEGER, 2 ** 64]);
    case 2:
      return random.pick([true, false, null]);
    case 3:
      return "y".repeat(random.int(70_000));
    case 4:
      return {};
    case 5:
      return Array.from({ length: random.int(6) }, () => hostileJson(random, depth + 1));
    case 6:
      return Object.fromEntries(Array.from({ length: random.int(6) }, () => [random.pick(hostileNames), hostileJson(random, depth + 1)]));
    case 7:
      return {
        files: Array.from({ length: random.int(4) }, () => ({ path: random.pick(hostileStrings), content: hostileJson(random, depth + 1) })),
        changelog: hostileJson(random, depth + 1),
      };
    default:
      return {
        tier: random.pick(["t1", "t9", null, 1, "", "t1".repeat(1000)]),
        name: random.pick(hostileStrings),
        scopes: [random.pick(hostileStrings)],
        slug: random.pick(hostileStrings),
      };
  }
}

function hostileBody(random: ReturnType<typeof generator>): string | undefined {
  switch (random.int(8)) {
    case 0:
      return undefined;
    case 1:
      return "{";
    case 2:
      return "\xff\xfe garbage";
    case 3:
      return "[".repeat(5000) + "]".repeat(5000);
    case 4:
      return `[${Array.from({ length: 60_000 }, () => "1").join(",")}]`;
    case 5:
      return JSON.stringify(Object.fromEntries(Array.from({ length: 2000 }, (_, i) => [`k${i}`, i])));
    default:
      return JSON.stringify(hostileJson(random));
  }
}

/** Lone surrogates replaced, so encodeURIComponent can encode the rest (malformed escapes are sent on purpose elsewhere). */
const wellFormed = (text: string) => text.replace(/(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])/g, "\uFFFD");

let app: TestApp;
const clock = new TestClock();
let keys: string[];
let operations: { method: string; path: string; parameters: string[] }[];

beforeAll(async () => {
  app = await createTestApp({ now: clock.now });
  const db = app.deps.db;
  keys = [];
  for (const plan of ["free", "pro", "ultimate", "pro", "ultimate", "free"] as const) {
    const account = await insertAccount(db, { plan, suspended: keys.length === 5 });
    keys.push((await insertKey(db, account.id)).key);
  }
  const owner = await insertAccount(db, { plan: "pro" });
  await insertPlugin(db, { slug: "chat-commands", ownerId: owner.id, priceTier: "t2" });
  const { paths } = (await (await app.request("/openapi.json")).json()) as { paths: Record<string, Record<string, { parameters?: { name: string }[] }>> };
  operations = Object.entries(paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ method: method.toUpperCase(), path, parameters: (operation.parameters ?? []).map((p) => p.name) })),
  );
});

afterAll(() => app.close());

describe(`${REQUESTS} hostile requests across every operation (seed ${SEED})`, () => {
  it("never answer 5xx; always an X-Request-Id; errors in the envelope; no stack trace or SQL in any body", async () => {
    const random = generator(SEED);
    const handler = createRestHandler(appRouter, app.deps);
    const seen = new Set<string>();
    const failures: string[] = [];
    for (let sent = 0; sent < REQUESTS; sent += 50) {
      // Fresh rate-limit windows now and then, so the limits do not answer everything.
      clock.nextMinute();
      const batch = Array.from({ length: 50 }, () => {
        const operation = random.pick(operations);
        seen.add(`${operation.method} ${operation.path}`);
        const segment = () =>
          random.next() < 0.1
            ? random.pick(["%E0%A4%A", "%", "%zz", "..", "%2F..%2F"])
            : encodeURIComponent(wellFormed(random.pick(hostileStrings))).slice(0, 3000);
        const path = operation.path.replace(/\{[^}]+\}/g, segment);
        const query = new URLSearchParams();
        for (let i = random.int(4); i > 0; i--)
          query.append(
            random.next() < 0.6 ? random.pick(operation.parameters.length ? operation.parameters : hostileNames) : random.pick(hostileNames),
            random.pick(hostileStrings),
          );
        const headers: Record<string, string> = {};
        const credential = random.int(6);
        if (credential === 1) headers.authorization = `Bearer ${random.pick(keys)}`;
        if (credential === 2)
          headers.authorization = random.pick([
            "Bearer",
            "Bearer skit_x",
            "Basic Zm9vOmJhcg==",
            `Bearer ${"a".repeat(3000)}`,
            "bearer  skit_0000000000000000000000000000000000000000",
          ]);
        if (random.next() < 0.2) headers["if-none-match"] = random.pick(['"x"', "*", "W/", '"fx-2026-11-23-x", garbage']);
        const method = random.next() < 0.05 ? random.pick(["PATCH", "PUT", "OPTIONS", "HEAD", "DELETE"]) : operation.method;
        const write = method === "POST" || method === "PUT" || method === "PATCH";
        const body = write ? hostileBody(random) : undefined;
        if (write)
          headers["content-type"] = random.pick([
            "application/json",
            "application/json",
            "text/plain",
            "application/json; charset=latin1",
            "multipart/form-data",
          ]);
        const search = query.toString();
        const url = `${BASE}/api/v1${path}${search ? `?${search}` : ""}`;
        const peer = `198.51.${random.int(250)}.${random.int(250)}`;
        return handler(new Request(url, { method, headers, body }), { remoteAddress: peer }).then(async (response) => {
          const text = await response.text();
          const where = `${method} ${url.slice(0, 200)} → ${response.status}`;
          if (response.status >= 500) failures.push(`${where}: ${text.slice(0, 300)}`);
          if (!response.headers.get("x-request-id")) failures.push(`${where}: no X-Request-Id`);
          if (response.status >= 400 && method !== "HEAD") {
            let envelope: { error?: { code?: string; message?: unknown } } | undefined;
            try {
              envelope = JSON.parse(text);
            } catch {
              failures.push(`${where}: not JSON: ${text.slice(0, 200)}`);
            }
            if (envelope && (!errorCodes.includes(envelope.error?.code as never) || typeof envelope.error?.message !== "string")) {
              failures.push(`${where}: not the envelope: ${text.slice(0, 200)}`);
            }
            if (/\n\s+at |node_modules|\bselect\b.*\bfrom\b|\binsert into\b|postgres|pglite|drizzle/i.test(text))
              failures.push(`${where}: internals: ${text.slice(0, 300)}`);
          }
        });
      });
      await Promise.all(batch);
    }
    expect(failures.slice(0, 20)).toEqual([]);
    expect([...seen].sort()).toEqual(operations.map((o) => `${o.method} ${o.path}`).sort());
  }, 240_000);
});
