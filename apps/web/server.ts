/**
 * The production (and development) entry point: one node:http server
 * (packages/api's createHttpServer) with one prefix table. The REST core of
 * packages/api answers /api/v1 and its raw
 * routes (the website's tRPC endpoint, Auth.js, payment webhooks): one request
 * id, error envelope, credential resolver and log for all of them. Everything
 * else is Next.js's. Why not Next route handlers for those: the core needs the
 * socket's peer address (X-Forwarded-For is only believed from
 * TRUSTED_PROXIES, and Next keeps a client-sent one), streams bodies within
 * limits before anything buffers them, and skipping Next's router roughly
 * halves the cost of an API call. The database opens before the port does.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import {
  admitPageView,
  CLIENT_ADDRESS_HEADER,
  createHttpServer,
  DEFAULT_HOST,
  env,
  getRuntime,
  guardWebsitePosts,
  refuseMalformedPaths,
  shutDownOnSignals,
  whileDatabaseDown,
} from "@streamkit/api";
import next from "next";
import { answerAsCopy, cachedCopyFor, isCachedTreePath } from "./lib/cached-page-request";
import { CACHED_PAGE_HEADER } from "./lib/cached-pages";
import { KeptCopyBytes } from "./lib/kept-copy-bytes";
import { answerRefusedAuthorizationAs400 } from "./lib/oauth-authorize-status";
import { websiteSecurityHeaders } from "./lib/security-headers";

const dev = process.argv.includes("--dev");
const config = env();
const app = next({ dev, dir: process.cwd(), hostname: config.HOST ?? "localhost", port: config.PORT });
const handleNext = app.getRequestHandler();

/** Next's built files and the site's icons: served as they are, never rendered, so not page views. */
const isNextFile = (url: string) => url.startsWith("/_next/") || url.startsWith("/__nextjs") || /^\/(?:favicon\.ico|icon\.svg)(?:[?#]|$)/.test(url);

async function main() {
  const [runtime] = await Promise.all([getRuntime(), app.prepare()]);
  const keptCopies = new KeptCopyBytes();
  const serveWebsite = async (req: IncomingMessage, res: ServerResponse) => {
    // The website's server actions see the client's address only through this header, which is always ours.
    const forwardedFor = req.headers["x-forwarded-for"];
    const address = runtime.clientAddress(req.socket.remoteAddress, Array.isArray(forwardedFor) ? forwardedFor.join(", ") : (forwardedFor ?? null));
    req.headers[CLIENT_ADDRESS_HEADER] = address;
    // A visitor of a cached page gets the copy for them and the data's version (lib/cached-pages.ts); the header is only ever ours.
    delete req.headers[CACHED_PAGE_HEADER];
    if (isCachedTreePath(req.url ?? "/")) req.url = "/cached";
    // Without the data's version (a passing database fault), the page is rendered for the request as any other.
    const copy = await cachedCopyFor(runtime, req, config.GEO_COUNTRY_HEADER).catch((error: unknown) => {
      runtime.deps.log.warn({ err: error }, "cached page version unavailable; rendering per request");
      return null;
    });
    if (copy) {
      // A copy asked for again within seconds is written as Next last wrote it (lib/kept-copy-bytes.ts).
      const kept = keptCopies.keyOf(req, copy);
      if (kept !== null && keptCopies.answer(kept, res)) return;
      if (kept !== null) keptCopies.keepAnswer(kept, res);
      req.headers[CACHED_PAGE_HEADER] = copy.name;
      answerAsCopy(res, copy);
    } else if (!isNextFile(req.url ?? "/") && !admitPageView(runtime.deps, req, res, address)) {
      // Rendered for the request, and this address is past its page views (page-view-limit.ts): answered 429 already.
      return;
    }
    // Security headers (lib/security-headers.ts). Next stamps the nonce on its scripts from the request's CSP header, always ours.
    const security = websiteSecurityHeaders({ path: req.url ?? "/", publicUrl: config.PUBLIC_URL, dev, nonce: copy?.nonce });
    req.headers["content-security-policy"] = security["content-security-policy"];
    delete req.headers["content-security-policy-report-only"];
    for (const [name, value] of Object.entries(security)) res.setHeader(name, value);
    // An authorization request refused on the site is its error page with 400 (lib/oauth-authorize-status.ts).
    answerRefusedAuthorizationAs400(req, res, config.PUBLIC_URL);
    return handleNext(req, res);
  };
  // The prefix table, timeouts and malformed-request answers live in packages/api's http-server.ts; Next answers what the API does not.
  // While the database is known to be down, pages get a designed 503 (health.ts) instead of an error from every page.
  // An address that is not valid percent-encoding gets a designed 400 page (malformed-path.ts); Next's router would throw.
  // Forwarded headers only from TRUSTED_PROXIES; form posts only from this site, their bodies read and checked first (website-posts.ts).
  const server = createHttpServer(runtime, { fallback: refuseMalformedPaths(guardWebsitePosts(runtime, whileDatabaseDown(runtime, serveWebsite))) });
  if (dev) server.on("upgrade", app.getUpgradeHandler());
  // SIGTERM, SIGINT: refuse new connections, finish the requests in flight (SHUTDOWN_GRACE_MS), close the database, exit 0.
  shutDownOnSignals(server, runtime);
  // HOST unset: this machine only (DEFAULT_HOST); docs/operations.md says what to set before exposing the server.
  server.listen(config.PORT, config.HOST ?? DEFAULT_HOST, () => {
    runtime.deps.log.info({ url: `http://${config.HOST ?? "localhost"}:${config.PORT}`, address: server.address(), dev }, "listening");
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
