/**
 * tRPC for both surfaces: /api/v1 (through trpc-to-openapi) and /api/trpc
 * (the website). Read top to bottom:
 *   1. the metadata every procedure declares — it drives the checks below and
 *      the OpenAPI document alike, so the two cannot disagree
 *   2. the instance, with an error formatter that carries the domain error
 *   3. the procedure ladder: public → signed in → website only → scope → entitlement (its plan from the plans table)
 */
import type { ErrorCode, Scope } from "@streamkit/api-contract";
import { type EntitlementName, grants, planFor, plans } from "@streamkit/plans";
import { initTRPC, TRPCError } from "@trpc/server";
import type { OpenApiMeta } from "trpc-to-openapi";
import type { Context } from "./context";
import { accountDisabled, unauthorized } from "./auth-errors";
import { toAppError, trpcCodeOf } from "./error-mapping";
import { AppError } from "@streamkit/api-contract";
import { countRequest } from "./limits/index";
import { exemptFromSettling, settleWrites } from "./write-fence";

// 1. Metadata
export interface RestMeta {
  /** The success status when it is not 200; the REST wrapper sends it and the document states it. */
  successStatus?: 201 | 202 | 204;
  /** Error codes this operation can answer besides the ones its rungs and kind imply. */
  errors?: ErrorCode[];
  /** The response carries an ETag and answers If-None-Match with 304. */
  etag?: boolean;
  /** Who may call: `none` needs no credentials and ignores them, `optional` reads a key when sent, `key` requires one. */
  auth?: "none" | "optional" | "key";
  /** The API key scope the operation needs. */
  scope?: Scope;
  /**
   * The plan entitlement it needs: granted when true, or a count above 0
   * (`overlays`: 0 means "cannot"). The plan that takes is not stated here: it
   * follows from the plans table (planFor), for the check and the document alike.
   */
  entitlement?: EntitlementName;
  /** Only the website may call it: API keys get 403 forbidden. */
  websiteOnly?: boolean;
  /**
   * A write that changes nothing a process keeps (kept callers, kept answers): its answer does not wait for this process
   * to hear its own notices (shared/write-fence.ts). Only for writes that touch no account, key, sign-in, plan or catalogue row.
   */
  changesNothingKept?: boolean;
  /** Readable from any web origin: CORS headers on responses, and OPTIONS preflights answered. */
  cors?: boolean;
  /** Limited per client address (the exchange rates): rate-limit headers on every answer, 429 beyond. */
  addressLimited?: boolean;
  /**
   * The 200 answer depends only on the URL and this version — for every caller
   * (auth "none"), or for callers without credentials (auth "optional"): the
   * REST wrapper keeps it and answers repeats without the procedure (rest/memo.ts).
   */
  memo?: "fx" | "marketplace" | "market";
}
export type Meta = OpenApiMeta<{ rest?: RestMeta }>;

// 2. The instance
const t = initTRPC
  .context<Context>()
  .meta<Meta>()
  .create({
    errorFormatter({ shape, error, type }) {
      const appError = toAppError(error, type === "query" ? "query" : "body");
      // No stack, no internals: the website's tRPC answers carry the domain error and nothing more.
      const { stack: _stack, ...data } = shape.data;
      return { ...shape, message: appError.message, data: { ...data, httpStatus: appError.status, appError: appError.toBody().error } };
    },
  });

export const createRouter = t.router;
export const createCallerFactory = t.createCallerFactory;
export const middleware = t.middleware;

// 3. The procedure ladder
/**
 * A domain error thrown anywhere below keeps its meaning on every surface:
 * tRPC wraps it as INTERNAL_SERVER_ERROR, so it is re-raised with the tRPC
 * code of its HTTP status (404 stays 404 on /api/trpc too), its cause intact.
 */
const domainErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (result.ok || result.error.code !== "INTERNAL_SERVER_ERROR") return result;
  const appError = toAppError(result.error);
  if (appError.code === "internal_error") return result;
  return { ...result, error: new TRPCError({ code: trpcCodeOf(appError), message: appError.message, cause: appError }) };
});

/** The website's own mutations (server actions call procedures directly) wait as the REST core's writes do (write-fence.ts). */
const settled = t.middleware(async ({ ctx, type, meta, next }) => {
  const result = await next();
  if (type !== "mutation") return result;
  if (meta?.rest?.changesNothingKept) exemptFromSettling(ctx);
  else if (ctx.surface !== "rest") await settleWrites(ctx.deps, ctx);
  return result;
});

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
const rateLimit = t.middleware(async ({ ctx, type, next }) => {
  if (type !== "query" || ctx.countQueries) await countRequest(ctx);
  return next();
});

/** A suspended account can do nothing, not even browse with its key (the REST core has checked already: once per request). */
const activeAccount = t.middleware(({ ctx, next }) => {
  if (ctx.surface !== "rest" && ctx.caller.kind === "account" && ctx.caller.account.suspended) throw accountDisabled();
  return next();
});

/** Anyone, with or without credentials (credentials that are sent must be valid). */
export const publicProcedure = t.procedure.use(domainErrors).use(settled).use(successStatus).use(rateLimit).use(activeAccount);

/** Rung: signed in (an API key, the website's session or the desktop app's token). */
const requireAccount = t.middleware(({ ctx, next }) => {
  if (ctx.caller.kind !== "account") throw unauthorized();
  return next({ ctx: { ...ctx, caller: ctx.caller } });
});

/**
 * The scope rung's check, for procedures and raw routes alike (the sound
 * catalogue's audio): a scoped credential without the scope is 403
 * insufficient_scope with details.requiredScope.
 */
export function checkScope(caller: Context["caller"], scope: Scope | undefined): void {
  if (scope && caller.kind === "account" && caller.scopes !== "all" && !caller.scopes.includes(scope)) {
    throw new AppError(
      "insufficient_scope",
      caller.channel === "app"
        ? `The desktop app was not granted the ${scope} scope; sign in again and allow it.`
        : `This API key lacks the ${scope} scope; create a key that has it.`,
      { requiredScope: scope },
      {
        "WWW-Authenticate": `Bearer realm="streamkit", error="insufficient_scope", scope="${scope}"`,
      },
    );
  }
}

/** Rung: the operation's scope, when the credential is scoped. */
const requireScope = t.middleware(({ ctx, meta, next }) => {
  checkScope(ctx.caller, meta?.rest?.scope);
  return next();
});

/**
 * The plan rung's check, for procedures and raw routes alike (the asset
 * library's upload): an entitlement the account's plan does not grant is 403
 * plan_required naming the cheapest plan that does.
 */
export function checkEntitlement(caller: Context["caller"], entitlement: EntitlementName | undefined): void {
  if (entitlement && caller.kind === "account" && !grants(caller.account.plan, entitlement)) {
    const plan = planFor(entitlement);
    throw new AppError("plan_required", `This needs the ${plans[plan].title} plan or higher; the account is on ${plans[caller.account.plan].title}.`, {
      requiredPlan: plan,
    });
  }
}

/** Rung: the operation's entitlement, granted by the account's plan as this request's caller carries it (read, or kept until it changes: accounts/principal-cache.ts). */
const requirePlan = t.middleware(({ ctx, meta, next }) => {
  checkEntitlement(ctx.caller, meta?.rest?.entitlement);
  return next();
});

/** Rung: website only; API keys and the desktop app get 403 forbidden. */
const requireWebsite = t.middleware(({ ctx, meta, next }) => {
  if (meta?.rest?.websiteOnly && ctx.caller.kind === "account" && ctx.caller.channel !== "web") {
    throw new AppError("forbidden", "This can only be done on the website, signed in; API keys and the desktop app cannot do it.");
  }
  return next();
});

/** Signed in, with the channel, scope and entitlement the procedure's meta declares. */
export const accountProcedure = publicProcedure.use(requireAccount).use(requireWebsite).use(requireScope).use(requirePlan);

/** Rung: the service's operators, on the website only (never published under /api/v1). */
const requireStaff = t.middleware(({ ctx, next }) => {
  if (ctx.caller.kind !== "account" || ctx.caller.channel !== "web" || !ctx.caller.account.staff) {
    throw new AppError("forbidden", "Only the service's operators can do this.");
  }
  return next();
});

export const staffProcedure = accountProcedure.use(requireStaff);
