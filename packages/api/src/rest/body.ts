import { AppError } from "@streamkit/api-contract";

/** True for `application/json` with no charset or a UTF-8 one (case-insensitive, as media types are). */
export function isJsonContentType(header: string | null): boolean {
  if (!header) return false;
  const [type, ...params] = header.split(";").map((part) => part.trim().toLowerCase());
  if (type !== "application/json") return false;
  const charset = params.find((p) => p.startsWith("charset="));
  return !charset || /^charset="?utf-8"?$/.test(charset);
}

/**
 * Reads the body, refusing it as soon as it passes `limit` bytes — whether the
 * client declared a Content-Length or streams it chunked — so an oversized
 * body is never buffered whole.
 */
export async function readBodyWithin(request: Request, limit: number): Promise<Uint8Array> {
  const tooLarge = () => new AppError("payload_too_large", `The request body is larger than the limit of ${limit} bytes.`, { limit });
  const declared = request.headers.get("content-length");
  if (declared !== null && Number(declared) > limit) throw tooLarge();
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read().catch(() => {
      // The stream only fails when the connection does: the client went away (or was cut off) mid-body. Not the server's fault, so no 500.
      throw clientGone();
    });
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      // Not cancelled: that would destroy the connection before the 413 is out. The HTTP server reads off and drops the rest (http-server.ts).
      reader.releaseLock();
      throw tooLarge();
    }
    chunks.push(value);
  }
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

/** The request's body stopped before its end because the connection closed; nobody is left to read the answer. */
export const clientGone = () => new AppError("bad_request", "The connection closed before the request's body was complete.");

/** Decodes and parses a JSON body; anything that is not valid UTF-8 JSON is 400 bad_request. */
export function parseJsonBody(bytes: Uint8Array): unknown {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new AppError("bad_request", "The request body is not valid UTF-8.");
  }
  if (text.trim() === "") throw new AppError("bad_request", "The request body is empty; send a JSON object.");
  try {
    return JSON.parse(text);
  } catch (error) {
    const reason = error instanceof SyntaxError ? error.message : "unreadable";
    throw new AppError("bad_request", `The request body is not valid JSON: ${reason}`);
  }
}
