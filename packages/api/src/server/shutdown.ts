/**
 * Graceful shutdown of a server process on SIGTERM or SIGINT (docs/operations.md), for production's apps/web/server.ts and the
 * tests' server process alike:
 * - the listening socket closes: a new connection is refused, so a load
 *   balancer moves on to another process;
 * - idle kept-alive connections are closed at once (Node's server.close());
 *   a busy one answers its request with `Connection: close` and closes
 *   after it, as does one whose next request arrives meanwhile;
 * - requests in flight get SHUTDOWN_GRACE_MS (10 s) to finish; those still
 *   running then are cut (their connections destroyed) and each is logged;
 * - then the runtime closes (background work, the database) and the
 *   process exits 0.
 * - open event streams (text/event-stream: the overlays' browser sources) end
 *   at once, cleanly, so their clients reconnect to another process instead
 *   of holding this one until the grace runs out.
 */
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import net from "node:net";
import type { Env } from "../shared/env";
import type { Logger } from "../shared/logger";

/** What shutdown needs of the runtime (a Runtime fits). */
export interface ShutdownRuntime {
  deps: { env: Pick<Env, "SHUTDOWN_GRACE_MS">; log: Logger };
  close(databaseTimeoutSeconds?: number): Promise<void>;
}

/** Installs the SIGTERM and SIGINT handlers: the first signal starts the shutdown, later ones change nothing. */
export function shutDownOnSignals<Response extends typeof ServerResponse<IncomingMessage>>(
  server: Server<typeof IncomingMessage, Response>,
  runtime: ShutdownRuntime,
): void {
  const shutdown = gracefulShutdown(server, runtime);
  const onSignal = (signal: NodeJS.Signals) => {
    void shutdown(signal).then(
      () => process.exit(0),
      (error: unknown) => {
        runtime.deps.log.error({ err: error }, "could not shut down cleanly");
        process.exit(1);
      },
    );
  };
  process.on("SIGTERM", onSignal);
  process.on("SIGINT", onSignal);
}

/** Tracks the requests in flight from now on; the function returned shuts the server down (once, however often called). */
export function gracefulShutdown<Response extends typeof ServerResponse<IncomingMessage>>(
  server: Server<typeof IncomingMessage, Response>,
  runtime: ShutdownRuntime,
): (signal: string) => Promise<void> {
  const { log } = runtime.deps;
  const graceMs = runtime.deps.env.SHUTDOWN_GRACE_MS;
  const inFlight = new Map<ServerResponse, { method: string | undefined; path: string; since: number }>();
  let closing = false;
  let accepted = 0;
  server.on("connection", () => accepted++);

  // Before the server's own handler, so a request arriving during the shutdown is answered with `Connection: close`.
  server.prependListener("request", (req: IncomingMessage, res: ServerResponse) => {
    inFlight.set(res, { method: req.method, path: (req.url ?? "").split("?")[0]!.slice(0, 200), since: performance.now() });
    if (closing) res.shouldKeepAlive = false;
    res.once("close", () => inFlight.delete(res));
    // A stream that starts during the shutdown ends as soon as its headers are out.
    res.once("pipe", () => {
      if (closing) endEventStream(res);
    });
    // An answer whose headers went out as keep-alive before the shutdown: its connection closes once it is written.
    res.once("finish", () => {
      if (closing && res.shouldKeepAlive) req.socket.end();
    });
  });

  let done: Promise<void> | undefined;
  return (signal) => {
    done ??= (async () => {
      closing = true;
      for (const res of inFlight.keys()) {
        if (!res.headersSent) res.shouldKeepAlive = false;
        endEventStream(res);
      }
      // While the event loop was busy (a page rendering), clients may have connected and sent their requests: closing
      // the listener now would reset the connections still in the kernel's queue, and Node would count one accepted but
      // not yet read idle and reset it too. Node accepts one connection per turn of the loop and reads what arrived on
      // it in the next: turn until a turn accepts none (at most the queue's length), then close.
      await nextTurn();
      for (let turns = 0; turns < ACCEPT_TURNS; turns++) {
        const before = accepted;
        await nextTurn();
        if (accepted === before) break;
      }
      // net.Server's close, not http.Server's, which would first close the "idle" connections itself. Calls back once every connection has closed.
      const drained = new Promise<boolean>((resolve) => net.Server.prototype.close.call(server, () => resolve(true)));
      server.closeIdleConnections();
      log.info({ signal, inFlight: inFlight.size, graceMs }, "shutting down: new connections refused, finishing the requests in flight");
      let timer: NodeJS.Timeout | undefined;
      const bound = new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), graceMs);
      });
      const inTime = await Promise.race([drained, bound]);
      clearTimeout(timer);
      const cut = inTime ? 0 : inFlight.size;
      if (!inTime) {
        const now = performance.now();
        for (const { method, path, since } of inFlight.values())
          log.warn({ method, path, runningMs: Math.round(now - since), graceMs }, "request cut at shutdown: still running at SHUTDOWN_GRACE_MS");
        server.closeAllConnections();
      }
      // The cut requests' queries have nobody left to answer: the database closes without waiting for them.
      await runtime.close(inTime ? undefined : 0);
      log.info({ cut }, "shut down");
    })();
    return done;
  };
}

/** Ends an answer that is an event stream: its client sees a clean end and reconnects; the stream behind it is destroyed by its pipeline. */
function endEventStream(res: ServerResponse): void {
  if (res.headersSent && !res.writableEnded && String(res.getHeader("content-type") ?? "").startsWith("text/event-stream")) res.end();
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
/** Node's default listen backlog is 511: more turns than connections it can hold. */
const ACCEPT_TURNS = 1_024;
