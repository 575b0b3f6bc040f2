/**
 * The production (and development) entry point: one node:http server that
 * hands /api/v1 straight to the REST handler and everything else to Next.js.
 * Why not a Next route handler for /api/v1: the handler needs the socket's
 * peer address (X-Forwarded-For is only believed from TRUSTED_PROXIES, and
 * Next keeps a client-sent one), and skipping Next's router roughly halves
 * the cost of an API call. The database opens before the port does.
 */
import { createServer } from "node:http";
import { env, getRuntime, REST_PREFIX, serveRest } from "@streamkit/api";
import next from "next";

const dev = process.argv.includes("--dev");
const config = env();
const app = next({ dev, dir: process.cwd(), hostname: config.HOST ?? "localhost", port: config.PORT });
const handleNext = app.getRequestHandler();

async function main() {
  const [runtime] = await Promise.all([getRuntime(), app.prepare()]);
  const server = createServer((req, res) => {
    const url = req.url ?? "/";
    if (url === REST_PREFIX || url.startsWith(`${REST_PREFIX}/`) || url.startsWith(`${REST_PREFIX}?`)) {
      serveRest(runtime.rest, req, res).catch((error: unknown) => {
        runtime.deps.log.error({ err: error }, "could not answer an API request");
        if (!res.headersSent) res.writeHead(500, { "content-type": "application/json; charset=utf-8" });
        res.end(JSON.stringify({ error: { code: "internal_error", message: "Something went wrong on our side." } }));
      });
      return;
    }
    void handleNext(req, res);
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
