import { TRPCClientError } from "@trpc/client";

/** The human message of a failed call: the domain error's message when the server sent one. */
export function errorMessage(error: unknown): string {
  if (error instanceof TRPCClientError) {
    const appError = (error.data as { appError?: { message?: string } } | undefined)?.appError;
    return appError?.message ?? error.message;
  }
  return "Something went wrong. Try again.";
}
