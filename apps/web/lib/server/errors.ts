import "server-only";
import { isAppError } from "@streamkit/api";
import { TRPCError } from "@trpc/server";
import { notFound } from "next/navigation";

/** Runs an API call for a page; a not_found error becomes the page's 404. */
export async function orNotFound<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    const cause = error instanceof TRPCError ? error.cause : error;
    if (isAppError(cause) && cause.code === "not_found") notFound();
    throw error;
  }
}
