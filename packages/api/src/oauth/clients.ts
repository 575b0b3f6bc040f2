import { type OAuthClient, oauthClients, oauthLimits } from "@streamkit/api-contract";

export function findClient(id: string | undefined): OAuthClient | undefined {
  return oauthClients.find((client) => client.id === id);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Whether `uri` is one of the client's redirect URIs: the deep link exactly,
 * or a loopback address on any port 1–65535 (RFC 8252 §7.3) with the
 * registered path, and nothing else — no query, fragment, credentials or other
 * spelling: port 0 names no listener, and `05555` is not how a port is written
 * (the text itself is matched, so no parser can read another host into it).
 * `localhost` is not a loopback redirect here (RFC 8252 §8.3).
 */
export function isRegisteredRedirect(client: OAuthClient, uri: string): boolean {
  if (uri.length > oauthLimits.redirectUriMaxLength) return false;
  if (client.exactRedirects.includes(uri)) return true;
  return client.loopbackRedirects.some((loopback) => {
    const match = new RegExp(`^http://${escapeRegExp(loopback.host)}(?::([1-9]\\d{0,4}))?${escapeRegExp(loopback.path)}$`).exec(uri);
    return match !== null && (match[1] === undefined || Number(match[1]) <= 65_535);
  });
}
