/**
 * Database errors by their codes.
 *
 * When the database cannot answer — it is down, restarting, unreachable, or
 * too slow — callers should hear "try again shortly" (503), not "bug" (500).
 * This recognises those failures by their codes, whichever layer threw them:
 * Node's socket errors, postgres.js's connection errors, PostgreSQL's
 * SQLSTATEs, our own wait bound and deadline (pool-gate.ts), and the same wrapped by
 * Drizzle (DrizzleQueryError's `cause`) or tRPC.
 */

/** Node socket errors of a connection that cannot be made or was lost. */
const SOCKET_CODES = ["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "EHOSTUNREACH", "ENETUNREACH", "ENOTFOUND", "EAI_AGAIN"];
/** postgres.js's own codes for a connection that timed out, closed, or was torn down. */
const DRIVER_CODES = ["CONNECT_TIMEOUT", "CONNECTION_CLOSED", "CONNECTION_DESTROYED", "CONNECTION_ENDED"];
/**
 * SQLSTATEs: 57014 query_canceled (statement_timeout), 57P01 admin_shutdown,
 * 57P02 crash_shutdown, 57P03 cannot_connect_now (starting up or shutting
 * down), 53300 too_many_connections, and class 08 (connection exceptions).
 */
const SQLSTATES = ["57014", "57P01", "57P02", "57P03", "53300", "08000", "08001", "08003", "08004", "08006"];
/** Our bound on waiting for a free connection (pool-gate.ts). */
export const CONNECTION_WAIT_TIMEOUT = "CONNECTION_WAIT_TIMEOUT";
/** Our client-side deadline on an operation's answer (pool-gate.ts): a server that answers nothing (frozen, hung). */
export const QUERY_TIMEOUT = "QUERY_TIMEOUT";

const UNAVAILABLE = new Set([...SOCKET_CODES, ...DRIVER_CODES, ...SQLSTATES, CONNECTION_WAIT_TIMEOUT, QUERY_TIMEOUT]);

/** SQLSTATEs of text PostgreSQL cannot store: a NUL (22021 character_not_in_repertoire), an untranslatable character (22P05). */
export const UNSTORABLE_TEXT = new Set(["22021", "22P05"]);
/** SQLSTATE 23505 unique_violation. */
const UNIQUE_VIOLATION = new Set(["23505"]);

/**
 * The first of `codes` this error carries (a Node socket code, a postgres.js
 * code, a SQLSTATE), whichever layer threw it: follows `cause` (Drizzle wraps
 * the driver's error, tRPC wraps ours) and AggregateError's `errors` a few
 * levels deep. Undefined when it carries none of them.
 */
export function errorCodeIn(error: unknown, codes: ReadonlySet<string>, depth = 0): string | undefined {
  if (!error || typeof error !== "object" || depth > 6) return undefined;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string" && codes.has(code)) return code;
  const nested = (error as { errors?: unknown }).errors;
  if (Array.isArray(nested)) {
    for (const one of nested.slice(0, 4)) {
      const found = errorCodeIn(one, codes, depth + 1);
      if (found) return found;
    }
  }
  return errorCodeIn((error as { cause?: unknown }).cause, codes, depth + 1);
}

/**
 * The code that makes this error "the database is unavailable" (for the
 * log: ECONNREFUSED, 57P01, CONNECT_TIMEOUT…), or undefined when it is
 * something else.
 */
export const databaseUnavailableReason = (error: unknown): string | undefined => errorCodeIn(error, UNAVAILABLE);

/** PostgreSQL's unique_violation, as postgres.js and PGlite both report it: the database decided a race. */
export const isUniqueViolation = (error: unknown): boolean => errorCodeIn(error, UNIQUE_VIOLATION) !== undefined;
