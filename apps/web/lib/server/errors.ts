import "server-only";
import { type AppError, toAppError } from "@streamkit/api";
import { notFound } from "next/navigation";

/**
 * The domain error behind a failed API call (a router call, a service call),
 * through the API's one error map; null when it was an unexpected failure,
 * which is left to the error page.
 */
export function domainError(error: unknown, inputKind: "query" | "body" = "body"): AppError | null {
  const mapped = toAppError(error, inputKind);
  return mapped.code === "internal_error" ? null : mapped;
}

/**
 * Runs an API call for a page; a not_found error becomes the page's 404, and so does a bad_request: an address
 * whose parts could never name anything (a 4,000-character slug) names nothing.
 */
export async function orNotFound<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    const code = domainError(error, "query")?.code;
    if (code === "not_found" || code === "bad_request") notFound();
    throw error;
  }
}

/**
 * What a form shows when its operation was refused: the domain error's message
 * (a validation error as `validation`, since the form's own fields say more).
 * Anything unexpected is rethrown, for the error page.
 */
export function refusedForm(error: unknown, validation = "Check the form and try again."): { error: string } {
  const known = domainError(error);
  if (!known) throw error;
  return { error: known.code === "validation_error" ? validation : known.message };
}
