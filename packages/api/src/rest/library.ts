/**
 * How the REST core calls trpc-to-openapi: the library routes and validates a
 * JSON operation and runs its procedure; this hands it the request it expects
 * and catches what it writes, so the core alone decides the answer.
 */
import type { AnyRouter } from "@trpc/server";
import { createOpenApiNodeHttpHandler } from "trpc-to-openapi";
import type { Context } from "../shared/context";

const jsonContentType = new Headers({ "content-type": "application/json" });
const STATE = Symbol("rest-request-state");

export interface RequestState {
  context: Context;
  /** What the procedure threw, if it failed. */
  error?: unknown;
}

type LibraryRequest = Request & { [STATE]: RequestState };

/** What a procedure's call produced, as the library hands it to its response object. */
export interface LibraryResult {
  status: number;
  body: string | undefined;
}

export type Library = (req: LibraryRequest, res: object) => Promise<void>;

export function createLibrary(router: AnyRouter): Library {
  return createOpenApiNodeHttpHandler({
    router,
    createContext: ({ req }: { req: LibraryRequest }) => req[STATE].context,
    responseMeta: ({ ctx, errors }: { ctx?: Context; errors: unknown[] }) => (errors.length === 0 && ctx?.res.status ? { status: ctx.res.status } : {}),
    onError: ({ error, req }: { error: unknown; req: LibraryRequest }) => {
      req[STATE].error = error;
    },
  } as never) as unknown as Library;
}

export function callLibrary(
  library: Library,
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
      // The library reads `req.query` when present: hand it one without a prototype, so `?__proto__=x` is a parameter, not a 500.
      if (prop === "query") return queryOf(url);
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

/** The query string as the library expects it (each name to its values), in an object without a prototype. */
function queryOf(url: URL): Record<string, string[]> {
  const query = Object.create(null) as Record<string, string[]>;
  for (const [name, value] of url.searchParams) {
    query[name] ??= [];
    query[name].push(value);
  }
  return query;
}
