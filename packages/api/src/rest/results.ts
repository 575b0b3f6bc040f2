import type { ResponseMeta } from "../shared/context";
import type { AppError } from "@streamkit/api-contract";
import { etagMatches } from "./etag";
import type { RestRequest, RestResult } from "./types";
import type { OperationResult } from "./operations";

export function lowerCase(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) out[name.toLowerCase()] = value;
  return out;
}

/** A successful answer: the procedure's headers, no-store unless it said otherwise, 304 for a matching If-None-Match, no body for 204. */
export function success(request: RestRequest, answer: OperationResult | { status: number; body: Uint8Array }, meta: ResponseMeta): RestResult {
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

/** An error in the envelope of docs/api.md#errors, with the headers the error needs and the ones already set (rate limits), never an ETag. */
export function errorResult(error: AppError, meta: ResponseMeta): RestResult {
  const headers = lowerCase(meta.headers);
  delete headers.etag;
  Object.assign(headers, lowerCase(error.headers ?? {}));
  headers["cache-control"] = "no-store";
  headers["content-type"] = "application/json; charset=utf-8";
  return { status: error.status, headers, body: JSON.stringify(error.toBody()) };
}
