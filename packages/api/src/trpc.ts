/**
 * tRPC for both surfaces: /api/v1 (through trpc-to-openapi) and /api/trpc
 * (the website). Read top to bottom:
 *   1. the metadata every procedure declares — it drives the checks below and
 *      the OpenAPI document alike, so the two cannot disagree
 *   2. the instance, with an error formatter that carries the domain error
 *   3. the procedure ladder: public → signed in → scope → plan → website only
 */
import type { ErrorCode, Scope } from "@streamkit/api-contract";
import { type PlanName, planAtLeast, plans } from "@streamkit/plans";
import { initTRPC } from "@trpc/server";
import type { OpenApiMeta } from "trpc-to-openapi";
import type { Context } from "./context";
import { toAppError } from "./error-mapping";
import { AppError } from "./errors";
import { hitRateLimit, rateLimitedError, rateLimitHeaders } from "./services/rate-limit";

// 1. Metadata
export interface RestMeta {
  /** The success status when it is not 200; the REST wrapper sends it and the document states it. */
  successStatus?: 201 | 204;
  /** Error codes this operation can answer besides the ones its rungs and kind imply. */
  errors?: ErrorCode[];
  /** The response carries an ETag and answers If-None-Match with 304. */
  etag?: boolean;
  /** Who may call: `none` needs no credentials and ignores them, `optional` reads a key when sent, `key` requires one. */
  auth?: "none" | "optional" | "key";
  /** The API key scope the operation needs. */
  scope?: Scope;
  /** The cheapest plan that may call it. */
  plan?: PlanName;
  /** Only the website may call it: API keys get 403 forbidden. */
  websiteOnly?: boolean;
  /** Readable from any web origin: CORS headers on responses, and OPTIONS preflights answered. */
  cors?: boolean;
  /** Limited per client address (the exchange rates): rate-limit headers on every answer, 429 beyond. */
  addressLimited?: boolean;
  /**
   * The 200 answer depends only on the URL and this version (auth "none" only):
   * the REST wrapper keeps it and answers repeats without the procedure (rest/memo.ts).
   */
  memo?: "fx";
}
export type Meta = OpenApiMeta<{ rest?: RestMeta }>;

// 2. The instance
const t = initTRPC
  .context<Context>()
  .meta<Meta>()
  .create({
    errorFormatter({ shape, error, type }) {
      const appError = toAppError(error, type === "query" ? "query" : "body");
      return { ...shape, message: appError.message, data: { ...shape.data, appError: appError.toBody().error } };
    },
  });

export const createRouter = t.router;
export const createCallerFactory = t.createCallerFactory;
export const middleware = t.middleware;

// 3. The procedure ladder
/** Applies the declared success status. */
const successStatus = t.middleware(({ ctx, meta, next }) => {
  const status = meta?.rest?.successStatus;
  if (status) ctx.res.status = status;
  return next();
});

/**
 * Every request of an account counts against its channel's limit: API keys
 * share the plan's apiRequestsPerMinute, the website and the desktop app have
 * their own, higher, configurable limits. Headers go on every response,
 * errors included.
 */
const rateLimit = t.middleware(async ({ ctx, next }) => {
  await countRequest(ctx);
  return next();
});

/** Counts the request once; the REST wrapper calls it early so even body errors carry the headers. */
export async function countRequest(ctx: Context): Promise<void> {
  const caller = ctx.caller;
  if (caller.kind !== "account" || ctx.limitCounted) return;
  ctx.limitCounted = true;
  const { env, db } = ctx.deps;
  const limit =
    caller.channel === "api"
      ? plans[caller.account.plan].entitlements.apiRequestsPerMinute
      : caller.channel === "web"
        ? env.WEB_RATE_LIMIT_PER_MINUTE
        : env.APP_RATE_LIMIT_PER_MINUTE;
  const decision = await hitRateLimit(db, { bucket: `${caller.channel}:${caller.account.id}`, limit, windowSeconds: 60 }, ctx.deps.now());
  Object.assign(ctx.res.headers, rateLimitHeaders(decision));
  if (!decision.allowed) throw rateLimitedError(decision);
}

/** A suspended account can do nothing, not even browse with its key. */
const activeAccount = t.middleware(({ ctx, next }) => {
  if (ctx.caller.kind === "account" && ctx.caller.account.suspended) {
    throw new AppError("account_disabled", "This account is suspended. Contact support to restore it.");
  }
  return next();
});

/** Anyone, with or without credentials (credentials that are sent must be valid). */
export const publicProcedure = t.procedure.use(successStatus).use(rateLimit).use(activeAccount);

/** Rung: signed in (an API key, the website's session or the desktop app's token). */
const requireAccount = t.middleware(({ ctx, next }) => {
  if (ctx.caller.kind !== "account") {
    throw new AppError("unauthorized", "Send an API key as Authorization: Bearer <API_KEY>.", undefined, {
      "WWW-Authenticate": 'Bearer realm="streamkit"',
    });
  }
  return next({ ctx: { ...ctx, caller: ctx.caller } });
});

/** Rung: the operation's scope, when the credential is scoped. */
const requireScope = t.middleware(({ ctx, meta, next }) => {
  const scope = meta?.rest?.scope;
  const caller = ctx.caller;
  if (scope && caller.kind === "account" && caller.scopes !== "all" && !caller.scopes.includes(scope)) {
    throw new AppError("insufficient_scope", `This API key lacks the ${scope} scope; create a key that has it.`, { requiredScope: scope }, {
      "WWW-Authenticate": `Bearer realm="streamkit", error="insufficient_scope", scope="${scope}"`,
    });
  }
  return next();
});

/** Rung: the operation's plan, read fresh with the account on this very request. */
const requirePlan = t.middleware(({ ctx, meta, next }) => {
  const plan = meta?.rest?.plan;
  const caller = ctx.caller;
  if (plan && caller.kind === "account" && !planAtLeast(caller.account.plan, plan)) {
    throw new AppError("plan_required", `This needs the ${plans[plan].title} plan or higher; the account is on ${plans[caller.account.plan].title}.`, {
      requiredPlan: plan,
    });
  }
  return next();
});

/** Rung: website only; API keys and the desktop app get 403 forbidden. */
const requireWebsite = t.middleware(({ ctx, meta, next }) => {
  if (meta?.rest?.websiteOnly && ctx.caller.kind === "account" && ctx.caller.channel !== "web") {
    throw new AppError("forbidden", "This can only be done on the website, signed in; API keys cannot do it.");
  }
  return next();
});

/** Signed in, with the scope, plan and channel the procedure's meta declares. */
export const accountProcedure = publicProcedure.use(requireAccount).use(requireWebsite).use(requireScope).use(requirePlan);

/** Rung: the service's operators, on the website only (never published under /api/v1). */
const requireStaff = t.middleware(({ ctx, next }) => {
  if (ctx.caller.kind !== "account" || ctx.caller.channel !== "web" || !ctx.caller.account.staff) {
    throw new AppError("forbidden", "Only the service's operators can do this.");
  }
  return next();
});

export const staffProcedure = accountProcedure.use(requireStaff);
