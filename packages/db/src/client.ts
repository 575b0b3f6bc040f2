import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import { sql } from "drizzle-orm";
import postgres from "postgres";
import { ConnectionSlots, createPoolGate, gatePool, survivePostgresNullSocketWrite } from "./pool-gate";
import * as schema from "./schema";

export type Schema = typeof schema;
/** The one database type every query is written against: PGlite and postgres.js alike. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
/** Either the database or a transaction on it: services that may run inside a caller's transaction take this. */
export type Queryable = Db | Tx;

/**
 * LISTEN/NOTIFY on the database, one interface for both drivers: a message
 * sent by any process on this database reaches every process listening to
 * its channel. Channel names are lower-case identifiers; payloads stay small
 * (PostgreSQL caps them under 8000 bytes). Delivery is at most once: a
 * listener that was disconnected learns it through `onReady`, called each
 * time listening (re)starts, and reads afresh what it may have missed.
 */
export interface DatabaseSignals {
  /** NOTIFY `channel` with `payload` (pg_notify, through the pool, so inside its deadlines). */
  notify(channel: string, payload: string): Promise<void>;
  /** LISTEN on `channel`: PostgreSQL holds one connection per handle for all its channels; resolves with the unlisten function once listening. */
  listen(channel: string, onMessage: (payload: string) => void, onReady?: () => void): Promise<() => Promise<void>>;
}

/** NOTIFY through a query: the same statement on PGlite and PostgreSQL. */
export async function notifyThrough(db: Queryable, channel: string, payload: string): Promise<void> {
  await db.execute(sql`select pg_notify(${channel}, ${payload})`);
}

export interface DatabaseHandle extends DatabaseSignals {
  db: Db;
  kind: "pglite" | "postgres";
  /** The embedded engine, when this handle owns one. */
  pglite?: PGlite;
  /** A small postgres.js pool of its own, outside the gate and the deadline (tests hold locks with it), and the URL, when on PostgreSQL. */
  sql?: postgres.Sql;
  url?: string;
  /** False after a query found the database unavailable (down, unreachable, timed out), until one succeeds; PGlite: always true. */
  available(): boolean;
  /** Closes the database; on PostgreSQL queries still running get `timeoutSeconds` (default 5) before their connections are ended. */
  close(timeoutSeconds?: number): Promise<void>;
}

/**
 * How long PostgreSQL may keep a caller waiting, so an outage answers fast
 * instead of piling up requests (docs/operations.md). The
 * server's env can override each (DATABASE_*_MS).
 */
export const databaseTimeouts = {
  /** Opening a connection (TCP, TLS, start-up) before CONNECT_TIMEOUT. */
  connectMs: 2_000,
  /** Waiting for a free connection of the pool (pool-gate.ts) before CONNECTION_WAIT_TIMEOUT. */
  connectionWaitMs: 3_000,
  /** One statement, server-side (statement_timeout → SQLSTATE 57014). */
  statementMs: 10_000,
  /**
   * Client-side deadline on one operation once it has its connection — a query, or a transaction as a whole — for a
   * server that answers nothing (frozen, hung), where statement_timeout cannot fire: QUERY_TIMEOUT, and the connection
   * is replaced (pool-gate.ts). Longer than statementMs, so a slow statement of a live server is cancelled by the
   * server first and keeps its connection.
   */
  queryMs: 12_000,
  /** Longest pause between reconnection attempts while the database is down (postgres.js's own grows to 20 s). */
  reconnectBackoffMaxMs: 500,
  /** Operations allowed to wait for a connection, per pool connection; past it they fail at once. */
  waitingPerConnection: 50,
} as const;
export type DatabaseTimeouts = { -readonly [K in keyof typeof databaseTimeouts]: number };

export interface OpenOptions {
  /** postgres:// URL; when absent, the embedded PGlite is used. */
  url?: string;
  /** PGlite data folder; absent means in memory. */
  dataDir?: string;
  /** A PGlite data dump to start from (tests clone a migrated template this way). */
  loadDataDir?: Blob | File;
  /** Pool size on PostgreSQL. */
  maxConnections?: number;
  /** Overrides of `databaseTimeouts` (PostgreSQL only). */
  timeouts?: Partial<DatabaseTimeouts>;
}

export async function openDatabase(options: OpenOptions): Promise<DatabaseHandle> {
  if (options.url) {
    const timeouts = { ...databaseTimeouts, ...options.timeouts };
    const max = options.maxConnections ?? 10;
    const config = {
      onnotice: () => {},
      connect_timeout: timeouts.connectMs / 1000,
      // postgres.js's default grows 3^n/100 s up to 20 s: after an outage the pool would stay away that long.
      backoff: (retries: number) => Math.min(3 ** retries / 100, timeouts.reconnectBackoffMaxMs / 1000),
      connection: { TimeZone: "UTC", application_name: "streamkit", statement_timeout: timeouts.statementMs },
    };
    survivePostgresNullSocketWrite();
    // One client of one connection per slot of the gate (pool-gate.ts), so a connection cut by the deadline is known.
    const url = options.url;
    const slots = new ConnectionSlots((onclose) => postgres(url, { ...config, max: 1, onclose }), max, timeouts.queryMs);
    const gate = createPoolGate(max, timeouts.connectionWaitMs, max * timeouts.waitingPerConnection);
    const db = drizzlePostgres({ client: gatePool(slots, gate), schema }) as unknown as Db;
    const own = postgres(options.url, { ...config, max: 2 });
    return {
      db,
      kind: "postgres",
      sql: own,
      url: options.url,
      available: gate.available,
      notify: (channel, payload) => notifyThrough(db, channel, payload),
      // postgres.js keeps one dedicated connection per client for every LISTEN, reconnects it, and calls onlisten each time.
      listen: async (channel, onMessage, onReady) => (await own.listen(channel, onMessage, onReady)).unlisten,
      close: async (timeoutSeconds = 5) => {
        await Promise.all([slots.end(timeoutSeconds), own.end({ timeout: timeoutSeconds })]);
      },
    };
  }
  const pglite = await PGlite.create({
    // Typo-tolerant plugin search (migration 0025 creates the extension; PostgreSQL ships it in contrib).
    extensions: { pg_trgm },
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  await pglite.exec("set time zone 'UTC'");
  const db = drizzlePglite({ client: pglite, schema }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    pglite,
    available: () => true,
    notify: (channel, payload) => notifyThrough(db, channel, payload),
    // One engine in one process: PGlite delivers its own notifications to its listeners after each statement.
    async listen(channel, onMessage, onReady) {
      const unlisten = await pglite.listen(channel, onMessage);
      onReady?.();
      return unlisten;
    },
    close: () => pglite.close(),
  };
}

/** An arbitrary constant: the advisory lock that serialises migrations across processes. */
const MIGRATION_LOCK = 720_410_001;

/** Applies the checked-in migrations; safe when several processes start at once. */
export async function migrateDatabase(handle: DatabaseHandle, migrationsDir?: string): Promise<void> {
  const migrationsFolder = findMigrationsFolder(migrationsDir);
  if (handle.kind === "pglite") {
    await migratePglite(handle.db as never, { migrationsFolder });
    return;
  }
  // One connection, so the advisory lock and the migration share a session.
  const single = postgres(handle.url!, { max: 1, onnotice: () => {} });
  try {
    await single`select pg_advisory_lock(${MIGRATION_LOCK})`;
    await migratePostgres(drizzlePostgres({ client: single, schema }), { migrationsFolder });
  } finally {
    await single.end({ timeout: 5 });
  }
}

/**
 * The SQL migrations live next to this package, but the server runs bundled
 * from apps/web and tests run from each package: look upwards from the
 * working directory (or take the configured folder when a deployment moves them).
 */
export function findMigrationsFolder(override?: string): string {
  if (override) return resolve(override);
  let dir = process.cwd();
  for (;;) {
    for (const candidate of [join(dir, "migrations"), join(dir, "packages", "db", "migrations")]) {
      if (existsSync(join(candidate, "meta", "_journal.json"))) return candidate;
    }
    const parent = dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  throw new Error(`Cannot find the database migrations above ${process.cwd()}; set MIGRATIONS_DIR`);
}
