import { TRPCError } from "@trpc/server";
import type { Problem } from "@streamkit/api-contract";
import { AppError } from "./errors";

interface IssueLike {
  path: PropertyKey[];
  message: string;
}

function isZodError(value: unknown): value is Error & { issues: IssueLike[] } {
  return value instanceof Error && value.name === "ZodError" && Array.isArray((value as { issues?: unknown }).issues);
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

export function problemsFromZod(issues: IssueLike[]): Problem[] {
  return issues.map((issue) => ({ path: formatIssuePath(issue.path), message: issue.message }));
}

/**
 * Every failure becomes an AppError: ours pass through, input validation
 * becomes validation_error (bodies) or bad_request (query parameters), the
 * library's own errors get their codes, anything else is internal_error.
 */
export function toAppError(error: unknown, inputKind: "query" | "body"): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof TRPCError) {
    if (error.cause instanceof AppError) return error.cause;
    if (error.code === "BAD_REQUEST" && isZodError(error.cause)) {
      const problems = problemsFromZod(error.cause.issues);
      const summary = problems.map((p) => `${p.path}: ${p.message}`).join("; ");
      return inputKind === "query"
        ? new AppError("bad_request", `Invalid query parameter — ${summary}`, problems)
        : new AppError("validation_error", `The request body failed validation — ${summary}`, problems);
    }
    switch (error.code) {
      case "PARSE_ERROR":
        return new AppError("bad_request", "The request body is not valid JSON.");
      case "NOT_FOUND":
        return new AppError("not_found", "Not found.");
      case "UNSUPPORTED_MEDIA_TYPE":
        return new AppError("unsupported_media_type", "Send the body as JSON with Content-Type: application/json.");
      case "PAYLOAD_TOO_LARGE":
        return new AppError("payload_too_large", "The request body is too large.");
      default:
        break;
    }
  }
  return new AppError("internal_error", "Something went wrong on our side. Quote the request id when you report it.");
}
