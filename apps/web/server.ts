/**
 * The production (and development) entry point: one node:http server with one
 * prefix table. The REST core of packages/api answers /api/v1 and its raw
 * routes (the website's tRPC endpoint, Auth.js, payment webhooks): one request
 * id, error envelope, credential resolver and log for all of them. Everything
 * else is Next.js's. Why not Next route handlers for those: the core needs the
 * socket's peer address (X-Forwarded-For is only believed from
 * TRUSTED_PROXIES, and Next keeps a client-sent one), streams bodies within
 * limits before anything buffers them, and skipping Next's router roughly
 * halves the cost of an API call. The database opens before the port does.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { CLIENT_ADDRESS_HEADER, env, getRuntime, serveRest, toAppError } from "@streamkit/api";
import next from "next";

const dev = process.argv.includes("--dev");
const config = env();
const app = next({ dev, dir: process.cwd(), hostname: config.HOST ?? "localhost", port: config.PORT });
const handleNext = app.getRequestHandler();

type Serve = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

async function main() {
  const [runtime] = await Promise.all([getRuntime(), app.prepare()]);
  const serveApi: Serve = (req, res) => serveRest(runtime.rest, req, res);
  const serveWebsite: Serve = (req, res) => {
    // The website's server actions see the client's address only through this header, which is always ours.
    const forwardedFor = req.headers["x-forwarded-for"];
    req.headers[CLIENT_ADDRESS_HEADER] = runtime.clientAddress(
      req.socket.remoteAddress,
      Array.isArray(forwardedFor) ? forwardedFor.join(", ") : (forwardedFor ?? null),
    );
    return handleNext(req, res);
  };
  /** The API's prefixes first; "/" catches the rest. */
  const prefixTable: [prefix: string, serve: Serve][] = [...runtime.rest.prefixes.map((prefix): [string, Serve] => [prefix, serveApi]), ["/", serveWebsite]];
  const route = (path: string): Serve =>
    prefixTable.find(([prefix]) => prefix === "/" || path === prefix || path.startsWith(`${prefix}/`) || path.startsWith(`${prefix}?`))![1];

  const server = createServer((req, res) => {
    route(req.url ?? "/")(req, res).catch((error: unknown) => {
      const failure = toAppError(error);
      runtime.deps.log.error({ err: error, method: req.method, path: req.url }, "could not answer a request");
      if (!res.headersSent) res.writeHead(failure.status, { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" });
      res.end(JSON.stringify(failure.toBody()));
    });
  });
  if (dev) server.on("upgrade", app.getUpgradeHandler());
  const shutdown = () => {
    server.close();
    void runtime.close().finally(() => process.exit(0));
  };
  process.once("SIGTERM", shutdown);
  process.once("SIGINT", shutdown);
  server.listen(config.PORT, config.HOST, () => {
    runtime.deps.log.info({ url: `http://${config.HOST ?? "localhost"}:${config.PORT}`, dev }, "listening");
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
