import { type ErrorCode, errorStatus, type Problem } from "./errors";

export type ErrorDetails = Problem[] | Record<string, unknown>;

/**
 * Marks domain errors across bundles: Next compiles this package into its
 * server bundle while apps/web/server.ts compiles it into another, so the
 * class exists twice in one process and `instanceof` cannot be trusted.
 */
const BRAND = Symbol.for("streamkit.AppError");

/**
 * The domain error: routers and services throw it; the REST core and the
 * website turn it into `{ error: { code, message, details? } }` with the
 * status of the code (packages/api/src/shared/error-mapping.ts). Nothing else formats errors.
 */
export class AppError extends Error {
  readonly [BRAND] = true;
  readonly code: ErrorCode;
  readonly details?: ErrorDetails;
  /** Extra response headers the error needs (Retry-After, WWW-Authenticate). */
  readonly headers?: Record<string, string>;

  constructor(code: ErrorCode, message: string, details?: ErrorDetails, headers?: Record<string, string>) {
    super(message);
    this.name = "AppError";
    this.code = code;
    this.details = details;
    this.headers = headers;
  }

  get status(): number {
    return errorStatus[this.code];
  }

  toBody() {
    return {
      error: {
        code: this.code,
        message: this.message,
        ...(this.details !== undefined ? { details: this.details } : {}),
      },
    };
  }
}

export const notFound = (what = "Not found") => new AppError("not_found", what);
export const badRequest = (message: string, details?: ErrorDetails) => new AppError("bad_request", message, details);

/** A domain error, whichever bundle's copy of the class made it. */
export function isAppError(value: unknown): value is AppError {
  return typeof value === "object" && value !== null && (value as { [BRAND]?: unknown })[BRAND] === true;
}
