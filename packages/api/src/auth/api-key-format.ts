import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { crc32 } from "node:zlib";

/**
 * API keys look like `skit_` + 32 random base62 characters + a 6-character
 * base62 CRC32 of everything before it, e.g.
 *   skit_4fZ1qPp7sWk0Xc9mVb2nL8tRy3Hd6Jg5a1B2c3
 * - the prefix makes leaked keys easy for secret scanners to find;
 * - 32 base62 characters carry ~190 bits of randomness;
 * - the checksum rejects typos and garbage before any database lookup.
 * Only the SHA-256 of the whole key is stored.
 */
export const API_KEY_PREFIX = "skit_";
const RANDOM_LENGTH = 32;
const CHECKSUM_LENGTH = 6;
const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
export const API_KEY_PATTERN = new RegExp(`^${API_KEY_PREFIX}[0-9A-Za-z]{${RANDOM_LENGTH + CHECKSUM_LENGTH}}$`);
/** How much of a key lists show: the prefix and the first 8 random characters. */
export const DISPLAY_PREFIX_LENGTH = API_KEY_PREFIX.length + 8;

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

export function generateApiKey(): { key: string; prefix: string; hash: string } {
  const body = API_KEY_PREFIX + randomBase62(RANDOM_LENGTH);
  const key = body + checksum(body);
  return { key, prefix: key.slice(0, DISPLAY_PREFIX_LENGTH), hash: hashApiKey(key) };
}

/** True when `candidate` has the shape and a valid checksum; says nothing about whether it exists. */
export function isWellFormedApiKey(candidate: string): boolean {
  if (!API_KEY_PATTERN.test(candidate)) return false;
  const body = candidate.slice(0, -CHECKSUM_LENGTH);
  const expected = Buffer.from(checksum(body));
  return timingSafeEqual(expected, Buffer.from(candidate.slice(-CHECKSUM_LENGTH)));
}

export function hashApiKey(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}
