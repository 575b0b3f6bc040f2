import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A scripted HTTP server on 127.0.0.1:0, so adapters run their real fetch path.
 * Each route (path + query, exactly as requested) answers from a list of replies
 * in order; the last one repeats. Unknown paths get 404.
 */
export type Reply =
  | { status?: number; headers?: Record<string, string>; body?: string }
  /** Accept the request and never answer (a dead upstream). */
  | { hang: true }
  /** Send headers and part of the body, then stall. */
  | { stallBody: string; headers?: Record<string, string> };

export interface ScriptedServer {
  origin: string;
  /** Every request seen, in order: its path (with query) and headers. */
  requests: { path: string; headers: http.IncomingHttpHeaders }[];
  count(path: string): number;
  close(): Promise<void>;
}

export async function startServer(routes: Record<string, Reply | Reply[]>): Promise<ScriptedServer> {
  const served = new Map<string, number>();
  const requests: ScriptedServer["requests"] = [];
  const server = http.createServer((req, res) => {
    const path = req.url ?? "/";
    requests.push({ path, headers: req.headers });
    const script = routes[path];
    if (script === undefined) {
      res.writeHead(404, { "content-type": "text/html" }).end("<html><body>Not Found</body></html>");
      return;
    }
    const list = Array.isArray(script) ? script : [script];
    const index = served.get(path) ?? 0;
    served.set(path, index + 1);
    const reply = list[Math.min(index, list.length - 1)]!;
    if ("hang" in reply) return;
    if ("stallBody" in reply) {
      res.writeHead(200, { "content-length": String(reply.stallBody.length * 2), ...reply.headers });
      res.write(reply.stallBody);
      return;
    }
    res.writeHead(reply.status ?? 200, reply.headers).end(reply.body ?? "");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    count: (path) => requests.filter((r) => r.path === path).length,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** An address where nothing listens (connection refused): a port we bound and released. */
export async function deadOrigin(): Promise<string> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}
