/**
 * Raw routes: the HTTP endpoints whose request or answer is not a JSON
 * operation (payment webhooks on their raw bodies, Auth.js, the website's
 * tRPC endpoint; next, audio with Range, the app updater, OAuth form posts).
 * They run inside the same core as /api/v1 (handler.ts): one request id, the
 * error envelope, CORS, credentials through the one caller resolver, counting
 * and logging. A body is read only after the caller is known, and never past
 * the route's limit; an answer may stream.
 */
import { Readable } from "node:stream";
import type { Context } from "../shared/context";
import { readBodyWithin } from "./body";
import type { RestRequest, RestResult } from "./types";

export interface RawInput {
  method: string;
  url: URL;
  /** The path template's parameters, decoded; `{...name}` captures the rest of the path. */
  params: Record<string, string>;
  header(name: string): string | null;
  /** The body, read within the route's `bodyLimit` (413 payload_too_large past it). */
  body(): Promise<Uint8Array>;
  /** The request as a fetch Request, its body (if any) already read within the limit: for libraries that take one. */
  request(): Promise<Request>;
}

export interface RawRoute {
  methods: readonly string[];
  /** The full path, e.g. `/api/webhooks/{provider}` or `/api/auth/{...action}`. */
  path: string;
  /**
   * Whose credentials count: `none` reads none; `optional` and `key` read the
   * Authorization header like /api/v1 (a key that is sent must be valid; `key`
   * requires one); `session` reads the website's session cookie.
   */
  auth: "none" | "optional" | "key" | "session";
  /**
   * A per-address limit in memory (shared/limits) counted before
   * anything else, for keyless endpoints that would otherwise be counted
   * nowhere; past it 429 rate_limited in the envelope, its body unread.
   */
  addressLimit?: { name: "oauth" | "webhooks"; what: string };
  /** The largest body accepted, in bytes; a route without one takes no body. */
  bodyLimit?: number;
  /** Readable from any web origin (CORS headers, preflights answered). */
  cors?: boolean;
  handle(input: RawInput, context: Context): Promise<RestResult>;
}

export interface CompiledRawRoute {
  route: RawRoute;
  pattern: RegExp;
  names: string[];
  /** The literal part before the first parameter: the prefix the server hands to this core. */
  prefix: string;
}

export function compileRawRoutes(routes: RawRoute[]): CompiledRawRoute[] {
  return routes.map((route) => {
    const names: string[] = [];
    const source = route.path
      .split("/")
      .map((segment) => {
        const rest = /^\{\.\.\.(\w+)\}$/.exec(segment);
        if (rest) {
          names.push(rest[1]!);
          return "(.+)";
        }
        const param = /^\{(\w+)\}$/.exec(segment);
        if (param) {
          names.push(param[1]!);
          return "([^/]+)";
        }
        return segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      })
      .join("/");
    const prefix = route.path.split("/{")[0]!;
    return { route, pattern: new RegExp(`^${source}$`), names, prefix };
  });
}

/** The route for a method and path, with its parameters. */
export function matchRawRoute(routes: CompiledRawRoute[], method: string, path: string) {
  for (const compiled of routes) {
    const match = compiled.pattern.exec(path);
    if (!match || !compiled.route.methods.includes(method)) continue;
    const params: Record<string, string> = {};
    compiled.names.forEach((name, index) => {
      params[name] = safeDecode(match[index + 1]!);
    });
    return { compiled, params };
  }
  return { compiled: undefined, params: {} };
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** A JSON answer of a raw route. */
export function jsonResult(status: number, body: unknown, headers: Record<string, string> = {}): RestResult {
  return { status, headers: { ...headers, "content-type": "application/json; charset=utf-8" }, body: JSON.stringify(body) };
}

/** A library's fetch Response as the core's answer; its body streams through, Set-Cookie headers stay apart. */
export function fromFetchResponse(response: Response): RestResult {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    if (name !== "set-cookie") headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) headers["set-cookie"] = cookies;
  const body = response.body ? Readable.fromWeb(response.body as import("node:stream/web").ReadableStream<Uint8Array>) : null;
  return { status: response.status, headers, body };
}

/** What a raw route reads of its request: the body only on demand, and never past the route's limit. */
export function createRawInput(request: RestRequest, url: URL, method: string, params: Record<string, string>, route: RawRoute): RawInput {
  let body: Promise<Uint8Array> | undefined;
  const readBody = () => {
    if (route.bodyLimit === undefined) return Promise.resolve(new Uint8Array(0));
    body ??= readBodyWithin(request.fetch(), route.bodyLimit);
    return body;
  };
  return {
    method,
    url,
    params,
    header: (name) => request.header(name),
    body: readBody,
    async request() {
      const original = request.fetch();
      if (method === "GET" || method === "HEAD") return original;
      const bytes = await readBody();
      return new Request(original.url, { method: original.method, headers: original.headers, body: bytes as BodyInit });
    },
  };
}
