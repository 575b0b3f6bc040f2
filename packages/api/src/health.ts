/**
 * Health for load balancers and the website while the database is down
 * (README: Security and operations).
 * - GET /healthz, liveness: the process answers; the database is not asked.
 * - GET /readyz, readiness: `select 1` within availabilityLimits.readinessTimeoutMs
 *   → 200 `{ status: "ready", database: "up" }`, else 503 service_unavailable
 *   with Retry-After. Both are raw routes of the REST core (request id, log),
 *   need no credentials and are never cached or rate limited.
 * - whileDatabaseDown: the website's pages, while the database is known to be
 *   down, get a short designed 503 page with Retry-After instead of an error
 *   page from Next (which cannot set the status).
 */
import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { availabilityLimits } from "@streamkit/api-contract";
import type { Db } from "@streamkit/db";
import { sql } from "drizzle-orm";
import { serviceUnavailable } from "./error-mapping";
import { jsonResult, type RawRoute } from "./rest/raw";

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
      if (!(await databaseAnswers(context.deps.db))) throw Object.assign(serviceUnavailable({ database: "down" }), { cause: "readiness" });
      return jsonResult(200, { status: "ready", database: "up" }, noStore);
    },
  },
];

type Serve = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

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

/** The website's 503 page: small, self-contained (no database, no Next), in the site's colours, and it reloads itself after Retry-After. */
function writeUnavailablePage(req: IncomingMessage, res: ServerResponse): void {
  const seconds = availabilityLimits.retryAfterSeconds;
  const body = unavailablePage(seconds);
  res.writeHead(503, {
    "content-type": "text/html; charset=utf-8",
    "content-length": String(Buffer.byteLength(body)),
    "cache-control": "no-store",
    "retry-after": String(seconds),
    "x-request-id": randomUUID(),
  });
  res.end(req.method === "HEAD" ? undefined : body);
}

function unavailablePage(seconds: number): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="${seconds}">
<title>Back in a moment · Streamkit</title>
<style>
:root{color-scheme:light dark;--bg:#fff;--fg:#17171f;--muted:#5b5b6b;--accent:#6d4aff}
@media (prefers-color-scheme:dark){:root{--bg:#17171f;--fg:#f3f3f7;--muted:#a8a8b8;--accent:#9d86ff}}
body{margin:0;min-height:100vh;display:grid;place-items:center;background:var(--bg);color:var(--fg);font:16px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif}
main{max-width:32rem;padding:2rem;text-align:center}
h1{font-size:1.5rem;margin:0 0 .5rem}
p{color:var(--muted);margin:.5rem 0}
a{color:var(--accent)}
</style>
</head>
<body>
<main>
<h1>Streamkit is back in a moment</h1>
<p>We cannot reach our database right now, so this page could not be shown. Nothing you saved is lost.</p>
<p>This page tries again by itself in ${seconds} seconds, or <a href="">try now</a>.</p>
</main>
</body>
</html>
`;
}
