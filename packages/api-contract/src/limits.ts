import { FX_LIMITS } from "@streamkit/fx/limits";

/**
 * Limits of the HTTP surface, as data: the handler enforces them, the OpenAPI
 * document and docs/ quote them.
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
  /**
   * A request body the server did not read (an answer given before it, such as
   * a 401) is still read off the connection and thrown away when it declared
   * at most this many bytes, so the connection stays usable; a larger or
   * unknown-length one gets `Connection: close` instead (64 KiB).
   */
  maxDrainBytes: 64 * 1024,
  /**
   * Connections open at once from one untrusted peer address (the socket's;
   * peers in TRUSTED_PROXIES are exempt, their connections carry many
   * clients): past it a new connection is closed as soon as it is accepted.
   * Browsers open at most 6 per site, so this leaves room for about 20
   * people behind one NAT. MAX_CONNECTIONS_PER_ADDRESS overrides it.
   */
  maxConnectionsPerAddress: 128,
  /** Connections open at once in one process, from everyone (MAX_CONNECTIONS): keep it under the process's file limit (`ulimit -n`). */
  maxConnections: 10_000,
} as const;

/**
 * Repeated log lines (packages/api/src/shared/log-gate.ts): one message about one
 * client address is written at most once per interval; the next one written
 * says how many were left out meanwhile. At most `maxKeys` pairs are
 * remembered; past that the oldest is forgotten.
 */
export const logLimits = {
  repeatIntervalMs: 60_000,
  maxKeys: 10_000,
} as const;

/**
 * Timeouts of the HTTP server (packages/api/src/server/http-server.ts), in
 * milliseconds: a client slower than these is cut off, so slow or stalled
 * connections cannot pile up.
 */
export const httpTimeouts = {
  /** From the connection's first byte (or the previous answer) to the end of the request's headers. */
  headersMs: 10_000,
  /** The whole request, body included (REQUEST_TIMEOUT_MS): a 2 MiB body needs about 35 KB/s. */
  requestMs: 60_000,
  /** An idle kept-alive connection is closed after this (KEEP_ALIVE_TIMEOUT_MS); raise it above a proxy's idle timeout. */
  keepAliveMs: 5_000,
  /** After an answer with `Connection: close` given before the body was read, the rest of the body is read and dropped this long at most, so the client reads the answer instead of a reset. */
  lingerMs: 5_000,
  /** How often the server checks the two timeouts above (a request is cut off at most this late). */
  checkIntervalMs: 1_000,
} as const;

/**
 * While the database is unavailable (docs/operations.md): what
 * the 503 answers tell clients, and how long GET /readyz waits for its
 * `select 1`. The database's own timeouts are packages/db's databaseTimeouts.
 */
export const availabilityLimits = {
  /** Retry-After (seconds) of every 503 service_unavailable. */
  retryAfterSeconds: 5,
  /** GET /readyz answers 503 when `select 1` takes longer than this. */
  readinessTimeoutMs: 1_000,
} as const;

/** Paging of GET /plugins. */
export const pluginPaging = {
  defaultLimit: 20,
  maxLimit: 100,
  maxQueryLength: 100,
  maxCursorLength: 400,
} as const;

/**
 * Anonymous browsing (GET /api/v1/plugins and /plugins/{slug} without
 * credentials): how long clients and shared caches may keep an answer, and
 * how much of them each server process keeps in memory (rest/memo.ts).
 * Answers change with the marketplace's version (every publish, price, hide,
 * delete, publisher change), except the downloads counts, which may lag by
 * up to maxAgeSeconds in the process and as much again in a cache in front.
 */
export const anonymousBrowsing = {
  /** `Cache-Control: public, max-age=…` of anonymous answers, and the longest a process keeps one. */
  maxAgeSeconds: 30,
  /** Answers (distinct URLs) a process keeps; the least recently used leaves first. */
  maxEntries: 2_000,
  /** Bytes of kept bodies per process (16 MiB; a full page of 100 plugins is about 60 KB). */
  maxBytes: 16 * 1024 * 1024,
} as const;

/**
 * The market's kept answers (GET /api/v1/market, /market/{slug} without
 * credentials, and /market/{slug}/preview): they change only with the
 * catalogue (a release's sync on start, the seed, an operator's UPDATE),
 * which moves the market's version in the database, so each process keeps
 * them until it moves (rest/memo.ts, market/preview-route.ts).
 */
export const marketAnswers = {
  /** `Cache-Control: public, max-age=…` of anonymous JSON answers (the previews keep their hour). */
  maxAgeSeconds: 300,
  /** JSON answers (distinct URLs) a process keeps; the least recently used leaves first. */
  maxEntries: 1_000,
  /** Bytes of kept JSON bodies per process (8 MiB; a full page of 100 items is about 60 KB). */
  maxBytes: 8 * 1024 * 1024,
  /** Preview images a process keeps, and their bytes (4 MiB). */
  maxPreviews: 500,
  maxPreviewBytes: 4 * 1024 * 1024,
} as const;

/** A fixed-window rate limit: at most `limit` hits per window, counted per account or per client address. */
export interface RateLimit {
  /** Hits allowed per window; absent when the plan decides (Entitlements.apiRequestsPerMinute). */
  limit?: number;
  windowSeconds: number;
  per: "account" | "address" | "device" | "overlay";
}

/**
 * the rate limits of docs/api.md#limits, one table: the services count with it, and the
 * OpenAPI document, the website's pages and the CLI quote it.
 */
export const rateLimits = {
  /** Key-authenticated requests of one account, all of its keys together; the limit is the plan's apiRequestsPerMinute. */
  api: { windowSeconds: 60, per: "account" },
  /** Requests of one account signed in on the website, all kinds counted; WEB_RATE_LIMIT_PER_MINUTE overrides the number. */
  webRequests: { limit: 600, windowSeconds: 60, per: "account" },
  /** Requests of one account through the desktop app (its OAuth token); APP_RATE_LIMIT_PER_MINUTE overrides the number. */
  appRequests: { limit: 120, windowSeconds: 60, per: "account" },
  /** Test alerts (POST /overlays/{overlayId}/test-alerts, and the editor's Test alert) fired at one overlay, whoever fires them; refused ones count too. */
  testAlerts: { limit: 10, windowSeconds: 60, per: "overlay" },
  /** Successful publishes (POST /plugins) of one account; failed ones do not count. */
  publish: { limit: 10, windowSeconds: 60 * 60, per: "account" },
  /** Reports of plugins (PUT /plugins/{slug}/report, new or replacing one's open report) by one account; refused ones do not count. */
  pluginReports: { limit: 10, windowSeconds: 24 * 60 * 60, per: "account" },
  /** Review writes of one account: a review written, edited or deleted, an author's reply (PUT/DELETE /plugins/{slug}/review, PUT …/reviews/{id}/reply); refused ones do not count. */
  pluginReviews: { limit: 20, windowSeconds: 60 * 60, per: "account" },
  /** Reports of reviews (PUT /plugins/{slug}/reviews/{id}/report) by one account; refused ones do not count. */
  reviewReports: { limit: 10, windowSeconds: 24 * 60 * 60, per: "account" },
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
  /**
   * Website pages rendered for the request (not a cached copy: searches,
   * signed-in pages, pages that are not found, form posts) from one client
   * address; in each process's memory, as `anonymous`. Next's own files and
   * cached copies are not counted. PAGE_VIEW_LIMIT_PER_MINUTE overrides the number.
   */
  pageViews: { limit: 300, windowSeconds: 60, per: "address" },
  /** The OAuth token and revocation endpoints from one client address (the desktop app calls them a few times a day); in memory. */
  oauth: { limit: 60, windowSeconds: 60, per: "address" },
  /** Device authorizations (RFC 8628 codes issued, POST /api/oauth/device_authorization) from one client address; in the database, each is a row. */
  deviceAuthorization: { limit: 30, windowSeconds: 60 * 60, per: "address" },
  /** Wrong user codes typed on /device by one account (a right code does not count). */
  deviceCodeAccount: { limit: 10, windowSeconds: 15 * 60, per: "account" },
  /** Wrong user codes typed on /device from one client address, whatever the account. */
  deviceCodeAddress: { limit: 30, windowSeconds: 15 * 60, per: "address" },
  /** Payment webhook deliveries from one client address: generous, since providers send from few addresses and retry in bursts; in memory. */
  webhooks: { limit: 1200, windowSeconds: 60, per: "address" },
  /** Sign-in attempts with email and password (every attempt, right or wrong) for one email address, existing or not. */
  signInAccount: { limit: 10, windowSeconds: 15 * 60, per: "account" },
  /** Sign-in attempts with email and password from one client address, whatever the email. */
  signInAddress: { limit: 30, windowSeconds: 15 * 60, per: "address" },
  /**
   * Sign-in attempts from a browser with a valid device cookie for the account it names (OWASP's device cookies):
   * counted per device instead of per account, so other people's guesses cannot lock that browser out.
   */
  signInDevice: { limit: 10, windowSeconds: 15 * 60, per: "device" },
  /** "Forgot password?" requests for one email address, existing or not (the answer is the same either way). */
  passwordResetAccount: { limit: 3, windowSeconds: 60 * 60, per: "account" },
  /** "Forgot password?" requests from one client address, whatever the email. */
  passwordResetAddress: { limit: 10, windowSeconds: 60 * 60, per: "address" },
  /** Domain checks (POST /publisher/domains/{domain}/check) of one account: each one looks up DNS and fetches a file from the domain. */
  domainChecks: { limit: 20, windowSeconds: 60 * 60, per: "account" },
} as const satisfies Record<string, RateLimit>;

/**
 * How one process counts the per-address exchange-rate limit
 * (rateLimits.fxAddress) in the database: the hits that arrive while its
 * statements are in flight share the next one, and an address past the limit
 * is answered from memory until its window ends.
 */
export const rateLimitCounting = {
  /** Hits counted together in one statement at most. */
  maxBatchHits: 500,
  /** Statements of one process in flight at once (the pool has 10 connections; the rest serve other queries). */
  maxStatementsInFlight: 4,
  /** Addresses past the limit a process remembers until their window ends; past that the next ones are counted in the database again. */
  maxRememberedRefusals: 10_000,
} as const;

/**
 * The rate-limit windows in Redis, when REDIS_URL is set (docs/operations.md#redis): how long a request
 * waits for it, how the connection comes back, how long a window's key outlives its window.
 */
export const redisCounting = {
  /** The first connection, or one decision, at most this long; past it 503 service_unavailable (REDIS_TIMEOUT_MS overrides it). */
  timeoutMs: 1_000,
  /** Reconnecting: the first retry after this, each next one twice as late, up to reconnectMaxMs. */
  reconnectMinMs: 50,
  reconnectMaxMs: 1_000,
  /** A window's key expires this long after its window ends: room for the clocks of the processes to differ. */
  expiryGraceMs: 10_000,
} as const;

/** Days a sign-in device cookie stays valid after the sign-in that issued it (each sign-in issues a new one). */
export const SIGN_IN_DEVICE_DAYS = 180;

/** The window as prose says it: "minute", "hour", "day", else "N seconds". */
export function windowName(seconds: number): string {
  return seconds === 60 ? "minute" : seconds === 3600 ? "hour" : seconds === 86_400 ? "day" : `${seconds} seconds`;
}

/** the inventory cursor paging of docs/api.md#limits, used by the caller's overlays too. */
export const cursorPaging = { defaultLimit: 25, maxLimit: 100, maxCursorLength: 200 } as const;

/** the catalog offset paging of docs/api.md#limits (GET /catalog/overlays). */
export const catalogPaging = { defaultLimit: 50, maxLimit: 100, maxOffset: 100_000 } as const;

/**
 * The operator's searches (/admin/purchases, /admin/accounts): keyset pages,
 * the search text's length, and how many decided price requests the review page shows.
 */
export const adminPaging = { defaultLimit: 50, maxLimit: 100, maxQueryLength: 200, maxCursorLength: 200, decidedPriceRequests: 50 } as const;
