import { mkdirSync } from "node:fs";
import { type DatabaseHandle, type DatabaseTimeouts, databaseTimeouts, migrateDatabase, openDatabase } from "@streamkit/db";
import type { AppDeps } from "../shared/deps";
import { createDeps } from "./create-deps";
import { env as processEnv, type Env } from "../shared/env";
import { createLogger } from "../shared/logger";
import { acquireDataDirLock } from "../shared/data-dir-lock";
import type { RestCore } from "../rest/types";
import { createRestCore } from "./rest-core";
import { appRouter } from "./router";
import { clientAddress, compileTrust } from "../shared/client-address";
import { rawRoutes } from "./raw-routes";
import { seedDemoCatalogue } from "./seeding";
import { demoReleases } from "../updater";
import { startMaintenance } from "./maintenance";
import { startFx } from "../fx";
import { startAdminChannel } from "../admin";
import type { AuthConfig } from "@auth/core";
import { buildAuthConfig } from "../accounts";
import { realProviders } from "@streamkit/billing";
import { TestClock } from "../shared/test-clock";

/** Everything one server process holds: opened once, on the first request, never at build time. */
export interface Runtime {
  deps: AppDeps;
  /** Auth.js configuration for the website's sign-in. */
  auth: AuthConfig;
  database: DatabaseHandle;
  rest: RestCore;
  /** The client's address by the trusted-proxy rule (TRUSTED_PROXIES), for requests the website answers. */
  clientAddress(peer: string | undefined, forwardedFor: string | null): string;
  /** Stops the background work and closes the database; `databaseTimeoutSeconds`: how long its running queries get (default 5). */
  close(databaseTimeoutSeconds?: number): Promise<void>;
}

/** Opens the database (PostgreSQL when DATABASE_URL is set, else PGlite), migrates it and seeds an empty one. */
export async function startRuntime(env: Env, options: { now?: () => Date } = {}): Promise<Runtime> {
  const log = createLogger(env.LOG_LEVEL);
  let releaseLock = () => {};
  if (!env.DATABASE_URL) {
    mkdirSync(env.dataDir, { recursive: true });
    releaseLock = acquireDataDirLock(env.dataDir);
  }
  const database = await openDatabase(env.DATABASE_URL ? { url: env.DATABASE_URL, timeouts: databaseTimeoutsOf(env) } : { dataDir: env.dataDir });
  await migrateDatabase(database, env.MIGRATIONS_DIR);
  const testClock = env.TEST_CLOCK === "on" ? new TestClock() : undefined;
  if (testClock && realProviders(env).length > 0)
    throw new Error("TEST_CLOCK=on moves renewals in time: it is refused while a real payment provider is configured.");
  if (testClock) log.warn("TEST_CLOCK=on: the service's clock can be moved through POST /api/dev/clock");
  const deps = await createDeps({ db: database.db, signals: database, env, log, now: options.now ?? testClock?.now ?? (() => new Date()), testClock });
  if (env.DEMO_DATA === "auto") {
    const releases = demoReleases(deps.demoReleaseKey, env.PUBLIC_URL);
    const seeded = await seedDemoCatalogue(deps.db, { releases });
    if (seeded) log.info({ plugins: seeded, releases: releases.length }, "seeded the demo catalogue and the demo releases into the empty database");
  }
  const auth = buildAuthConfig(deps);
  const trust = compileTrust(env.TRUSTED_PROXIES);
  const timers = startMaintenance(deps);
  // Exchange rates: the current day into memory now, then the refresh scheduler (FX_REFRESH).
  const fx = await startFx(deps);
  const adminChannel = database.kind === "pglite" ? await startAdminChannel(deps, env.dataDir) : null;
  log.info({ database: database.kind, dataDir: database.kind === "pglite" ? env.dataDir : undefined }, "runtime ready");
  return {
    deps,
    auth,
    database,
    rest: createRestCore(appRouter, deps, rawRoutes(auth)),
    clientAddress: (peer, forwardedFor) => clientAddress(peer, forwardedFor, trust),
    async close(databaseTimeoutSeconds) {
      timers.forEach(clearInterval);
      await fx.stop();
      adminChannel?.close();
      await deps.limitStore.close();
      await database.close(databaseTimeoutSeconds);
      releaseLock();
    },
  };
}

/** The environment's overrides of packages/db's databaseTimeouts (docs/configuration.md). */
export function databaseTimeoutsOf(env: Env): Partial<DatabaseTimeouts> {
  return {
    ...(env.DATABASE_CONNECT_TIMEOUT_MS ? { connectMs: env.DATABASE_CONNECT_TIMEOUT_MS } : {}),
    ...(env.DATABASE_CONNECTION_WAIT_MS ? { connectionWaitMs: env.DATABASE_CONNECTION_WAIT_MS } : {}),
    ...(env.DATABASE_STATEMENT_TIMEOUT_MS ? { statementMs: env.DATABASE_STATEMENT_TIMEOUT_MS } : {}),
    // The client's deadline stays past a raised statement_timeout, so a slow statement is the server's to cancel.
    ...(env.DATABASE_QUERY_TIMEOUT_MS || env.DATABASE_STATEMENT_TIMEOUT_MS
      ? { queryMs: env.DATABASE_QUERY_TIMEOUT_MS ?? env.DATABASE_STATEMENT_TIMEOUT_MS! + databaseTimeouts.queryMs - databaseTimeouts.statementMs }
      : {}),
  };
}

const holder = globalThis as typeof globalThis & { __streamkitRuntime?: Promise<Runtime> };

/** The process-wide runtime. Cached on globalThis so Next's separately bundled routes share one database. */
export function getRuntime(): Promise<Runtime> {
  holder.__streamkitRuntime ??= startRuntime(processEnv()).catch((error: unknown) => {
    holder.__streamkitRuntime = undefined;
    throw error;
  });
  return holder.__streamkitRuntime;
}
