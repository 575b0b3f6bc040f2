/**
 * npm run -s admin -- <command>
 * Prints exactly one JSON object on stdout and exits 0, or a JSON error on
 * stderr and exits 1 (2 for a usage mistake); --help prints the usage as plain
 * text (stdout, exit 0), as does no command at all (stderr, exit 2). Works on PostgreSQL
 * (DATABASE_URL) and on the embedded database — through the running server's
 * admin channel when a server holds it.
 */
import pino from "pino";
import { migrateDatabase, openDatabase } from "@streamkit/db";
import { mkdirSync } from "node:fs";
import { resolve } from "node:path";
import { acquireDataDirLock, lockHolder } from "../shared/data-dir-lock";
import { createDeps } from "./create-deps";
import { loadEnv } from "../shared/env";
import { createLogger } from "../shared/logger";
import { type ChannelAnswer, describe, runAdminCommand, sendToAdminChannel, usageText } from "../admin";

/** The cause of an unexpected failure, as one JSON log line on stderr before the error line. */
function logToStderr(incident: string, error: unknown): void {
  createLogger("error", pino.destination({ fd: 2, sync: true })).error({ incident, err: error }, "admin command failed");
}

async function runLocally(argv: string[]): Promise<ChannelAnswer> {
  const env = loadEnv();
  let release = () => {};
  if (!env.DATABASE_URL) {
    mkdirSync(env.dataDir, { recursive: true });
    release = acquireDataDirLock(env.dataDir);
  }
  const database = await openDatabase(env.DATABASE_URL ? { url: env.DATABASE_URL, maxConnections: 2 } : { dataDir: env.dataDir });
  try {
    await migrateDatabase(database, env.MIGRATIONS_DIR);
    const deps = await createDeps({
      db: database.db,
      signals: database,
      env,
      log: createLogger(env.LOG_LEVEL, pino.destination(2)),
      now: () => new Date(),
      tool: true,
    });
    return { ok: true, result: await runAdminCommand(deps, argv) };
  } catch (error) {
    return { ok: false, error: describe(error, logToStderr) };
  } finally {
    await database.close();
    release();
  }
}

async function main(): Promise<number> {
  // A file named on the command line (sound add --file) is read by whichever process runs the command: give it an absolute path.
  const argv = process.argv
    .slice(2)
    .map((arg, index, all) => (all[index - 1] === "--file" ? resolve(arg) : arg.startsWith("--file=") ? `--file=${resolve(arg.slice(7))}` : arg));
  // Usage is for people: plain text, on stdout when asked for, on stderr (exit 2) when no command was given.
  if (argv[0] === "--help" || argv[0] === "-h" || argv[0] === "help") {
    process.stdout.write(`${usageText()}\n`);
    return 0;
  }
  if (argv.length === 0) {
    process.stderr.write(`${usageText()}\n`);
    return 2;
  }
  const env = loadEnv();
  const answer = !env.DATABASE_URL && lockHolder(env.dataDir) ? await sendToAdminChannel(env.dataDir, argv) : await runLocally(argv);
  if (answer.ok) {
    process.stdout.write(`${JSON.stringify(answer.result)}\n`);
    return 0;
  }
  process.stderr.write(`${JSON.stringify({ error: answer.error })}\n`);
  return answer.error.code === "bad_request" ? 2 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${JSON.stringify({ error: describe(error, logToStderr) })}\n`);
    process.exit(1);
  },
);
