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

/** Runs an API call for a page; a not_found error becomes the page's 404. */
export async function orNotFound<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (domainError(error, "query")?.code === "not_found") notFound();
    throw error;
  }
}
