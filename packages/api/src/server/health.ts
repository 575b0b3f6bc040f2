/**
 * Health for load balancers and the website while the database is down
 * (docs/operations.md).
 * - GET /healthz, liveness: the process answers; the database is not asked.
 * - GET /readyz, readiness: `select 1` within availabilityLimits.readinessTimeoutMs,
 *   and with REDIS_URL set a PING of the limits' Redis within REDIS_TIMEOUT_MS
 *   (a keyed request needs both) → 200 `{ status: "ready", database: "up" }`
 *   (`redis: "up"` too when set), else 503 service_unavailable with Retry-After
 *   and which is down. Both are raw routes of the REST core (request id, log),
 *   need no credentials and are never cached or rate limited.
 * - whileDatabaseDown: the website's pages, while the database is known to be
 *   down, get a short designed 503 page with Retry-After instead of an error
 *   page from Next (which cannot set the status).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { availabilityLimits } from "@streamkit/api-contract";
import type { Db } from "@streamkit/db";
import { sql } from "drizzle-orm";
import { serviceUnavailable } from "../shared/error-mapping";
import type { Serve } from "./http-server";
import { writePlainPage } from "./plain-page";
import { jsonResult, type RawRoute } from "../rest/raw";

const noStore = { "cache-control": "no-store" };

/** True when the database answers `select 1` within the timeout. Never throws. */
export async function databaseAnswers(db: Db, timeoutMs: number = availabilityLimits.readinessTimeoutMs): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  const ping = db.execute(sql`select 1`).then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([ping, late]);
  } finally {
    clearTimeout(timer);
  }
}

export const healthRoutes: RawRoute[] = [
  {
    methods: ["GET"],
    path: "/healthz",
    auth: "none",
    handle: async () => jsonResult(200, { status: "alive" }, noStore),
  },
  {
    methods: ["GET"],
    path: "/readyz",
    auth: "none",
    async handle(_input, context) {
      const store = context.deps.limitStore;
      const [database, redis] = await Promise.all([databaseAnswers(context.deps.db), store.kind === "redis" ? store.answers() : undefined]);
      const states = { database: database ? "up" : "down", ...(redis === undefined ? {} : { redis: redis ? "up" : "down" }) };
      if (!database || redis === false) throw Object.assign(serviceUnavailable(states), { cause: "readiness" });
      return jsonResult(200, { status: "ready", ...states }, noStore);
    },
  },
];

/** What the website guard needs of the runtime (a Runtime fits). */
export interface GuardedRuntime {
  database: { available(): boolean };
  deps: { db: Db };
}

/** Between two probes of a database known to be down, at least this long. */
const PROBE_INTERVAL_MS = 1_000;

/**
 * Wraps the website's handler: while the database is known to be down (a
 * query failed for that reason and none has succeeded since), pages get the
 * 503 page below. A known-down database is probed (`select 1`) at most once
 * a second, shared by the requests that arrive meanwhile, so pages come back
 * as soon as it does. Next's own files (/_next/) need no database and pass.
 */
export function whileDatabaseDown(runtime: GuardedRuntime, serve: Serve): Serve {
  let probe: Promise<boolean> | undefined;
  let probedAt = 0;
  let lastAnswer = true;
  const down = async (): Promise<boolean> => {
    if (runtime.database.available()) return false;
    if (!probe && Date.now() - probedAt >= PROBE_INTERVAL_MS) {
      probe = databaseAnswers(runtime.deps.db).then((answers) => {
        lastAnswer = answers;
        probedAt = Date.now();
        probe = undefined;
        return answers;
      });
    }
    return !(await (probe ?? lastAnswer));
  };
  return async (req, res) => {
    if (!req.url?.startsWith("/_next/") && (await down())) {
      writeUnavailablePage(req, res);
      return;
    }
    return serve(req, res);
  };
}

/** The website's 503 page; it reloads itself after Retry-After. */
function writeUnavailablePage(req: IncomingMessage, res: ServerResponse): void {
  const seconds = availabilityLimits.retryAfterSeconds;
  writePlainPage(req, res, {
    status: 503,
    title: "Streamkit is back in a moment",
    paragraphs: [
      "We cannot reach our database right now, so this page could not be shown. Nothing you saved is lost.",
      `This page tries again by itself in ${seconds} seconds, or <a href="">try now</a>.`,
    ],
    headers: { "retry-after": String(seconds) },
    refreshSeconds: seconds,
  });
}
