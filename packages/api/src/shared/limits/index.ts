/**
 * Every rate limit of the service, by its name in the one limits table
 * (rateLimits, packages/api-contract): which store counts it, under which
 * key, with which number — the table's, the plan's (key-authenticated
 * requests), or the operator's override where docs/configuration.md's
 * table has one. The decision is window.ts's, the same for all.
 *
 * - In the database (database-store.ts) — or in Redis when REDIS_URL is set
 *   (redis-store.ts; deps.limitStore is the one in use) — exact across processes: requests of
 *   an account per channel (API keys share the plan's apiRequestsPerMinute;
 *   the website and the desktop app have their own), publishes, plugin reports, reviews and their reports, sign-ups,
 *   sign-in and password-reset attempts, test alerts per overlay, and the exchange rates per client
 *   address (batched: the busiest).
 * - In each process's memory (memory-store.ts), per client address: /api/v1
 *   requests without credentials, pages rendered per request, the OAuth token
 *   endpoints and the payment webhooks.
 */
import { httpLimits, rateLimits } from "@streamkit/api-contract";
import type { Tx } from "@streamkit/db";
import { plans } from "@streamkit/plans";
import type { AccountCaller, Context } from "../context";
import type { AppDeps } from "../deps";
import type { Env } from "../env";
import { MemoryWindows } from "./memory-store";
import { type RateLimitDecision, rateLimitedError, rateLimitHeaders } from "./window";

export type LimitName = keyof typeof rateLimits;
/** The limits counted per client address in each process's memory. */
export type AddressLimit = "anonymous" | "pageViews" | "oauth" | "webhooks";
/** The limits counted in the database (or Redis), and their buckets' prefixes in rate_limit_windows (and Redis' keys). */
export const bucketPrefix = {
  api: "api:",
  webRequests: "web:",
  appRequests: "app:",
  publish: "publish:",
  pluginReports: "reports:",
  pluginReviews: "reviews:",
  reviewReports: "review-reports:",
  testAlerts: "alerts:",
  signUp: "signup:",
  fxAddress: "fx:",
  signInAccount: "signin:account:",
  signInAddress: "signin:address:",
  signInDevice: "signin:device:",
  passwordResetAccount: "reset:account:",
  passwordResetAddress: "reset:address:",
  deviceAuthorization: "device:issue:",
  deviceCodeAccount: "device:account:",
  deviceCodeAddress: "device:address:",
  domainChecks: "domain-check:",
} as const satisfies Record<Exclude<LimitName, AddressLimit>, string>;
export type DatabaseLimit = keyof typeof bucketPrefix;

/** The variables that override a limit's number (docs/configuration.md). */
type LimitEnv = Pick<
  Env,
  "WEB_RATE_LIMIT_PER_MINUTE" | "APP_RATE_LIMIT_PER_MINUTE" | "SIGN_UP_LIMIT_PER_HOUR" | "SIGN_IN_LIMIT_PER_ADDRESS" | "PAGE_VIEW_LIMIT_PER_MINUTE"
>;
const overrides: Partial<Record<LimitName, keyof LimitEnv>> = {
  webRequests: "WEB_RATE_LIMIT_PER_MINUTE",
  appRequests: "APP_RATE_LIMIT_PER_MINUTE",
  signUp: "SIGN_UP_LIMIT_PER_HOUR",
  signInAddress: "SIGN_IN_LIMIT_PER_ADDRESS",
  pageViews: "PAGE_VIEW_LIMIT_PER_MINUTE",
};

/** A limit's number in this deployment: the operator's override where there is one, else the table's. */
export function limitOf(env: LimitEnv, name: Exclude<LimitName, "api">): number {
  const variable = overrides[name];
  return (variable ? env[variable] : undefined) ?? rateLimits[name].limit;
}

const ruleOf = (env: LimitEnv, name: Exclude<DatabaseLimit, "api">) => ({ limit: limitOf(env, name), windowSeconds: rateLimits[name].windowSeconds });

/** Counts one hit of `key` against a limit counted in the database (or Redis). */
export function hitLimit(deps: Pick<AppDeps, "env" | "limitStore">, name: Exclude<DatabaseLimit, "api">, key: string, now: Date): Promise<RateLimitDecision> {
  return deps.limitStore.hit(`${bucketPrefix[name]}${key}`, ruleOf(deps.env, name), now);
}

/**
 * Gives back one hit counted by hitLimit at the same `now` (same window): for limits that count only failures,
 * each attempt is counted before it is tried, so concurrent attempts cannot pass the limit, and one that
 * succeeds is given back.
 */
export function refundLimit(deps: Pick<AppDeps, "limitStore">, name: Exclude<DatabaseLimit, "api">, key: string, now: Date): Promise<void> {
  return deps.limitStore.refund(`${bucketPrefix[name]}${key}`, rateLimits[name].windowSeconds, now);
}

/** Counts one hit of `key` against a limit inside countingTransaction's transaction. */
export type CountHit = (name: Exclude<DatabaseLimit, "api">, key: string, now: Date) => Promise<RateLimitDecision>;

/**
 * Runs `work` in one database transaction whose limit hits count only if it commits (a publish counts in
 * its own: a failed or refused one counts nothing): in the database they are rows of the transaction; in
 * Redis they are given back when it does not commit (redis-store.ts).
 */
export function countingTransaction<T>(deps: Pick<AppDeps, "db" | "env" | "limitStore">, work: (tx: Tx, hit: CountHit) => Promise<T>): Promise<T> {
  return deps.limitStore.transaction(deps.db, (tx, hit) => work(tx, (name, key, now) => hit(`${bucketPrefix[name]}${key}`, ruleOf(deps.env, name), now)));
}

/** Puts the decision's X-RateLimit-* headers on the answer; past the limit, throws 429 rate_limited with Retry-After. */
function answer(ctx: Context, decision: RateLimitDecision, what?: string): void {
  Object.assign(ctx.res.headers, rateLimitHeaders(decision));
  if (!decision.allowed) throw rateLimitedError(decision, what);
}

// Requests of an account.
const channelLimit = { api: "api", web: "webRequests", app: "appRequests" } as const satisfies Record<AccountCaller["channel"], DatabaseLimit>;

/** The caller's requests per minute: the one number the limiter counts with and GET /me reports. */
export function requestLimitOf(caller: AccountCaller, env: LimitEnv): number {
  const name = channelLimit[caller.channel];
  return name === "api" ? plans[caller.account.plan].entitlements.apiRequestsPerMinute : limitOf(env, name);
}

/** Counts the request of an account once, headers on every answer (errors included); the REST wrapper calls it early so even body errors carry them. */
export async function countRequest(ctx: Context): Promise<void> {
  const caller = ctx.caller;
  if (caller.kind !== "account" || ctx.limitCounted) return;
  ctx.limitCounted = true;
  const name = channelLimit[caller.channel];
  const rule = { limit: requestLimitOf(caller, ctx.deps.env), windowSeconds: rateLimits[name].windowSeconds };
  answer(ctx, await ctx.deps.limitStore.hit(`${bucketPrefix[name]}${caller.account.id}`, rule, ctx.deps.now()));
}

// The exchange rates, per client address.

/**
 * docs/api.md#limits: counts one exchange-rate request of ctx's client address (the
 * socket peer, or X-Forwarded-For only from TRUSTED_PROXIES). The procedures
 * run it as a middleware; the REST wrapper's answer cache (rest/memo.ts) runs
 * it for the answers it serves without them.
 */
export async function limitAddress(ctx: Context): Promise<void> {
  // The busiest limit: the database batches its hits (database-store.ts's BatchedWindows).
  const decision = await ctx.deps.limitStore.hit(`${bucketPrefix.fxAddress}${ctx.clientAddress}`, rateLimits.fxAddress, ctx.deps.now(), { busy: true });
  answer(ctx, decision, "Too many exchange-rate requests from this address");
}

// Keyless work, per client address in memory.
const memory = new WeakMap<AppDeps, Map<AddressLimit, MemoryWindows>>();

/** A process's count of one address limit (one per AppDeps). */
export function addressCounter(deps: AppDeps, name: AddressLimit): MemoryWindows {
  let byName = memory.get(deps);
  if (!byName) {
    byName = new Map();
    memory.set(deps, byName);
  }
  let windows = byName.get(name);
  if (!windows) {
    windows = new MemoryWindows({ limit: limitOf(deps.env, name), windowSeconds: rateLimits[name].windowSeconds }, httpLimits.maxAnonymousAddresses);
    byName.set(name, windows);
  }
  return windows;
}

/** The count of /api/v1 requests without credentials. */
export function anonymousCounter(deps: AppDeps): MemoryWindows {
  return addressCounter(deps, "anonymous");
}

/** Counts one hit of `address` against an address limit. */
export function hitAddressLimit(deps: AppDeps, name: AddressLimit, address: string): RateLimitDecision {
  return addressCounter(deps, name).hit(address, deps.now());
}

/** Counts one request of ctx's client address against an address limit: headers on the answer, 429 past the limit. */
export function limitPerAddress(ctx: Context, name: AddressLimit, what: string): void {
  answer(ctx, hitAddressLimit(ctx.deps, name, ctx.clientAddress), what);
}

/** Counts one /api/v1 request without credentials (rateLimits.anonymous); the exchange rates and the OpenAPI document are not counted. */
export function limitAnonymous(ctx: Context): void {
  limitPerAddress(ctx, "anonymous", "Too many requests without an API key from this address");
}
