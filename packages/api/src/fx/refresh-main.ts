/**
 * npm run fx:refresh [-- --history] [-- --due]
 * One exchange-rate refresh round on the server's own database (DATABASE_URL,
 * or the embedded PGlite folder when no server holds it), then exactly one
 * JSON summary line on stdout; logs go to stderr. Exit 0 when a feed was read,
 * 1 when none could be (or the database could not be opened).
 *   --history  read the sources' longer windows (ECB 90 days, Bank of Canada 90
 *              observations) and store every day they cover
 *   --due      only the sources whose schedule says they are due (default: all,
 *              as an operator asking by hand expects)
 */
import { mkdirSync } from "node:fs";
import { migrateDatabase, openDatabase } from "@streamkit/db";
import pino from "pino";
import { acquireDataDirLock } from "../data-dir-lock";
import { type AppDeps, createDeps } from "../deps";
import { loadEnv } from "../env";
import { installFx } from "./service";
import { fxConfigFromEnv } from "./config";

async function main(): Promise<number> {
  const argv = process.argv.slice(2);
  const unknown = argv.filter((a) => a !== "--history" && a !== "--due");
  if (unknown.length > 0) {
    process.stdout.write(`${JSON.stringify({ ok: false, error: `Unknown argument ${unknown[0]}; use --history and/or --due` })}\n`);
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
    const deps: AppDeps = await createDeps({ db: database.db, env, log: pino({ level: env.LOG_LEVEL }, pino.destination(2)), now: () => new Date() });
    const fx = installFx(deps, { config });
    await fx.load();
    const summary = await fx.refresh({ force: !argv.includes("--due"), ...(argv.includes("--history") ? { mode: "history" as const } : {}) });
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
