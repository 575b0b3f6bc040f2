import { randomBytes } from "node:crypto";
import type { DatabaseHandle } from "@streamkit/db";
import type { AppDeps } from "../../src/shared/deps";
import { createDeps } from "../../src/app/create-deps";
import { loadEnv } from "../../src/shared/env";
import { createLogger } from "../../src/shared/logger";
import { buildAuthConfig } from "../../src/accounts/auth-config";
import { createRestHandler } from "../../src/app/rest-core";
import { rawRoutes } from "../../src/app/raw-routes";
import { appRouter } from "../../src/app/router";
import { createTestDatabase } from "./database";

export const BASE = "http://localhost:3000";

export interface TestApp {
  deps: AppDeps;
  database: DatabaseHandle;
  /** Calls /api/v1 through the real REST core: `path` is relative to /api/v1. */
  request(path: string, init?: RequestInit): Promise<Response>;
  /** Calls any path the REST core answers (its raw routes: /api/webhooks, /api/trpc, /api/auth), e.g. `/api/webhooks/builtin`. */
  raw(path: string, init?: RequestInit): Promise<Response>;
  /** GET and parse, asserting nothing. */
  json<T = any>(path: string, init?: RequestInit): Promise<{ status: number; headers: Headers; body: T }>;
  close(): Promise<void>;
}

/**
 * A fresh database and the REST core on it. Each app has its own master secret
 * (SECRET_KEY), so no test writes a key file into the repository's data folder;
 * `env` adds or overrides variables ("" unsets one); `database` shares another app's.
 */
export async function createTestApp(
  options: { now?: () => Date; log?: AppDeps["log"]; env?: Record<string, string>; database?: DatabaseHandle } = {},
): Promise<TestApp> {
  // A second app on another's database (`database`): two instances of the service, as two processes share one; closing it leaves the database open.
  const database = options.database ?? (await createTestDatabase());
  const env = loadEnv({
    NODE_ENV: "test",
    PUBLIC_URL: BASE,
    DEMO_DATA: "off",
    LOG_LEVEL: "silent",
    SECRET_KEY: randomBytes(32).toString("base64url"),
    ...options.env,
  });
  const deps = await createDeps({
    db: database.db,
    signals: database,
    env,
    log: options.log ?? createLogger("silent"),
    now: options.now ?? (() => new Date()),
  });
  const handler = createRestHandler(appRouter, deps, rawRoutes(buildAuthConfig(deps)));
  const request = (path: string, init?: RequestInit) => handler(new Request(`${BASE}/api/v1${path}`, init));
  return {
    deps,
    database,
    request,
    raw: (path, init) => handler(new Request(`${BASE}${path}`, init)),
    async json(path, init) {
      const response = await request(path, init);
      const text = await response.text();
      return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined };
    },
    async close() {
      await deps.limitStore.close();
      if (!options.database) await database.close();
    },
  };
}
