/**
 * The one node:http server of every process that answers HTTP: production's
 * apps/web/server.ts (with Next.js as the fallback) and the tests' server
 * process (without). It holds what must hold for every path, the website's
 * included:
 * - the prefix table: the REST core's prefixes go to the core, the rest to the
 *   fallback (without one the core answers everything: 404 in the envelope);
 * - malformed requests — a request target that is not a path (`*`, an
 *   absolute URL), a missing, repeated or invalid Host header, a CONNECT, bytes
 *   that are not HTTP — are 400 bad_request in the envelope of docs/api.md#errors with an
 *   X-Request-Id, before anything else sees them, so nothing can answer them
 *   with a 500 or a redirect built from them;
 * - the timeouts of httpTimeouts, so slow or stalled clients are cut off;
 * - a body left unread when the answer is given: a small one is read off and
 *   dropped, keeping the connection; a large or unknown one gets
 *   `Connection: close`, and the rest is read and dropped for a moment after
 *   the answer, so the client reads the answer instead of a reset;
 * - a client that leaves mid-request is logged as that, at info.
 */
import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, STATUS_CODES, ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { httpLimits, httpTimeouts } from "@streamkit/api-contract";
import type { Env } from "../shared/env";
import { peerAddress } from "../shared/client-address";
import { capConnections } from "./connection-limit";
import { toAppError } from "../shared/error-mapping";
import { AppError } from "@streamkit/api-contract";
import { LogGate } from "../shared/log-gate";
import type { Logger } from "../shared/logger";
import type { RestCore } from "../rest/types";
import { serveRest } from "../rest/node-bridge";
import { errorResult } from "../rest/results";

const CLIENT_GONE = "client went away before the request was complete";

export type Serve = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

/** What the server needs of the runtime (a Runtime fits). */
export interface HttpServerRuntime {
  rest: RestCore;
  deps: { env: Env; log: Logger };
}

export interface HttpServerOptions {
  /** Answers every path outside the REST core's prefixes (the website). Without one the REST core answers those too. */
  fallback?: Serve;
}

/** The server's timeouts in milliseconds: httpTimeouts, with REQUEST_TIMEOUT_MS and KEEP_ALIVE_TIMEOUT_MS applied. */
export function serverTimeouts(env: Pick<Env, "REQUEST_TIMEOUT_MS" | "KEEP_ALIVE_TIMEOUT_MS">) {
  const requestMs = env.REQUEST_TIMEOUT_MS ?? httpTimeouts.requestMs;
  // Node refuses a headers timeout longer than the request's.
  const headersMs = Math.min(httpTimeouts.headersMs, requestMs);
  return {
    headersMs,
    requestMs,
    keepAliveMs: env.KEEP_ALIVE_TIMEOUT_MS ?? httpTimeouts.keepAliveMs,
    checkIntervalMs: Math.max(50, Math.min(httpTimeouts.checkIntervalMs, Math.floor(headersMs / 2))),
  };
}

/**
 * Says `Connection: close` when the answer starts while a body the server
 * will not drain is still arriving (every answer passes writeHead, implicit
 * ones too).
 */
class GuardedResponse extends ServerResponse<IncomingMessage> {
  /** True when this answer closed the connection because of an unread body. */
  closesForBody = false;

  override writeHead(statusCode: number, ...rest: unknown[]): this {
    if (!this.headersSent && unreadBody(this.req) === "large") {
      this.setHeader("connection", "close");
      this.closesForBody = true;
    }
    return (ServerResponse.prototype.writeHead as (this: ServerResponse, statusCode: number, ...rest: unknown[]) => this).call(this, statusCode, ...rest);
  }
}

/** What is left of the request's body: nothing, a small declared remainder worth reading off, or more (or an unknown length). */
function unreadBody(req: IncomingMessage): "none" | "small" | "large" {
  if (req.complete || req.destroyed) return "none";
  if (req.headers["transfer-encoding"] !== undefined) return "large";
  const declared = Number(req.headers["content-length"] ?? 0);
  if (!(declared > 0)) return "none";
  return declared <= httpLimits.maxDrainBytes ? "small" : "large";
}

export function createHttpServer(runtime: HttpServerRuntime, options: HttpServerOptions = {}) {
  const { log } = runtime.deps;
  const timeouts = serverTimeouts(runtime.deps.env);
  // Lines a flood would repeat per connection are written once per peer address and interval (log-gate.ts).
  const quiet = new LogGate(log);
  const serveApi: Serve = (req, res) => serveRest(runtime.rest, req, res);
  /** The API's prefixes first; "/" catches the rest. */
  const prefixTable: [prefix: string, serve: Serve][] = [
    ...runtime.rest.prefixes.map((prefix): [string, Serve] => [prefix, serveApi]),
    ["/", options.fallback ?? serveApi],
  ];
  const route = (path: string): Serve =>
    prefixTable.find(([prefix]) => prefix === "/" || path === prefix || path.startsWith(`${prefix}/`) || path.startsWith(`${prefix}?`))![1];

  /** The answer in flight on a socket, if any (a timeout must not write over one that started). */
  const inFlight = new WeakMap<Socket, ServerResponse>();
  /** Sockets the server cut off or answered as broken: whatever happens to them next is not the client leaving. */
  const cutOff = new WeakSet<Socket>();
  /** How many bytes a socket had read when its last answer finished: more since then means a request has begun. */
  const readAtLastAnswer = new WeakMap<Socket, number>();

  const server = createServer<typeof IncomingMessage, typeof GuardedResponse>(
    {
      ServerResponse: GuardedResponse,
      // A missing Host is answered below, in the envelope, instead of Node's bare 400.
      requireHostHeader: false,
      headersTimeout: timeouts.headersMs,
      requestTimeout: timeouts.requestMs,
      connectionsCheckingInterval: timeouts.checkIntervalMs,
    },
    (req, res) => {
      const socket = req.socket;
      inFlight.set(socket, res);
      // Finished while the connection was up: an answer written after the client left also "finishes".
      let answered = false;
      req.once("close", () => {
        if (!req.complete && !answered && !cutOff.has(socket)) {
          quiet.info(peerAddress(socket.remoteAddress), { method: req.method, path: pathOf(req.url) }, CLIENT_GONE);
        }
      });
      res.once("finish", () => {
        answered = !socket.destroyed;
        readAtLastAnswer.set(socket, socket.bytesRead);
        if (inFlight.get(socket) === res) inFlight.delete(socket);
        if (!req.complete && !req.destroyed) finishUnreadBody(req, res);
      });
      const malformed = malformation(req);
      if (malformed) {
        cutOff.add(socket);
        answer(res, new AppError("bad_request", malformed), { close: true });
        return;
      }
      route(req.url!)(req, res).catch((error: unknown) => {
        log.error({ err: error, method: req.method, path: pathOf(req.url) }, "could not answer a request");
        if (res.headersSent) res.destroy();
        else answer(res, toAppError(error));
      });
    },
  );
  server.keepAliveTimeout = timeouts.keepAliveMs;
  // Connections per untrusted peer address and in all (connection-limit.ts).
  capConnections(server, runtime.deps.env, quiet);

  /** Bytes that are not HTTP, headers too large, or a request too slow (Node's timeouts): no request object exists, the socket gets the answer. */
  server.on("clientError", (error: NodeJS.ErrnoException, socket: Socket) => {
    if (cutOff.has(socket) && error.code !== "ERR_HTTP_REQUEST_TIMEOUT") return;
    cutOff.add(socket);
    const current = inFlight.get(socket);
    // The client closed (or reset) its side mid-request: nobody is left to answer.
    if (error.code === "HPE_INVALID_EOF_STATE" || error.code === "ECONNRESET") {
      if (current && !current.req.complete)
        quiet.info(peerAddress(socket.remoteAddress), { method: current.req.method, path: pathOf(current.req.url) }, CLIENT_GONE);
      socket.destroy();
      return;
    }
    const timedOut = error.code === "ERR_HTTP_REQUEST_TIMEOUT";
    // Nothing of a request arrived (a browser's connection opened ahead of need, or kept alive after its answer): close it
    // without an answer. A browser may be sending on it at this very moment and would take an answer as that request's;
    // a closed unused connection it retries on a new one.
    if (timedOut && !current && socket.bytesRead === (readAtLastAnswer.get(socket) ?? 0)) {
      socket.destroy();
      return;
    }
    if (timedOut) quiet.info(peerAddress(socket.remoteAddress), { timeoutMs: timeouts.requestMs }, "request timed out");
    if (!socket.writable || current?.headersSent) {
      socket.destroy();
      return;
    }
    const message = timedOut
      ? `The request did not arrive within ${timeouts.requestMs / 1000} seconds (headers within ${timeouts.headersMs / 1000}).`
      : error.code === "HPE_HEADER_OVERFLOW"
        ? "The request's headers are too large."
        : "The request is not valid HTTP/1.1.";
    socket.end(rawAnswer(new AppError("bad_request", message)), () => socket.destroy());
  });

  /** CONNECT (a proxy's method): this is no proxy. */
  server.on("connect", (_req: IncomingMessage, socket: Socket) => {
    cutOff.add(socket);
    socket.end(rawAnswer(new AppError("bad_request", "This server is not a proxy: CONNECT is not answered.")), () => socket.destroy());
  });

  return server;
}

/**
 * The answer is out and the body was not read to its end. A small declared
 * remainder is read and dropped (Node's own dump), so the kept-alive
 * connection can carry the next request. After `Connection: close` the
 * server has sent its FIN; Node would now destroy the socket, and with body
 * bytes still arriving the kernel answers them with a reset that can make
 * the client lose the answer. So the rest is read and dropped until the
 * client has sent it all, or for httpTimeouts.lingerMs at most.
 */
function finishUnreadBody(req: IncomingMessage, res: ServerResponse): void {
  req.removeAllListeners("data");
  req.resume();
  if (!(res instanceof GuardedResponse) || !res.closesForBody) return;
  const socket = req.socket;
  // Node's `socket.destroySoon()` left this listener to destroy once the FIN is flushed; the linger below destroys instead.
  socket.removeListener("finish", socket.destroy);
  const stop = () => socket.destroy();
  const timer = setTimeout(stop, httpTimeouts.lingerMs);
  timer.unref();
  req.once("end", stop);
  socket.once("close", () => clearTimeout(timer));
}

/** Why a request cannot be answered as it stands, or undefined. */
function malformation(req: IncomingMessage): string | undefined {
  const target = req.url ?? "";
  // Origin form only: `*` (OPTIONS *) and absolute URLs (`GET http://host/ HTTP/1.1`) would lead the routing, or a redirect, elsewhere.
  if (!target.startsWith("/")) return "The request target must be a path starting with “/”: no absolute URL, no “*”.";
  let hosts = 0;
  for (let i = 0; i < req.rawHeaders.length; i += 2) if (req.rawHeaders[i]!.toLowerCase() === "host") hosts++;
  if (hosts > 1) return "The request has more than one Host header.";
  const host = req.headers.host;
  if (host === undefined) return req.httpVersion === "1.0" ? undefined : "The request has no Host header.";
  if (!isValidHost(host)) return "The request's Host header is not a valid host name with an optional port.";
  return undefined;
}

/** A DNS name (underscores allowed, as internal names have them), an IPv4 address or a bracketed IPv6 one, and an optional port 0–65535. */
const HOST = /^(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9_](?:[A-Za-z0-9_.-]*[A-Za-z0-9_.])?)(?::(\d{1,5}))?$/;

export function isValidHost(host: string): boolean {
  const match = HOST.exec(host);
  if (!match || (match[1] !== undefined && Number(match[1]) > 65535)) return false;
  try {
    const url = new URL(`http://${host}/`);
    return url.username === "" && url.password === "";
  } catch {
    return false;
  }
}

function pathOf(target: string | undefined): string {
  const path = (target ?? "").split("?")[0]!;
  return path.length > 200 ? `${path.slice(0, 199)}…` : path;
}

/** The REST core's error answer (results.ts), with what a request outside the core still gets: a request id, nosniff, the length, and `Connection: close` when asked. */
function errorAnswer(error: AppError, close: boolean): { status: number; headers: Record<string, string>; body: string } {
  const result = errorResult(error, { headers: {} });
  const body = result.body as string;
  const headers = {
    ...(result.headers as Record<string, string>),
    "x-content-type-options": "nosniff",
    "x-request-id": randomUUID(),
    "content-length": String(Buffer.byteLength(body)),
    ...(close ? { connection: "close" } : {}),
  };
  return { status: result.status, headers, body };
}

/** An error answer in the envelope on a response object. */
function answer(res: ServerResponse, error: AppError, { close = false } = {}): void {
  const { status, headers, body } = errorAnswer(error, close);
  res.writeHead(status, headers);
  res.end(body);
}

/** The same answer as bytes, for a socket without a response object; it always closes the connection. */
function rawAnswer(error: AppError): string {
  const { status, headers, body } = errorAnswer(error, true);
  const head = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join("");
  return `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? "Error"}\r\n${head}\r\n${body}`;
}
