import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { crc32 } from "node:zlib";

/**
 * Every bearer secret the service hands out — API keys (`skit_`), the desktop
 * app's codes and tokens (`skac_`, `skat_`, `skrt_`) — looks like
 *   <prefix> + 32 random base62 characters + a 6-character base62 CRC32 of everything before it
 * - the prefix makes leaked secrets easy for scanners to find, and tells the kinds apart;
 * - 32 base62 characters carry ~190 bits of randomness;
 * - the checksum rejects typos and garbage before any database lookup.
 * Only the SHA-256 of the whole secret is stored.
 */
const RANDOM_LENGTH = 32;
const CHECKSUM_LENGTH = 6;
const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const BODY = new RegExp(`^[0-9A-Za-z]{${RANDOM_LENGTH + CHECKSUM_LENGTH}}$`);

function base62(value: number, width: number): string {
  let out = "";
  let rest = value;
  for (let i = 0; i < width; i++) {
    out = ALPHABET[rest % 62] + out;
    rest = Math.floor(rest / 62);
  }
  return out;
}

function checksum(body: string): string {
  return base62(crc32(body) >>> 0, CHECKSUM_LENGTH);
}

/** Uniform base62 characters: bytes ≥ 248 are dropped so no character is likelier than another. */
function randomBase62(length: number): string {
  let out = "";
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248 && out.length < length) out += ALPHABET[byte % 62];
    }
  }
  return out;
}

export function generateSecret(prefix: string): { secret: string; hash: string } {
  const body = prefix + randomBase62(RANDOM_LENGTH);
  const secret = body + checksum(body);
  return { secret, hash: hashSecret(secret) };
}

/** True when `candidate` has the prefix, the shape and a valid checksum; says nothing about whether it exists. */
export function isWellFormedSecret(candidate: string, prefix: string): boolean {
  if (!candidate.startsWith(prefix) || !BODY.test(candidate.slice(prefix.length))) return false;
  const expected = Buffer.from(checksum(candidate.slice(0, -CHECKSUM_LENGTH)));
  return timingSafeEqual(expected, Buffer.from(candidate.slice(-CHECKSUM_LENGTH)));
}

export function hashSecret(secret: string): string {
  return createHash("sha256").update(secret).digest("hex");
}
