/**
 * The /api/v1 wrapper around trpc-to-openapi. The library routes and
 * validates; this module owns what it cannot do: the error envelope of SPEC
 * §7 for every failure, Content-Type and body-size checks before parsing,
 * 304 for If-None-Match, bodiless 204s, and an X-Request-Id on every response.
 */
import { randomUUID } from "node:crypto";
import { httpLimits } from "@streamkit/api-contract";
import type { AnyRouter } from "@trpc/server";
import { createOpenApiNodeHttpHandler } from "trpc-to-openapi";
import { type Context, createContext, type ResponseMeta } from "../context";
import type { AppDeps } from "../deps";
import { clientAddress, compileTrust } from "../client-address";
import { toAppError } from "../error-mapping";
import { buildOpenApiDocument } from "../openapi/document";
import { AppError } from "../errors";
import { invalidToken, resolveApiKey, touchApiKey } from "../services/api-keys";
import { limitAddress } from "../fx/address-limit";
import { countRequest } from "../trpc";
import { isJsonContentType, parseJsonBody, readBodyWithin } from "./body";
import { etagMatches } from "./etag";
import { AnswerCache } from "./memo";
import { corsHeaders, preflightHeaders } from "./cors";
import { collectRoutes, matchRoute, routesAt } from "./routes";

export const REST_PREFIX = "/api/v1";
const WRITE_METHODS = new Set(["POST", "PUT", "PATCH"]);
const jsonContentType = new Headers({ "content-type": "application/json" });
const STATE = Symbol("rest-request-state");

interface RequestState {
  context: Context;
  error?: unknown;
}

type LibraryRequest = Request & { [STATE]: RequestState };

/** What a procedure's call produced, as the library hands it to its response object. */
interface LibraryResult {
  status: number;
  body: string | undefined;
}

/** What the HTTP server knows that a fetch Request does not. */
export interface ConnectionInfo {
  /** The socket's peer address. */
  remoteAddress?: string;
}

/** A request as the wrapper reads it; node:http (node-bridge.ts) and fetch callers each provide one. */
export interface RestRequest {
  method: string;
  /** The absolute URL. */
  url: string;
  /** A header by its lower-case name. */
  header(name: string): string | null;
  /** The request as a fetch Request, made on first use: reading a body and the library need one, kept answers do not. */
  fetch(): Request;
}

/** The answer, with lower-case header names; `body` is null for 204, 304 and HEAD. */
export interface RestResult {
  status: number;
  headers: Record<string, string>;
  body: string | null;
}

export type RestCore = (request: RestRequest, connection?: ConnectionInfo) => Promise<RestResult>;
export type RestHandler = (request: Request, connection?: ConnectionInfo) => Promise<Response>;

/** The wrapper for fetch callers (the tests): the same core, fetch Request in, fetch Response out. */
export function createRestHandler(router: AnyRouter, deps: AppDeps): RestHandler {
  const core = createRestCore(router, deps);
  return async (request, connection) => {
    const result = await core({ method: request.method, url: request.url, header: (name) => request.headers.get(name), fetch: () => request }, connection);
    return new Response(result.body, { status: result.status, headers: result.headers });
  };
}

export function createRestCore(router: AnyRouter, deps: AppDeps): RestCore {
  const routes = collectRoutes(router);
  const library = createOpenApiNodeHttpHandler({
    router,
    createContext: ({ req }: { req: LibraryRequest }) => req[STATE].context,
    responseMeta: ({ ctx, errors }: { ctx?: Context; errors: unknown[] }) =>
      errors.length === 0 && ctx?.res.status ? { status: ctx.res.status } : {},
    onError: ({ error, req }: { error: unknown; req: LibraryRequest }) => {
      req[STATE].error = error;
    },
  } as never) as unknown as (req: LibraryRequest, res: object) => Promise<void>;

  let openApiJson: string | undefined;
  const openApiDocument = () =>
    (openApiJson ??= JSON.stringify(buildOpenApiDocument(router, { baseUrl: deps.env.PUBLIC_URL, version: "1.0.0" })));

  const trust = compileTrust(deps.env.TRUSTED_PROXIES);
  const answers = new AnswerCache(deps);

  return async function handle(request: RestRequest, connection: ConnectionInfo = {}): Promise<RestResult> {
    const requestId = randomUUID();
    const started = performance.now();
    const url = new URL(request.url);
    const method = request.method === "HEAD" ? "GET" : request.method;
    const path = url.pathname.slice(REST_PREFIX.length).replace(/\/+$/, "") || "/";
    const inputKind = method === "GET" || method === "DELETE" ? "query" : "body";
    const context = createContext({
      deps,
      requestId,
      surface: "rest",
      clientAddress: clientAddress(connection.remoteAddress, request.header("x-forwarded-for"), trust),
    });
    let result: RestResult;
    let failure: unknown;
    let cors = false;
    try {
      if (method === "OPTIONS") {
        const methods = routesAt(routes, path).filter((r) => r.rest.cors).map((r) => r.method);
        if (methods.length === 0) throw new AppError("not_found", `No such endpoint: OPTIONS ${REST_PREFIX}${path}`);
        result = { status: 204, headers: lowerCase(preflightHeaders(methods)), body: null };
      } else if (method === "GET" && path === "/openapi.json") {
        cors = true;
        context.res.headers["Cache-Control"] = "public, max-age=300";
        result = success(request, { status: 200, body: openApiDocument() }, context.res);
      } else {
        const route = matchRoute(routes, method, path);
        if (!route) throw new AppError("not_found", `No such endpoint: ${method} ${REST_PREFIX}${path}`);
        cors = route.rest.cors === true;
        if (route.rest.auth !== "none") await authenticate(request, context);
        let body: unknown;
        if (WRITE_METHODS.has(method)) {
          if (!isJsonContentType(request.header("content-type"))) {
            throw new AppError("unsupported_media_type", "Send the body as JSON with Content-Type: application/json.");
          }
          body = parseJsonBody(await readBodyWithin(request.fetch(), httpLimits.maxBodyBytes));
        }
        const memo = route.rest.memo && route.rest.auth === "none" && method === "GET" ? route.rest.memo : undefined;
        const key = `${path}${url.search}`;
        const version = memo && (await answers.version(memo));
        const stored = version ? answers.get(key, version) : undefined;
        if (stored) {
          if (route.rest.addressLimited) await limitAddress(context);
          Object.assign(context.res.headers, stored.headers);
          result = success(request, stored, context.res);
        } else {
          const state: RequestState = { context };
          const answer = await callLibrary(library, request.fetch(), method, url, path, body, state);
          failure = state.error;
          if (failure === undefined && memo && version && answer.status === 200 && answer.body !== undefined && (await answers.version(memo)) === version) {
            answers.set(key, version, answer.status, answer.body, context.res.headers);
          }
          result = failure === undefined ? success(request, answer, context.res) : errorResult(toAppError(failure, inputKind), context.res);
        }
      }
    } catch (thrown) {
      failure = thrown;
      result = errorResult(toAppError(thrown, inputKind), context.res);
    }
    if (result.status >= 500) {
      deps.log.error({ requestId, method: request.method, path: url.pathname, err: failure }, "request failed");
    }
    result.headers["x-request-id"] = requestId;
    if (cors) for (const [name, value] of Object.entries(corsHeaders)) result.headers[name.toLowerCase()] = value;
    if (request.method === "HEAD") result.body = null;
    deps.log.debug(
      { requestId, method: request.method, path: url.pathname, status: result.status, ms: Math.round(performance.now() - started) },
      "request",
    );
    return result;
  };
}

function callLibrary(
  library: (req: LibraryRequest, res: object) => Promise<void>,
  request: Request,
  method: string,
  url: URL,
  path: string,
  body: unknown,
  state: RequestState,
): Promise<LibraryResult> {
  // The library reads the url, the method, Content-Type (case-sensitively) and
  // `body` of the request it is given: hand it the path inside /api/v1, a
  // normalised header and the body already parsed, over the caller's request.
  const innerUrl = `${url.origin}${path}${url.search}`;
  const headers = body === undefined ? request.headers : jsonContentType;
  const proxy = new Proxy(request, {
    get(target, prop) {
      if (prop === STATE) return state;
      if (prop === "body") return body;
      if (prop === "url") return innerUrl;
      if (prop === "method") return method;
      if (prop === "headers") return headers;
      const value = Reflect.get(target, prop, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  }) as LibraryRequest;
  return new Promise<LibraryResult>((resolve, reject) => {
    let status = 200;
    const res = {
      setHeader() {
        // Headers come from ctx.res; the library's own (Content-Type) are set below.
      },
      get statusCode() {
        return status;
      },
      set statusCode(code: number) {
        status = code;
      },
      end(chunk?: string) {
        resolve({ status, body: chunk });
      },
    };
    library(proxy, res).catch(reject);
  });
}

function lowerCase(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) out[name.toLowerCase()] = value;
  return out;
}

function success(request: RestRequest, answer: LibraryResult, meta: ResponseMeta): RestResult {
  const headers = lowerCase(meta.headers);
  headers["cache-control"] ??= "no-store";
  const etag = headers.etag;
  if (answer.status === 200 && etag && etagMatches(request.header("if-none-match"), etag)) {
    return { status: 304, headers, body: null };
  }
  if (answer.status === 204 || answer.body === undefined) {
    return { status: answer.status, headers, body: null };
  }
  headers["content-type"] = "application/json; charset=utf-8";
  return { status: answer.status, headers, body: answer.body };
}

function errorResult(error: AppError, meta: ResponseMeta): RestResult {
  const headers = lowerCase(meta.headers);
  delete headers.etag;
  Object.assign(headers, lowerCase(error.headers ?? {}));
  headers["cache-control"] = "no-store";
  headers["content-type"] = "application/json; charset=utf-8";
  return { status: error.status, headers, body: JSON.stringify(error.toBody()) };
}

/**
 * Credentials on /api/v1 are API keys only (cookies are never read here, so a
 * browser session cannot be ridden cross-site). A key that is sent must be
 * valid, even where none is needed; the request is then counted against the
 * account's limit before anything else can fail.
 */
async function authenticate(request: RestRequest, context: Context): Promise<void> {
  const authorization = request.header("authorization");
  if (authorization === null) return;
  const match = /^Bearer +(\S+) *$/i.exec(authorization);
  if (!match) throw invalidToken();
  const { db, log, now } = context.deps;
  const caller = await resolveApiKey(db, match[1]!, now());
  context.caller = caller;
  touchApiKey(db, caller.key!.id, now()).catch((error: unknown) => log.warn({ err: error }, "could not record API key use"));
  await countRequest(context);
}
