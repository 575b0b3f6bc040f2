/**
 * A local web server standing in for publishers' sites in the domain checks'
 * tests: what /.well-known/streamkit-verify.txt answers is set per host name
 * (the Host header, port left out), so one server plays many domains.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export type SiteBehaviour =
  | { kind: "file"; body: string }
  | { kind: "status"; status: number }
  | { kind: "redirect"; location: string }
  /** Sends this many bytes without a Content-Length, so only the read's cap stops it. */
  | { kind: "huge"; bytes: number }
  /** Accepts the request and never answers. */
  | { kind: "silent" };

export interface WellKnownServer {
  port: number;
  sites: Map<string, SiteBehaviour>;
  /** Requests seen, as "host path". */
  requests: string[];
  close(): Promise<void>;
}

export async function startWellKnownServer(): Promise<WellKnownServer> {
  const sites = new Map<string, SiteBehaviour>();
  const requests: string[] = [];
  const server: Server = createServer((req, res) => {
    const host = (req.headers.host ?? "").replace(/:\d+$/, "");
    requests.push(`${host} ${req.url}`);
    const site = sites.get(host);
    if (!site || req.url !== "/.well-known/streamkit-verify.txt") return void res.writeHead(404).end("not found");
    if (site.kind === "file") return void res.writeHead(200, { "content-type": "text/plain" }).end(site.body);
    if (site.kind === "status") return void res.writeHead(site.status).end();
    if (site.kind === "redirect") return void res.writeHead(302, { location: site.location }).end();
    if (site.kind === "huge") {
      res.writeHead(200, { "content-type": "text/plain" });
      const chunk = "x".repeat(1024);
      for (let sent = 0; sent < site.bytes; sent += chunk.length) res.write(chunk);
      return void res.end();
    }
    // silent: keep the request open until the server closes.
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as AddressInfo).port,
    sites,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
