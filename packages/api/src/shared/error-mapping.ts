/**
 * The one error map: whatever was thrown, wherever (a procedure, a raw route,
 * the REST core, a website action, the operator CLI), becomes an AppError
 * with a stable code of docs/api.md#errors; the code decides the HTTP status.
 */
import { availabilityLimits, type Problem } from "@streamkit/api-contract";
import { databaseUnavailableReason, errorCodeIn, UNSTORABLE_TEXT } from "@streamkit/db/error-codes";
import type { TRPC_ERROR_CODE_KEY } from "@trpc/server";
import { AppError, type ErrorDetails, isAppError } from "@streamkit/api-contract";

export interface IssueLike {
  path: PropertyKey[];
  message: string;
}

/** At most this many problems are listed in an answer; the message says how many there were. */
export const MAX_PROBLEMS = 100;

interface TrpcErrorLike extends Error {
  code: TRPC_ERROR_CODE_KEY;
  cause?: unknown;
}

/** By name, not class: @trpc/server may be bundled more than once in a process (see errors.ts). */
function isTrpcError(value: unknown): value is TrpcErrorLike {
  return value instanceof Error && value.name === "TRPCError" && typeof (value as { code?: unknown }).code === "string";
}

function isZodError(value: unknown): value is Error & { issues: IssueLike[] } {
  return value instanceof Error && value.name === "ZodError" && Array.isArray((value as { issues?: unknown }).issues);
}

/**
 * What was really thrown: tRPC wraps whatever a procedure or middleware
 * throws in a TRPCError whose cause it is (sometimes twice over).
 */
export function unwrapError(error: unknown): unknown {
  let current = error;
  for (let depth = 0; depth < 4 && isTrpcError(current) && current.cause !== undefined && !isZodError(current.cause); depth++) current = current.cause;
  return current;
}

/** `files[0].path` style, readable in a message and stable for programs. */
export function formatIssuePath(path: PropertyKey[]): string {
  let out = "";
  for (const segment of path) {
    if (typeof segment === "number") out += `[${segment}]`;
    else out += out ? `.${String(segment)}` : String(segment);
  }
  return out || "(root)";
}

/** Longest problem message kept (zod lists every unrecognised key in one message). */
const MAX_PROBLEM_MESSAGE = 300;

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

export function problemsFromZod(issues: IssueLike[]): Problem[] {
  return issues
    .slice(0, MAX_PROBLEMS)
    .map((issue) => ({ path: clip(formatIssuePath(issue.path), MAX_PROBLEM_MESSAGE), message: clip(issue.message, MAX_PROBLEM_MESSAGE) }));
}

export function validationError(issues: IssueLike[], inputKind: "query" | "body"): AppError {
  const problems = problemsFromZod(issues);
  const more = issues.length > problems.length ? ` (and ${issues.length - problems.length} more problems)` : "";
  const summary = `${problems
    .slice(0, 10)
    .map((p) => `${p.path}: ${p.message}`)
    .join("; ")}${issues.length > 10 ? "; …" : ""}${more}`;
  return inputKind === "query"
    ? new AppError("bad_request", `Invalid query parameter — ${summary}`, problems)
    : new AppError("validation_error", `The request body failed validation — ${summary}`, problems);
}

/** The database is down, unreachable or too slow: 503 with Retry-After, never a 500 (docs/operations.md). */
export const serviceUnavailable = (details?: ErrorDetails) =>
  new AppError("service_unavailable", `The service is briefly unavailable; retry in ${availabilityLimits.retryAfterSeconds} seconds.`, details, {
    "Retry-After": String(availabilityLimits.retryAfterSeconds),
  });

/** For the log: why a request was answered 503 (ECONNREFUSED, 57P01, CONNECT_TIMEOUT…), or undefined when the database was not the reason. */
export function unavailableReason(error: unknown): string | undefined {
  const cause = unwrapError(error);
  if (isAppError(cause) && cause.code === "service_unavailable") return typeof cause.cause === "string" ? cause.cause : undefined;
  return databaseUnavailableReason(cause);
}

export const internalError = () => new AppError("internal_error", "Something went wrong on our side. Quote the request id when you report it.");

/**
 * Every failure becomes an AppError: ours pass through, input validation
 * becomes validation_error (bodies) or bad_request (query parameters), the
 * library's own errors get their codes, anything else is internal_error
 * (its cause is for the log, never for the answer).
 */
export function toAppError(error: unknown, inputKind: "query" | "body" = "body"): AppError {
  const cause = unwrapError(error);
  if (isAppError(cause)) return cause;
  // Text the database cannot store is the input's fault, whichever path it came by.
  if (errorCodeIn(cause, UNSTORABLE_TEXT)) return new AppError("bad_request", "Text may not contain the NUL character (U+0000) or bytes that are not UTF-8.");
  const unavailable = databaseUnavailableReason(cause);
  // The reason's code rides along for the log line (unavailableReason); the answer never shows it.
  if (unavailable) return Object.assign(serviceUnavailable(), { cause: unavailable });
  if (isTrpcError(error)) {
    if (error.code === "BAD_REQUEST" && isZodError(error.cause)) return validationError(error.cause.issues, inputKind);
    switch (error.code) {
      case "PARSE_ERROR":
        return new AppError("bad_request", "The request body is not valid JSON.");
      case "BAD_REQUEST":
        return new AppError("bad_request", "The request is malformed.");
      case "NOT_FOUND":
        return new AppError("not_found", "Not found.");
      case "METHOD_NOT_SUPPORTED":
        return new AppError("not_found", "No such endpoint for this method.");
      case "UNSUPPORTED_MEDIA_TYPE":
        return new AppError("unsupported_media_type", "Send the body as JSON with Content-Type: application/json.");
      case "PAYLOAD_TOO_LARGE":
        return new AppError("payload_too_large", "The request body is too large.");
      default:
        break;
    }
  }
  return internalError();
}

/** The tRPC code of a domain error, so /api/trpc answers the domain error's HTTP status too. */
export function trpcCodeOf(error: AppError): TRPC_ERROR_CODE_KEY {
  return trpcCodeByStatus[error.status] ?? "INTERNAL_SERVER_ERROR";
}

const trpcCodeByStatus: Record<number, TRPC_ERROR_CODE_KEY> = {
  400: "BAD_REQUEST",
  401: "UNAUTHORIZED",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  // tRPC has no Gone: a taken-down plugin (410 taken_down on /api/v1) is not found on /api/trpc, never a 500.
  410: "NOT_FOUND",
  409: "CONFLICT",
  413: "PAYLOAD_TOO_LARGE",
  415: "UNSUPPORTED_MEDIA_TYPE",
  // Only raw routes answer ranges; mapped so no domain error can ever surface as a tRPC 500.
  416: "BAD_REQUEST",
  429: "TOO_MANY_REQUESTS",
  503: "SERVICE_UNAVAILABLE",
};
