/**
 * A real server process for tests that need several of them on one database
 * (rate limits decided across processes), or raw sockets: the same runtime
 * and HTTP server module as production (http-server.ts), without the website.
 */
import { readFileSync } from "node:fs";
import { loadEnv } from "../../src/shared/env";
import { createHttpServer } from "../../src/server/http-server";
import { startRuntime } from "../../src/app/runtime";
import { shutDownOnSignals } from "../../src/server/shutdown";

// Tests move this process's clock by writing an offset in milliseconds to CLOCK_FILE.
const clockFile = process.env.CLOCK_FILE;
const now = clockFile ? () => new Date(Date.now() + Number(readFileSync(clockFile, "utf8") || 0)) : undefined;
const runtime = await startRuntime(loadEnv(), { now });
// Production's server module without the website: the REST core answers every path.
const server = createHttpServer(runtime);
server.listen(0, "127.0.0.1", () => {
  const address = server.address();
  process.stdout.write(`${JSON.stringify({ listening: typeof address === "object" && address ? address.port : 0 })}\n`);
});
// Production's graceful shutdown (shutdown.ts).
shutDownOnSignals(server, runtime);
