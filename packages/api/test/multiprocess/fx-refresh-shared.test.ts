/**
 * Exchange rates shared by server processes on one PostgreSQL database: the
 * scheduled refresh runs once per interval however many processes start (the
 * lease), and a day stored by one process — or by `npm run fx:refresh` — is
 * served by the others after their next sync.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import type { DatabaseHandle } from "@streamkit/db";
import { BUILTIN_RATES_DATE } from "@streamkit/fx";
import { afterAll, afterEach, beforeAll, expect, it } from "vitest";
import { createTestDatabase } from "../support/database";
import { type ServerProcess, startServerProcess } from "../support/server-process";
import { type FeedServer, startFeedServer } from "../fixtures/fx/feeds";

let feeds: FeedServer;
let database: DatabaseHandle | undefined;
let servers: ServerProcess[] = [];
const clockFile = join(mkdtempSync(join(tmpdir(), "streamkit-clock-")), "offset");

beforeAll(async () => {
  feeds = await startFeedServer();
});
afterEach(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  servers = [];
  await database?.close();
  database = undefined;
});
afterAll(() => feeds.close());

const latest = async (server: ServerProcess) => (await fetch(`${server.url}/api/v1/fx/latest?symbols=EUR`)).json();
const feedRequests = () => feeds.requests.filter((path) => path !== "/health");

it("two processes with the scheduler on make one round between them, and both serve its day", async () => {
  database = await createTestDatabase();
  writeFileSync(clockFile, "0");
  const asked = feedRequests().length;
  const env = { DATABASE_URL: database.url!, NODE_ENV: "production", FX_REFRESH: "auto", FX_CONFIG: JSON.stringify(feeds.config()), CLOCK_FILE: clockFile };
  servers = await Promise.all([0, 1].map(() => startServerProcess(env)));

  // The process that won the lease serves the new day at once.
  await expect.poll(async () => (await Promise.all(servers.map(latest))).some((body) => body.date === "2025-01-10"), { timeout: 20_000 }).toBe(true);
  // The other one once its sync interval has passed.
  writeFileSync(clockFile, String(61_000));
  for (const server of servers) {
    await expect.poll(async () => (await latest(server)).date, { timeout: 20_000 }).toBe("2025-01-10");
  }
  const bodies = await Promise.all(servers.map(latest));
  for (const body of bodies) expect(body).toMatchObject({ stale: false, provider: { attribution: "Rates By Exchange Rate API" } });
  // One backfill round: each of the five sources asked once.
  expect(feedRequests().slice(asked).sort()).toEqual([
    "/boc/observations/group/FX_RATES_DAILY/json?recent=90",
    "/currency-api/currencies/usd.json",
    "/ecb/eurofxref-hist-90d.xml",
    "/erapi/latest/USD",
    "/norges/data/EXR/B..NOK.SP?format=csv&lastNObservations=90&locale=en",
  ]);
}, 60_000);

it("npm run fx:refresh on the shared database reaches a running server at its next sync", async () => {
  database = await createTestDatabase();
  writeFileSync(clockFile, "0");
  servers = [await startServerProcess({ DATABASE_URL: database.url!, CLOCK_FILE: clockFile })];
  expect((await latest(servers[0]!)).date).toBe(BUILTIN_RATES_DATE);

  const runCli = fileURLToPath(new URL("../../scripts/run-cli.mjs", import.meta.url));
  const { stdout } = await promisify(execFile)(process.execPath, [runCli, "fx-refresh"], {
    env: { ...process.env, LOG_LEVEL: "silent", DATABASE_URL: database.url!, FX_CONFIG: JSON.stringify(feeds.config()) },
  });
  expect(JSON.parse(stdout)).toMatchObject({ ok: true, database: "postgres", current: { date: "2025-01-10" } });

  // Within its sync interval the server keeps what it holds; after it, it reads the newer day.
  expect((await latest(servers[0]!)).date).toBe(BUILTIN_RATES_DATE);
  writeFileSync(clockFile, String(61_000));
  await expect.poll(async () => (await latest(servers[0]!)).date, { timeout: 20_000 }).toBe("2025-01-10");
  expect(await latest(servers[0]!)).toMatchObject({ stale: false, fetchedAt: expect.any(String) });
}, 60_000);
