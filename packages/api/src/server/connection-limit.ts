/**
 * Connection caps of the HTTP server (docs/operations.md: connections,
 * malformed requests and the website's headers), so one address cannot hold the sockets, file
 * descriptors and memory everyone else needs:
 * - per peer address: at most httpLimits.maxConnectionsPerAddress
 *   (MAX_CONNECTIONS_PER_ADDRESS) connections open at once from one socket
 *   peer. Peers in TRUSTED_PROXIES are exempt — behind a proxy every
 *   connection comes from it, carrying many clients — so the cap holds for
 *   untrusted peers only. Counted in memory from accept to close.
 * - in all: httpLimits.maxConnections (MAX_CONNECTIONS), Node's own
 *   `maxConnections`.
 * A connection past a cap is closed as soon as it is accepted, before a byte
 * is read or an object of HTTP is made for it; the refusal is logged at most
 * once per address and interval (log-gate.ts), with the count left out.
 */
import type { Server } from "node:net";
import type { Socket } from "node:net";
import { httpLimits } from "@streamkit/api-contract";
import { compileTrust, peerAddress } from "../shared/client-address";
import type { Env } from "../shared/env";
import type { LogGate } from "../shared/log-gate";

export const CONNECTION_REFUSED = "connection refused: too many connections from this address";
export const CONNECTION_REFUSED_TOTAL = "connection refused: too many connections in all";

export function connectionCaps(env: Pick<Env, "MAX_CONNECTIONS_PER_ADDRESS" | "MAX_CONNECTIONS">) {
  return {
    perAddress: env.MAX_CONNECTIONS_PER_ADDRESS ?? httpLimits.maxConnectionsPerAddress,
    total: env.MAX_CONNECTIONS ?? httpLimits.maxConnections,
  };
}

export function capConnections(server: Server, env: Pick<Env, "MAX_CONNECTIONS_PER_ADDRESS" | "MAX_CONNECTIONS" | "TRUSTED_PROXIES">, logs: LogGate): void {
  const caps = connectionCaps(env);
  const trusted = compileTrust(env.TRUSTED_PROXIES);
  server.maxConnections = caps.total;
  // Node closes a connection past maxConnections itself, and says so here.
  server.on("drop", (data?: { remoteAddress?: string }) => {
    logs.warn(peerAddress(data?.remoteAddress), { limit: caps.total }, CONNECTION_REFUSED_TOTAL);
  });
  const open = new Map<string, number>();
  server.on("connection", (socket: Socket) => {
    const remote = socket.remoteAddress;
    if (!remote || trusted(remote, 0)) return;
    const peer = peerAddress(remote);
    const count = open.get(peer) ?? 0;
    if (count >= caps.perAddress) {
      socket.destroy();
      logs.warn(peer, { limit: caps.perAddress }, CONNECTION_REFUSED);
      return;
    }
    open.set(peer, count + 1);
    socket.once("close", () => {
      const left = open.get(peer)! - 1;
      if (left === 0) open.delete(peer);
      else open.set(peer, left);
    });
  });
}
