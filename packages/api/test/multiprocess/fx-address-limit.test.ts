/**
 * The exchange-rate limit of 120 requests a minute per address is decided in
 * PostgreSQL: two server processes on one fresh database behind a trusted
 * proxy (loopback), 130 concurrent requests from one forwarded address spread
 * over both → exactly 120 answered, 10 refused with Retry-After, the limit
 * headers on all; another address is unaffected.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { DatabaseHandle } from "@streamkit/db";
import { fxDays } from "@streamkit/db";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDatabase } from "../support/database";
import { type ServerProcess, startServerProcess } from "../support/server-process";

let database: DatabaseHandle;
let servers: ServerProcess[];
const clockFile = join(mkdtempSync(join(tmpdir(), "streamkit-clock-")), "offset");

beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.insert(fxDays).values({
    date: "2026-03-13",
    rates: { USD: 1, EUR: 0.9, JPY: 150 },
    contributors: { USD: ["ecb"], EUR: ["ecb"], JPY: ["ecb"] },
    sources: ["ecb"],
    fetchedAt: new Date(),
  });
  // Both processes at the start of a minute, so the burst stays in one window.
  writeFileSync(clockFile, String(60_000 - (Date.now() % 60_000) + 1_000));
  servers = await Promise.all([0, 1].map(() => startServerProcess({ DATABASE_URL: database.url!, CLOCK_FILE: clockFile, TRUSTED_PROXIES: "loopback" })));
}, 120_000);

afterAll(async () => {
  await Promise.all(servers?.map((s) => s.stop()) ?? []);
  await database?.close();
});

it("admits exactly 120 requests a minute from one address across two processes", async () => {
  const from = (address: string) => ({ headers: { "x-forwarded-for": address } });
  const paths = ["/api/v1/fx/latest", "/api/v1/fx/convert?from=USD&to=JPY&amount=3", "/api/v1/rates"];
  const responses = await Promise.all(Array.from({ length: 130 }, (_, i) => fetch(`${servers[i % 2]!.url}${paths[i % paths.length]}`, from("203.0.113.7"))));
  const statuses = responses.map((r) => r.status);
  expect(statuses.filter((s) => s === 200)).toHaveLength(120);
  expect(statuses.filter((s) => s === 429)).toHaveLength(10);
  const resets = new Set<string | null>();
  for (const response of responses) {
    expect(response.headers.get("x-ratelimit-limit")).toBe("120");
    expect(response.headers.get("x-ratelimit-remaining")).toMatch(/^\d+$/);
    resets.add(response.headers.get("x-ratelimit-reset"));
    if (response.status === 429) {
      expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(await response.json()).toMatchObject({ error: { code: "rate_limited" } });
    } else {
      expect(await response.json()).toMatchObject({ date: "2026-03-13" });
    }
  }
  expect([...resets]).toHaveLength(1);
  expect([...resets][0]).toMatch(/^\d{10}$/);
  const remaining = responses.filter((r) => r.status === 200).map((r) => Number(r.headers.get("x-ratelimit-remaining")));
  expect(remaining.sort((a, b) => a - b)).toEqual(Array.from({ length: 120 }, (_, i) => i));

  for (const server of servers) {
    const other = await fetch(`${server.url}/api/v1/fx/latest`, from("203.0.113.8"));
    expect(other.status).toBe(200);
  }
  const counted = await fetch(`${servers[0]!.url}/api/v1/fx/latest`, from("203.0.113.8"));
  expect(counted.headers.get("x-ratelimit-remaining")).toBe("117");
  const again = await fetch(`${servers[1]!.url}/api/v1/fx/latest`, from("203.0.113.7"));
  expect(again.status).toBe(429);
});
