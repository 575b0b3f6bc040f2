import { FX_LIMITS } from "@streamkit/fx/limits";

/**
 * Limits of the HTTP surface, as data: the handler enforces them, the OpenAPI
 * document and the README quote them.
 */
export const httpLimits = {
  /** Largest request body accepted by any /api/v1 write, in bytes (2 MiB). */
  maxBodyBytes: 2 * 1024 * 1024,
  /** Deepest nesting of arrays and objects a JSON body may have (400 bad_request beyond). */
  maxJsonDepth: 64,
  /** Most values (objects, arrays and scalars together) a JSON body may hold, checked before validation. */
  maxJsonValues: 50_000,
  /**
   * Client addresses the anonymous limit (rateLimits.anonymous) remembers per
   * process and window; past it the oldest address is forgotten, so a flood of
   * distinct addresses costs at most this many entries (about 1.5 MB).
   */
  maxAnonymousAddresses: 10_000,
} as const;

/** Paging of GET /plugins. */
export const pluginPaging = {
  defaultLimit: 20,
  maxLimit: 100,
  maxQueryLength: 100,
  maxCursorLength: 200,
} as const;

/** A fixed-window rate limit: at most `limit` hits per window, counted per account or per client address. */
export interface RateLimit {
  /** Hits allowed per window; absent when the plan decides (Entitlements.apiRequestsPerMinute). */
  limit?: number;
  windowSeconds: number;
  per: "account" | "address";
}

/**
 * SPEC §8's rate limits, one table: the services count with it, and the
 * OpenAPI document, the website's pages and the CLI quote it.
 */
export const rateLimits = {
  /** Key-authenticated requests of one account, all of its keys together; the limit is the plan's apiRequestsPerMinute. */
  api: { windowSeconds: 60, per: "account" },
  /** Successful publishes (POST /plugins) of one account; failed ones do not count. */
  publish: { limit: 10, windowSeconds: 60 * 60, per: "account" },
  /** Accounts created from one client address (the website's sign-up); SIGN_UP_LIMIT_PER_HOUR overrides the number. */
  signUp: { limit: 20, windowSeconds: 60 * 60, per: "address" },
  /** Exchange-rate requests (/fx/*, /rates) of one client address; the number is the exchange-rate service's own table. */
  fxAddress: { limit: FX_LIMITS.requestsPerMinutePerAddress, windowSeconds: 60, per: "address" },
  /**
   * /api/v1 requests without credentials from one client address (the
   * exchange-rate endpoints, limited above, and the OpenAPI document are not
   * counted): in each process's memory, so several processes each allow this.
   */
  anonymous: { limit: 120, windowSeconds: 60, per: "address" },
  /** Sign-in attempts with email and password (every attempt, right or wrong) for one email address, existing or not. */
  signInAccount: { limit: 10, windowSeconds: 15 * 60, per: "account" },
  /** Sign-in attempts with email and password from one client address, whatever the email. */
  signInAddress: { limit: 30, windowSeconds: 15 * 60, per: "address" },
} as const satisfies Record<string, RateLimit>;

/** The window as prose says it: "minute", "hour", "day", else "N seconds". */
export function windowName(seconds: number): string {
  return seconds === 60 ? "minute" : seconds === 3600 ? "hour" : seconds === 86_400 ? "day" : `${seconds} seconds`;
}
