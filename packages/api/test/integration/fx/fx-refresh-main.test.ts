/**
 * npm run fx:refresh, as a real process on the current project's database
 * (a fresh PostgreSQL database, or an embedded PGlite folder), against the
 * recorded feeds on 127.0.0.1: one JSON line, the days stored, exit codes,
 * and the scheduled round's lease (one round per FX_REFRESH_MINUTES interval).
 * The first test takes this database's lease for the interval; later tests on
 * it pass --force, and the lease test has a database of its own.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { type DatabaseHandle, fxDays, openDatabase } from "@streamkit/db";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { createTestDatabase } from "../../support/database";
import { type FeedServer, startFeedServer } from "../../fixtures/fx/feeds";

// Each test runs the refresh command as a child process (the bundled program, then the database): a busy 2-core machine takes twice as long.
vi.setConfig({ testTimeout: 180_000 });

const runCli = fileURLToPath(new URL("../../../scripts/run-cli.mjs", import.meta.url));
const onPostgres = process.env.TEST_DB === "postgres";
let feeds: FeedServer;
let database: DatabaseHandle | undefined;
let target: Record<string, string>;
const extraDatabases: DatabaseHandle[] = [];

/** An empty database of the current engine for the command: its env (DATABASE_URL or DATA_DIR). */
async function emptyTarget(): Promise<{ env: Record<string, string>; handle?: DatabaseHandle }> {
  if (onPostgres) {
    const handle = await createTestDatabase();
    return { env: { DATABASE_URL: handle.url!, DATA_DIR: "" }, handle };
  }
  return { env: { DATABASE_URL: "", DATA_DIR: mkdtempSync(join(tmpdir(), "streamkit-fx-cli-")) } };
}

beforeAll(async () => {
  feeds = await startFeedServer();
  const first = await emptyTarget();
  database = first.handle;
  target = first.env;
});

afterAll(async () => {
  await database?.close();
  for (const extra of extraDatabases) await extra.close();
  await feeds.close();
});

async function refresh(args: string[] = [], env: Record<string, string> = {}) {
  try {
    const { stdout } = await promisify(execFile)(process.execPath, [runCli, "fx-refresh", ...args], {
      env: { ...process.env, LOG_LEVEL: "silent", FX_CONFIG: JSON.stringify(feeds.config()), ...target, ...env },
    });
    return { code: 0, stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string };
    return { code: failed.code, stdout: failed.stdout };
  }
}

async function storedDates(): Promise<string[]> {
  if (database) return (await database.db.select({ date: fxDays.date }).from(fxDays).orderBy(fxDays.date)).map((r) => r.date);
  const handle = await openDatabase({ dataDir: target.DATA_DIR });
  try {
    return (await handle.db.select({ date: fxDays.date }).from(fxDays).orderBy(fxDays.date)).map((r) => r.date);
  } finally {
    await handle.close();
  }
}

it("backfills an empty database, prints one JSON summary line and exits 0", async () => {
  const { code, stdout } = await refresh();
  expect(code).toBe(0);
  const lines = stdout.trim().split("\n");
  expect(lines).toHaveLength(1);
  const summary = JSON.parse(lines[0]!);
  expect(summary).toMatchObject({
    ok: true,
    mode: "history",
    database: onPostgres ? "postgres" : "pglite",
    stored: ["2025-01-07", "2025-01-08", "2025-01-09", "2025-01-10"],
    current: { date: "2025-01-10", stale: false, builtin: false, sources: ["ecb", "bank-of-canada", "norges-bank", "exchangerate-api", "currency-api"] },
    failures: [],
  });
  expect(await storedDates()).toEqual(["2025-01-07", "2025-01-08", "2025-01-09", "2025-01-10"]);
});

it("asks every source again by default, and only the due ones with --due", async () => {
  const forced = JSON.parse((await refresh(["--force"])).stdout);
  expect(forced).toMatchObject({ ok: true, mode: "latest", stored: ["2025-01-10"], notDue: [] });
  const due = JSON.parse((await refresh(["--due", "--force"])).stdout);
  expect(due).toMatchObject({ ok: true, stored: [], read: [] });
  expect(due.notDue).toHaveLength(5);
});

it("exits 1 with ok false when no feed can be read, and 2 on an unknown argument", async () => {
  feeds.mode = "error";
  try {
    const down = await refresh(["--force"], { FX_CONFIG: JSON.stringify(feeds.config({ retries: 0 })) });
    expect(down.code).toBe(1);
    expect(JSON.parse(down.stdout)).toMatchObject({ ok: false, stored: [], current: { date: "2025-01-10", stale: true } });
  } finally {
    feeds.mode = "ok";
  }
  const usage = await refresh(["--everything"]);
  expect(usage.code).toBe(2);
  expect(JSON.parse(usage.stdout)).toEqual({ ok: false, error: "Unknown argument --everything; use --history, --due and/or --force" });
});

it("takes the scheduled round's lease: a second run in the same interval is skipped (exit 0), --force runs anyway", async () => {
  const own = await emptyTarget();
  if (own.handle) extraDatabases.push(own.handle);
  const intervalMs = 60 * 60_000;
  const run = async (args: string[] = []) => {
    const { code, stdout } = await refresh(args, { ...own.env, FX_REFRESH_MINUTES: "60" });
    const lines = stdout.trim().split("\n");
    expect(lines).toHaveLength(1);
    return { code, summary: JSON.parse(lines[0]!) };
  };
  const interval = (summary: { at: string }) => Math.floor(Date.parse(summary.at) / intervalMs);

  const ran = await run();
  expect(ran.code).toBe(0);
  expect(ran.summary).toMatchObject({ ok: true, mode: "history", failures: [] });
  expect(ran.summary.skipped).toBeUndefined();
  let requestsBefore = feeds.requests.length;
  let again = await run();
  if (again.summary.skipped === undefined && interval(again.summary) !== interval(ran.summary)) {
    // The two runs straddled an interval boundary, so the second rightly took the new interval's lease: try once more in it.
    requestsBefore = feeds.requests.length;
    again = await run();
  }
  expect(feeds.requests.length).toBe(requestsBefore);
  expect(again.code).toBe(0);
  expect(again.summary).toMatchObject({
    ok: true,
    skipped: "lease",
    reason: expect.stringMatching(/lease.*--force/),
    database: onPostgres ? "postgres" : "pglite",
    stored: [],
    read: [],
    failures: [],
    current: { date: "2025-01-10", builtin: false },
  });

  const forced = await run(["--force"]);
  expect(forced.code).toBe(0);
  expect(forced.summary).toMatchObject({ ok: true, mode: "latest", stored: ["2025-01-10"] });
  expect(forced.summary.skipped).toBeUndefined();
  expect(forced.summary.read.length).toBeGreaterThan(0);
  expect(feeds.requests.length).toBeGreaterThan(requestsBefore);
});

it("refuses an invalid FX_CONFIG before touching the database", async () => {
  const bad = await refresh([], { FX_CONFIG: JSON.stringify({ sources: { nope: {} } }) });
  expect(bad.code).toBe(1);
  expect(JSON.parse(bad.stdout)).toMatchObject({ ok: false, error: expect.stringContaining("FX_CONFIG is invalid") });
});

// Only the embedded database has a single holder; PostgreSQL is shared by design.
if (!onPostgres) {
  it("refuses an embedded database held by a running server", async () => {
    writeFileSync(join(target.DATA_DIR!, "streamkit.pid"), String(process.pid));
    const held = await refresh();
    expect(held.code).toBe(1);
    expect(JSON.parse(held.stdout)).toMatchObject({ ok: false, error: expect.stringContaining("in use by process") });
  });
}
