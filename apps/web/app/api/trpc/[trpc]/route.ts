import { randomUUID } from "node:crypto";
import { appRouter, createContext, env, getRuntime } from "@streamkit/api";
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { callerFromCookies } from "@/lib/server/auth";

/**
 * The website's own tRPC endpoint, for client components, authenticated by
 * the session cookie. Cookies ride along on cross-site requests, so writes
 * must come from this site's own pages (Origin check).
 */
async function handle(request: Request): Promise<Response> {
  if (request.method !== "GET" && !sameOrigin(request)) {
    return Response.json({ error: { code: "forbidden", message: "Cross-site request refused." } }, { status: 403 });
  }
  const runtime = await getRuntime();
  const caller = (await callerFromCookies(request.headers.get("cookie") ?? "")) ?? undefined;
  return fetchRequestHandler({
    endpoint: "/api/trpc",
    req: request,
    router: appRouter,
    createContext: () => createContext({ deps: runtime.deps, requestId: randomUUID(), surface: "web", caller }),
  });
}

function sameOrigin(request: Request): boolean {
  const origin = request.headers.get("origin");
  if (!origin) return false;
  const host = request.headers.get("host");
  return origin === env().PUBLIC_URL || (host !== null && new URL(origin).host === host);
}

export { handle as GET, handle as POST };
