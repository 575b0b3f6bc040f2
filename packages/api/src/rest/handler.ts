/**
 * The REST core: every request the service answers outside Next's pages —
 * the JSON operations of /api/v1 (through trpc-to-openapi) and the raw routes
 * (raw.ts) — passes here, and takes one path: routed once (routes.ts), the
 * caller resolved and counted once, the procedure called directly
 * (operations.ts), a failure unwrapped once. This module owns the error envelope
 * (docs/api.md#errors) for every failure, credentials resolved (and the request counted) before
 * any body is read, Content-Type and body-size checks before parsing, 304 for
 * If-None-Match, bodiless 204s, CORS, logging, and an X-Request-Id on every
 * response.
 */
import { randomUUID } from "node:crypto";
import type { Readable } from "node:stream";
import type { ConnectionInfo, RestCore, RestRequest, RestResult } from "./types";
import { httpLimits } from "@streamkit/api-contract";
import type { AnyRouter } from "@trpc/server";
import { accountDisabled, unauthorized } from "../shared/auth-errors";
import { clientAddress, compileTrust } from "../shared/client-address";
import { type CallerResolver, type Context, createContext } from "../shared/context";
import type { AppDeps } from "../shared/deps";
import { toAppError, unavailableReason, unwrapError } from "../shared/error-mapping";
import { AppError } from "@streamkit/api-contract";
import { countRequest, limitAnonymous, limitPerAddress } from "../shared/limits/index";
import { isJsonContentType, parseJsonBody, readBodyWithin } from "./body";
import { checkJsonBounds, checkUrlText } from "./json-bounds";
import { corsHeaders, preflightHeaders } from "./cors";
import { callOperation } from "./operations";
import { AnswerCache, type AnswerVersions, isPublicSource, publicAnswerHeaders } from "./memo";
import { compileRawRoutes, createRawInput, matchRawRoute, type RawRoute } from "./raw";
import { errorResult, lowerCase, success } from "./results";
import { settleWritesOnce } from "../shared/write-fence";
import { collectRoutes, matchRoute, type RestRoute, routesAt } from "./routes";

export const REST_PREFIX = "/api/v1";
export type { ConnectionInfo, RestCore, RestRequest, RestResult } from "./types";
const WRITE_METHODS = new Set(["POST", "PUT", "PATCH"]);

/** No body at all: no Content-Type, no Transfer-Encoding and no (or a zero) Content-Length. A body without Content-Type stays a 415. */
const withoutBody = (request: { header(name: string): string | null }) =>
  request.header("content-type") === null && request.header("transfer-encoding") === null && (request.header("content-length") ?? "0") === "0";
export type RestHandler = (request: Request, connection?: ConnectionInfo) => Promise<Response>;

/**
 * What the core is handed by the composition root (app/rest-core.ts): it
 * imports no feature, so the routes, the caller resolver, the OpenAPI
 * document and the versions of kept answers come from outside.
 */
export interface CoreParts {
  router: AnyRouter;
  deps: AppDeps;
  rawRoutes: RawRoute[];
  resolveCaller: CallerResolver;
  /** The OpenAPI document of the router, built on its first request. */
  openApiDocument: () => object;
  answerVersions: AnswerVersions;
  /** The per-address limit of operations marked `addressLimited`, counted for kept answers too. */
  limitAddress: (context: Context) => Promise<void>;
}

/** The core for fetch callers (the tests): the same core, fetch Request in, fetch Response out. */
export function fetchHandlerOf(core: RestCore): RestHandler {
  return async (request, connection) => {
    // A body of unknown length would travel chunked over the wire: say so, as node:http would.
    const header = (name: string) =>
      request.headers.get(name) ?? (name === "transfer-encoding" && request.body !== null && !request.headers.has("content-length") ? "chunked" : null);
    const result = await core({ method: request.method, url: request.url, header, fetch: () => request }, connection);
    const headers = new Headers();
    for (const [name, value] of Object.entries(result.headers)) {
      for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
    }
    const body =
      result.body === null || typeof result.body === "string" || result.body instanceof Uint8Array
        ? result.body
        : (await import("node:stream")).Readable.toWeb(result.body);
    return new Response(body as BodyInit | null, { status: result.status, headers });
  };
}

export function createRestCore(parts: CoreParts): RestCore {
  const { router, deps, rawRoutes, resolveCaller, limitAddress } = parts;
  const routes = collectRoutes(router);
  const raw = compileRawRoutes(rawRoutes);

  let openApiJson: string | undefined;
  const openApiDocument = () => (openApiJson ??= JSON.stringify(parts.openApiDocument()));

  const trust = compileTrust(deps.env.TRUSTED_PROXIES);
  const answers = new AnswerCache(deps, parts.answerVersions);

  /** A JSON operation of /api/v1 (or the OpenAPI document, or a preflight). */
  async function operation(request: RestRequest, url: URL, method: string, context: Context, outcome: Outcome): Promise<RestResult> {
    const path = url.pathname.slice(REST_PREFIX.length).replace(/\/+$/, "") || "/";
    if (method === "OPTIONS") {
      const methods = routesAt(routes, path)
        .filter((r) => r.rest.cors)
        .map((r) => r.method);
      if (methods.length === 0) throw new AppError("not_found", `No such endpoint: OPTIONS ${REST_PREFIX}${path}`);
      return { status: 204, headers: lowerCase(preflightHeaders(methods)), body: null };
    }
    if (method === "GET" && path === "/openapi.json") {
      outcome.cors = true;
      context.res.headers["Cache-Control"] = "public, max-age=300";
      return success(request, { status: 200, body: openApiDocument() }, context.res);
    }
    const route = matchRoute(routes, method, path);
    if (!route) throw new AppError("not_found", `No such endpoint: ${method} ${REST_PREFIX}${path}`);
    outcome.cors = route.rest.cors === true;
    // Anonymous answers of these are public: a shared cache must never hand one to a request with credentials (nor a keyed one to anybody).
    if (route.rest.memo && isPublicSource(route.rest.memo)) context.res.headers.Vary = "Authorization";
    // A read's count and its statements go to the database together (one round trip, not two); a write is counted first.
    const { counted } =
      route.rest.auth === "none" ? { counted: undefined } : await authenticate(request, context, route.rest.auth === "key", isQuery(route, method));
    let body: unknown;
    if (WRITE_METHODS.has(method) && withoutBody(request)) {
      // A write with no body at all (POST /overlays/{id}/browser-source) means no fields: the input schema decides.
      body = {};
    } else if (WRITE_METHODS.has(method)) {
      if (!isJsonContentType(request.header("content-type"))) {
        throw new AppError("unsupported_media_type", "Send the body as JSON with Content-Type: application/json.");
      }
      body = parseJsonBody(await readBodyWithin(request.fetch(), httpLimits.maxBodyBytes));
      checkJsonBounds(body);
    }
    const memo = memoOf(route, method, context);
    const key = `${path}${url.search}`;
    const version = memo && (await answers.version(memo));
    const stored = memo && version ? answers.get(memo, key, version) : undefined;
    if (stored) {
      if (route.rest.addressLimited) await limitAddress(context);
      Object.assign(context.res.headers, stored.headers);
      return success(request, stored, context.res);
    }
    const answer = await answerOf(callOperation(route, context, url, path, body), counted);
    if (memo && isPublicSource(memo) && answer.status === 200 && answer.body !== undefined)
      Object.assign(context.res.headers, publicAnswerHeaders(memo, answer.body));
    // A database's version (marketplace, market) is read before the procedure's statements, so the body is at least that new: kept under it, it can only be dropped early.
    if (memo && version && answer.status === 200 && answer.body !== undefined && (isPublicSource(memo) || (await answers.version(memo)) === version)) {
      answers.set(memo, key, version, answer.status, answer.body, context.res.headers);
    }
    return success(request, answer, context.res);
  }

  /** A raw route: credentials first, then the body within its limit, then the route's own answer. */
  async function rawRoute(request: RestRequest, url: URL, method: string, context: Context, outcome: Outcome): Promise<RestResult | undefined> {
    const found = matchRawRoute(raw, method === "OPTIONS" ? "GET" : method, url.pathname);
    if (!found.compiled) return undefined;
    const { route } = found.compiled;
    outcome.cors = route.cors === true;
    if (method === "OPTIONS") {
      if (!route.cors) throw new AppError("not_found", `No such endpoint: OPTIONS ${url.pathname}`);
      return { status: 204, headers: lowerCase(preflightHeaders([...route.methods])), body: null };
    }
    if (route.addressLimit) limitPerAddress(context, route.addressLimit.name, route.addressLimit.what);
    if (route.auth === "session") {
      context.surface = "web";
      context.caller = await resolveCaller(deps, { surface: "web", cookie: request.header("cookie") });
    } else if (route.auth !== "none") {
      await authenticate(request, context, route.auth === "key");
    }
    const input = createRawInput(request, url, method, found.params, route);
    const result = await route.handle(input, context);
    return { ...result, headers: { ...lowerCase(context.res.headers), ...result.headers } };
  }

  /**
   * Credentials on the API surface come from the Authorization header only
   * (cookies are never read, so a browser session cannot be ridden
   * cross-site). A credential that is sent must be valid, even where none is
   * needed; the request is then counted against the account's limit before
   * anything else can fail. Where one is required, an anonymous or suspended
   * caller is refused here, before any body is read or parsed.
   */
  async function authenticate(request: RestRequest, context: Context, required: boolean, deferCount = false): Promise<{ counted?: Promise<void> }> {
    // Without valid credentials — none, or refused ones — the per-address limit in memory (shared/limits; /fx is auth "none" and never comes here).
    context.caller = await resolveCaller(deps, { surface: "api", authorization: request.header("authorization") }).catch((error: unknown) => {
      limitAnonymous(context);
      throw error;
    });
    if (context.caller.kind === "anonymous") limitAnonymous(context);
    const counted = countRequest(context);
    const refusal =
      required && context.caller.kind !== "account"
        ? unauthorized()
        : context.caller.kind === "account" && context.caller.account.suspended
          ? accountDisabled()
          : undefined;
    if (!deferCount || refusal) {
      await counted;
      if (refusal) throw refusal;
      return {};
    }
    // Awaited by the caller (answerOf); handled here too, so a refusal arriving first is never unhandled.
    counted.catch(() => {});
    return { counted };
  }

  async function handle(request: RestRequest, connection: ConnectionInfo = {}): Promise<RestResult> {
    const requestId = randomUUID();
    const started = performance.now();
    const method = request.method === "HEAD" ? "GET" : request.method;
    const context = createContext({
      deps,
      requestId,
      surface: "rest",
      clientAddress: clientAddress(connection.remoteAddress, request.header("x-forwarded-for"), trust),
    });
    const outcome: Outcome = { cors: false };
    let url: URL | undefined;
    let result: RestResult;
    let failure: unknown;
    try {
      url = parseUrl(request.url);
      checkUrlText(url);
      const answered = await rawRoute(request, url, method, context, outcome);
      if (answered) result = answered;
      else if (isUnder(url.pathname, REST_PREFIX)) result = await operation(request, url, method, context, outcome);
      else throw new AppError("not_found", `No such endpoint: ${method} ${url.pathname}`);
    } catch (thrown) {
      failure = thrown;
      result = errorResult(toAppError(thrown, method === "GET" || method === "DELETE" ? "query" : "body"), context.res);
    }
    // A change this request made applies to this process's very next request (shared/write-fence.ts).
    if (method !== "GET" && method !== "OPTIONS") await settleWritesOnce(deps, context);
    const path = url?.pathname ?? request.url;
    // The database being unavailable is not a bug: one warning with its reason, no stack (and a 503 from the website's tRPC has no `failure` here).
    if (result.status === 503) deps.log.warn({ requestId, method: request.method, path, reason: unavailableReason(failure) }, "service unavailable");
    else if (result.status >= 500) deps.log.error({ requestId, method: request.method, path, err: unwrapError(failure) }, "request failed");
    result.headers["x-request-id"] = requestId;
    result.headers["x-content-type-options"] = "nosniff";
    if (outcome.cors) for (const [name, value] of Object.entries(corsHeaders)) result.headers[name.toLowerCase()] = value;
    if (request.method === "HEAD") {
      (result.body as Readable | null)?.destroy?.();
      result.body = null;
    }
    deps.log.debug({ requestId, method: request.method, path, status: result.status, ms: Math.round(performance.now() - started) }, "request");
    return result;
  }

  return Object.assign(handle, { prefixes: [REST_PREFIX, ...new Set(raw.map((r) => r.prefix).filter((p) => !isUnder(p, REST_PREFIX)))] });
}

interface Outcome {
  cors: boolean;
}

/** The answer cache's source for this request: keyless operations always, anonymous browsing only without credentials (a keyed answer is private and exact). */
function memoOf(route: RestRoute, method: string, context: Context) {
  if (method !== "GET" || !route.rest.memo) return undefined;
  if (route.rest.auth === "none") return route.rest.memo;
  return route.rest.auth === "optional" && context.caller.kind === "anonymous" ? route.rest.memo : undefined;
}

/** A JSON read: no side effect, so it may run while its request is being counted. */
function isQuery(route: RestRoute, method: string): boolean {
  return method === "GET" && route.procedure._def.type === "query";
}

/** The operation's answer once its request is counted: past the limit, the 429 (and its headers) win whatever the operation did. */
async function answerOf<T>(operation: Promise<T>, counted: Promise<void> | undefined): Promise<T> {
  const [answer, count] = await Promise.allSettled([operation, counted]);
  if (count.status === "rejected") throw count.reason;
  if (answer.status === "rejected") throw answer.reason;
  return answer.value;
}

function isUnder(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}

/** The request's URL; a Host header no URL can be made of is the client's mistake. */
function parseUrl(raw: string): URL {
  try {
    return new URL(raw);
  } catch {
    throw new AppError("bad_request", "The request's Host header or path is not valid.");
  }
}
