import proxyaddr from "proxy-addr";

export type TrustFunction = (address: string, hop: number) => boolean;

/**
 * Compiles TRUSTED_PROXIES (comma-separated addresses, CIDR ranges or the
 * names loopback, linklocal, uniquelocal — proxy-addr's vocabulary). An
 * empty list trusts no proxy: X-Forwarded-For is then ignored entirely.
 */
export function compileTrust(list: string | undefined): TrustFunction {
  const entries = (list ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  return proxyaddr.compile(entries);
}

/**
 * The client's address: the socket peer, or — when the peer is a trusted
 * proxy — the nearest untrusted address in X-Forwarded-For, as Express does.
 */
export function clientAddress(peer: string | undefined, forwardedFor: string | null, trust: TrustFunction): string {
  if (!peer) return "unknown";
  const request = {
    headers: forwardedFor ? { "x-forwarded-for": forwardedFor } : {},
    connection: { remoteAddress: peer },
    socket: { remoteAddress: peer },
  };
  return normalise(proxyaddr(request as never, trust));
}

/** ::ffff:1.2.3.4 and 1.2.3.4 are the same client. */
function normalise(address: string): string {
  return address.startsWith("::ffff:") && address.includes(".") ? address.slice(7) : address;
}

/** A socket's peer address as the client's is written ("unknown" when a destroyed socket has forgotten it). */
export function peerAddress(remoteAddress: string | undefined): string {
  return remoteAddress ? normalise(remoteAddress) : "unknown";
}

/** The header apps/web/server.ts sets (replacing any the client sent) to hand the client's address to the website's own code. */
export const CLIENT_ADDRESS_HEADER = "x-streamkit-client-address";
