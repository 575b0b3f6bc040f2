import type { AnyRouter } from "@trpc/server";
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { httpLimits } from "@streamkit/api-contract";
import { toAppError, unwrapError } from "../shared/error-mapping";
import { AppError } from "@streamkit/api-contract";
import { fromFetchResponse, type RawInput, type RawRoute } from "./raw";

/**
 * The website's own tRPC endpoint, for client components, authenticated by
 * the session cookie (the core resolves it). Cookies ride along on
 * cross-site requests, so writes must come from this site's own pages.
 */
export function trpcRoute(router: AnyRouter): RawRoute {
  return {
    methods: ["GET", "POST"],
    path: "/api/trpc/{...procedures}",
    auth: "session",
    bodyLimit: httpLimits.maxBodyBytes,
    async handle(input, context) {
      if (input.method !== "GET" && !sameOrigin(input, context.deps.env.PUBLIC_URL)) {
        throw new AppError("forbidden", "Cross-site request refused: writes must come from this site's own pages.");
      }
      const response = await fetchRequestHandler({
        endpoint: "/api/trpc",
        req: await input.request(),
        router,
        createContext: () => context,
        // The domain errors' own headers (Retry-After, WWW-Authenticate) go out here as on /api/v1; every answer is the session's own, kept by no cache.
        responseMeta: ({ errors }) => ({
          headers: Object.assign({ "cache-control": "private, no-store" }, ...errors.map((error) => toAppError(error).headers ?? {})),
        }),
        onError: ({ error }) => {
          // 503 (the database unavailable) is logged once, as a warning, by the core.
          if (toAppError(error).code === "internal_error")
            context.deps.log.error({ requestId: context.requestId, path: input.url.pathname, err: unwrapError(error) }, "request failed");
        },
      });
      return fromFetchResponse(response);
    },
  };
}

/** The Origin header names this site: its public address, or the host the request was sent to. A missing, `null` or unreadable one does not. */
export function sameOrigin(input: Pick<RawInput, "header" | "url">, publicUrl: string): boolean {
  const origin = input.header("origin");
  if (!origin || origin === "null") return false;
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return false;
  }
  return parsed.origin === new URL(publicUrl).origin || parsed.origin === input.url.origin;
}
