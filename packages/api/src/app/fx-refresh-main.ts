/**
 * npm run fx:refresh [-- --history] [-- --due] [-- --force]
 * One exchange-rate refresh round on the server's own database (DATABASE_URL,
 * or the embedded PGlite folder when no server holds it), then exactly one
 * JSON summary line on stdout; logs go to stderr.
 *
 * The round takes the same lease as the server's scheduled rounds (one round
 * per FX_REFRESH_MINUTES interval across every process and host, decided by
 * the database), so a cron-driven command, a second cron host and the servers'
 * schedulers make one round per interval between them. When another round
 * already took this interval's lease, nothing is fetched: the summary line says
 * `"skipped": "lease"` with a `reason`, and the exit code is 0.
 *
 * Exit 0 when a feed was read or the round was skipped, 1 when no feed could be
 * read (or the database could not be opened), 2 on an unknown argument.
 *   --history  read the sources' longer windows (ECB 90 days, Bank of Canada 90
 *              observations) and store every day they cover
 *   --due      only the sources whose schedule says they are due (default: all,
 *              as an operator asking by hand expects)
 *   --force    refresh even when another round holds this interval's lease (an
 *              operator who insists, e.g. to retry a round that found every feed
 *              down: that round still took the lease); a forced round does not
 *              take the lease
 */
import { mkdirSync } from "node:fs";
import { migrateDatabase, openDatabase } from "@streamkit/db";
import pino from "pino";
import { acquireDataDirLock } from "../shared/data-dir-lock";
import type { AppDeps } from "../shared/deps";
import { createDeps } from "./create-deps";
import { loadEnv } from "../shared/env";
import { fxConfigFromEnv, installFx } from "../fx";

async function main(): Promise<number> {
  const argv = process.argv.slice(2);
  const unknown = argv.filter((a) => a !== "--history" && a !== "--due" && a !== "--force");
  if (unknown.length > 0) {
    process.stdout.write(`${JSON.stringify({ ok: false, error: `Unknown argument ${unknown[0]}; use --history, --due and/or --force` })}\n`);
    return 2;
  }
  const env = loadEnv();
  const config = fxConfigFromEnv(env);
  let release = () => {};
  if (!env.DATABASE_URL) {
    mkdirSync(env.dataDir, { recursive: true });
    release = acquireDataDirLock(env.dataDir);
  }
  const database = await openDatabase(env.DATABASE_URL ? { url: env.DATABASE_URL, maxConnections: 2 } : { dataDir: env.dataDir });
  try {
    await migrateDatabase(database, env.MIGRATIONS_DIR);
    const deps: AppDeps = await createDeps({
      db: database.db,
      env,
      log: pino({ level: env.LOG_LEVEL }, pino.destination(2)),
      now: () => new Date(),
      tool: true,
    });
    const fx = installFx(deps, { config });
    await fx.load();
    const summary = await fx.refresh({
      force: !argv.includes("--due"),
      lease: !argv.includes("--force"),
      ...(argv.includes("--history") ? { mode: "history" as const } : {}),
    });
    if (summary.skipped === "lease") {
      // Not a failure: this interval's round has been made (or is being made) by another process.
      const reason = `Another refresh round already holds the lease of this ${env.FX_REFRESH_MINUTES}-minute interval (FX_REFRESH_MINUTES); nothing was fetched. Use --force to refresh anyway.`;
      process.stdout.write(`${JSON.stringify({ ...summary, reason, database: database.kind })}\n`);
      return 0;
    }
    process.stdout.write(`${JSON.stringify({ ...summary, database: database.kind })}\n`);
    return summary.ok ? 0 : 1;
  } finally {
    await database.close();
    release();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stdout.write(`${JSON.stringify({ ok: false, error: error instanceof Error ? error.message : String(error) })}\n`);
    process.exit(1);
  },
);
