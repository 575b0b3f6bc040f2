import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";

/**
 * The text of the JSON bodies the REST handler answers with, by response, so
 * that writing them to node:http does not read them back through a web stream
 * (which costs more than the rest of a cached answer).
 */
const bodies = new WeakMap<Response, string>();

/** A fetch Response with a text body that sendFetchResponse can write without streaming it. */
export function textResponse(text: string, init: ResponseInit): Response {
  const response = new Response(text, init);
  bodies.set(response, text);
  return response;
}

/**
 * A fetch Request for a node:http request. A body streams, so size limits
 * apply while reading, and its request is aborted when the client goes away;
 * bodiless requests (GET, HEAD, DELETE, OPTIONS) skip both, which saves most
 * of the cost of the conversion.
 */
export function toFetchRequest(req: IncomingMessage, res: ServerResponse): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) value.forEach((v) => headers.append(name, v));
    else headers.set(name, value);
  }
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

/** Writes a fetch Response to node:http. API responses are small JSON, so the body is sent in one write. */
export async function sendFetchResponse(res: ServerResponse, response: Response): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    if (name !== "set-cookie") headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) headers["set-cookie"] = cookies;
  const text = bodies.get(response);
  const body = text !== undefined ? Buffer.from(text) : response.body ? Buffer.from(await response.arrayBuffer()) : undefined;
  if (body) headers["content-length"] = String(body.byteLength);
  res.writeHead(response.status, headers);
  res.end(body);
}
