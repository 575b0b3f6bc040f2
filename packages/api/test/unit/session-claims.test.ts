import { describe, expect, it } from "vitest";
import { hasSessionCookie } from "../../src/accounts/principal";
import { SessionClaimsCache, sessionClaimsLimits, sessionCookieKey } from "../../src/accounts/session-claims";

const NOW = Date.UTC(2026, 10, 25, 12);
const valid = { sub: "account-1", iat: NOW / 1000 - 60, exp: NOW / 1000 + 3600 };

/** A decryption that counts its calls. */
function decryptor(result: Record<string, unknown> | null) {
  const calls = { count: 0 };
  const decrypt = async () => {
    calls.count++;
    return result;
  };
  return { calls, decrypt };
}

describe("session cookies", () => {
  it("only Auth.js's session token (plain, secure or chunked) counts as a session, not its CSRF or callback cookies", () => {
    expect(hasSessionCookie("authjs.session-token=abc")).toBe(true);
    expect(hasSessionCookie("country=IN; __Secure-authjs.session-token=abc")).toBe(true);
    expect(hasSessionCookie("a=1;authjs.session-token.0=abc; authjs.session-token.1=def")).toBe(true);
    expect(hasSessionCookie("authjs.csrf-token=abc%7Cdef; authjs.callback-url=http%3A%2F%2Fx")).toBe(false);
    expect(hasSessionCookie("not-authjs.session-token=abc; xauthjs.session-token=1")).toBe(false);
    expect(hasSessionCookie("")).toBe(false);
  });

  it("keys a session by its chunks' names and values, whatever else the header holds or in which order", () => {
    const key = sessionCookieKey("authjs.session-token.0=abc; authjs.session-token.1=def");
    expect(sessionCookieKey("country=IN; authjs.session-token.1=def; theme=dark; authjs.session-token.0=abc")).toBe(key);
    expect(sessionCookieKey("authjs.session-token.0=abc; authjs.session-token.1=deg")).not.toBe(key);
    expect(sessionCookieKey("authjs.session-token=abc")).not.toBe(sessionCookieKey("__Secure-authjs.session-token=abc"));
  });
});

describe("SessionClaimsCache", () => {
  it("decrypts a session once, then answers its claims from memory", async () => {
    const cache = new SessionClaimsCache();
    const { calls, decrypt } = decryptor(valid);
    for (let i = 0; i < 5; i++) expect(await cache.claims("authjs.session-token=t1", NOW, decrypt)).toEqual(valid);
    expect(calls.count).toBe(1);
    // Another token is another decryption.
    await cache.claims("authjs.session-token=t2", NOW, decrypt);
    expect(calls.count).toBe(2);
  });

  it("never keeps a token that did not decrypt to an account, nor one already expired", async () => {
    const cache = new SessionClaimsCache();
    for (const result of [null, {}, { sub: "a" }, { ...valid, exp: NOW / 1000 - 1 }]) {
      const { calls, decrypt } = decryptor(result);
      expect(await cache.claims("authjs.session-token=bad", NOW, decrypt)).toBeNull();
      expect(await cache.claims("authjs.session-token=bad", NOW, decrypt)).toBeNull();
      expect(calls.count).toBe(2);
    }
  });

  it("decrypts again once the token expires, or after the store's time to live", async () => {
    const cache = new SessionClaimsCache();
    const short = { ...valid, exp: NOW / 1000 + 10 };
    const { calls, decrypt } = decryptor(short);
    await cache.claims("authjs.session-token=t", NOW, decrypt);
    await cache.claims("authjs.session-token=t", NOW + 9_000, decrypt);
    expect(calls.count).toBe(1);
    // Expired: the decryption decides (here it still answers the old claims, which are refused as expired).
    expect(await cache.claims("authjs.session-token=t", NOW + 10_000, decrypt)).toBeNull();
    expect(calls.count).toBe(2);

    const long = decryptor(valid);
    await cache.claims("authjs.session-token=u", NOW, long.decrypt);
    await cache.claims("authjs.session-token=u", NOW + sessionClaimsLimits.ttlMs, long.decrypt);
    expect(long.calls.count).toBe(2);
  });

  it("holds at most maxEntries sessions", async () => {
    const cache = new SessionClaimsCache();
    const { calls, decrypt } = decryptor(valid);
    for (let i = 0; i <= sessionClaimsLimits.maxEntries; i++) await cache.claims(`authjs.session-token=t${i}`, NOW, decrypt);
    // The first one left to make room.
    await cache.claims("authjs.session-token=t0", NOW, decrypt);
    expect(calls.count).toBe(sessionClaimsLimits.maxEntries + 2);
  });
});
