import { rateLimits } from "@streamkit/api-contract";
import type { AppDeps } from "./deps";
import { deleteRateLimitWindowsBefore } from "./services/rate-limit";

/** The longest rate-limit window in use (publishes per hour), plus an hour's margin. */
const KEEP_WINDOWS_MS = (Math.max(...Object.values(rateLimits).map((l) => l.windowSeconds)) + 60 * 60) * 1000;
const EVERY_MS = 10 * 60 * 1000;

/** Background housekeeping of one server process; timers never keep the process alive. */
export function startMaintenance(deps: AppDeps): NodeJS.Timeout[] {
  const sweep = setInterval(() => {
    deleteRateLimitWindowsBefore(deps.db, new Date(deps.now().getTime() - KEEP_WINDOWS_MS)).catch((error: unknown) =>
      deps.log.warn({ err: error }, "could not delete old rate-limit windows"),
    );
  }, EVERY_MS);
  sweep.unref();
  return [sweep];
}
