import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { RestCore, RestRequest, RestResult } from "./types";

/**
 * Serves one node:http request with the REST core: the socket's peer address
 * goes along (the trusted-proxy rule needs it), and the answer is written in
 * one go, or streamed when the answer is a stream. No fetch Request is made unless the request needs one (a body to
 * read, a procedure to run), and no fetch Response at all.
 */
export function serveRest(core: RestCore, req: IncomingMessage, res: ServerResponse): Promise<void> {
  return core(restRequestOf(req, res), { remoteAddress: req.socket.remoteAddress }).then((result) => writeRestResult(res, result));
}

function restRequestOf(req: IncomingMessage, res: ServerResponse): RestRequest {
  let request: Request | undefined;
  return {
    method: req.method ?? "GET",
    url: `http://${req.headers.host ?? "localhost"}${req.url ?? "/"}`,
    header(name) {
      const value = req.headers[name];
      return value === undefined ? null : Array.isArray(value) ? value.join(", ") : value;
    },
    fetch: () => (request ??= toFetchRequest(req, res)),
  };
}

/**
 * A fetch Request for a node:http request. A body streams, so size limits
 * apply while reading, and its request is aborted when the client goes away.
 */
function toFetchRequest(req: IncomingMessage, res: ServerResponse): Request {
  const headers: [string, string][] = [];
  for (let i = 0; i < req.rawHeaders.length; i += 2) headers.push([req.rawHeaders[i]!, req.rawHeaders[i + 1]!]);
  const method = req.method ?? "GET";
  const url = `http://${req.headers.host ?? "localhost"}${req.url ?? "/"}`;
  const hasBody = method !== "GET" && method !== "HEAD" && (req.headers["content-length"] !== undefined || req.headers["transfer-encoding"] !== undefined);
  if (!hasBody) return new Request(url, { method, headers });
  const controller = new AbortController();
  res.once("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  return new Request(url, {
    method,
    headers,
    body: Readable.toWeb(req) as ReadableStream<Uint8Array>,
    signal: controller.signal,
    // Required by Node's fetch for a streamed request body.
    duplex: "half",
  } as RequestInit);
}

function writeRestResult(res: ServerResponse, result: RestResult): Promise<void> {
  const { body } = result;
  if (body instanceof Readable) {
    // Set one by one, so the server's shutdown can read them back (getHeader) to find event streams.
    for (const [name, value] of Object.entries(result.headers)) res.setHeader(name, value);
    res.writeHead(result.status);
    // A client that goes away ends the stream; nothing more to answer then.
    return pipeline(body, res).catch(() => {});
  }
  const bytes = body === null ? undefined : typeof body === "string" ? Buffer.from(body) : body;
  if (bytes) result.headers["content-length"] = String(bytes.byteLength);
  res.writeHead(result.status, result.headers);
  res.end(bytes);
  return Promise.resolve();
}
