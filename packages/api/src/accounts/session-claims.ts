/**
 * The website's session cookies, decrypted once: the claims of an Auth.js
 * session token (an encrypted JWT; decrypting it derives a key with HKDF and
 * runs AES and an HMAC) are kept by a digest of the cookie's value, so a
 * signed-in visitor's next pages skip the decryption. What the claims lead to
 * is not kept: the account — its plan, suspension, deletion, and sessions
 * signed out everywhere (`sessionsValidAfter`) — is read on every request, so
 * revoking still applies to the very next one. Only tokens that decrypted to
 * an account are kept, never longer than they are valid nor than
 * `sessionClaimsLimits.ttlMs`, in a bounded store per process.
 */
import { createHash } from "node:crypto";
import { boundedCache } from "../shared/bounded-cache";

export interface SessionClaims {
  sub: string;
  iat?: number;
  /** Seconds since the epoch. */
  exp: number;
}

export const sessionClaimsLimits = { maxEntries: 10_000, maxBytes: 2 * 1024 * 1024, ttlMs: 5 * 60 * 1000 };

const SESSION_CHUNK = /(?:^|;)\s*((?:__Secure-)?authjs\.session-token(?:\.\d+)?)=([^;]*)/g;
const ENTRY_BYTES = 160;

/** The session cookie(s) of a Cookie header, as one key: a digest of every chunk's name and value, in name order. */
export function sessionCookieKey(cookie: string): string {
  const chunks = [...cookie.matchAll(SESSION_CHUNK)].map((m) => `${m[1]}=${m[2]}`).sort();
  return createHash("sha256").update(chunks.join(";")).digest("base64url");
}

export class SessionClaimsCache {
  /** The time of the call being answered: the store ages its entries by it. */
  private nowMs = 0;
  private readonly store = boundedCache<SessionClaims>(sessionClaimsLimits, () => this.nowMs);

  /** The claims of `cookie`, decrypting with `decrypt` only when they are not kept (or no longer valid). */
  async claims(cookie: string, nowMs: number, decrypt: () => Promise<Partial<SessionClaims> | null>): Promise<SessionClaims | null> {
    const key = sessionCookieKey(cookie);
    this.nowMs = nowMs;
    const kept = this.store.get(key);
    if (kept && kept.exp * 1000 > nowMs) return kept;
    const token = await decrypt();
    if (!token?.sub || typeof token.exp !== "number" || token.exp * 1000 <= nowMs) return null;
    const claims: SessionClaims = { sub: token.sub, exp: token.exp, ...(typeof token.iat === "number" ? { iat: token.iat } : {}) };
    this.store.set(key, claims, { size: ENTRY_BYTES, start: nowMs });
    return claims;
  }
}
