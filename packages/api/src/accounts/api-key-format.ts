import { generateSecret, hashSecret, isWellFormedSecret } from "../shared/secret-format";

/**
 * API keys are `skit_` secrets (secret-format.ts), e.g.
 *   skit_4fZ1qPp7sWk0Xc9mVb2nL8tRy3Hd6Jg5a1B2c3
 * Lists show the prefix and the first 8 random characters.
 */
export const API_KEY_PREFIX = "skit_";
export const DISPLAY_PREFIX_LENGTH = API_KEY_PREFIX.length + 8;

export function generateApiKey(): { key: string; prefix: string; hash: string } {
  const { secret, hash } = generateSecret(API_KEY_PREFIX);
  return { key: secret, prefix: secret.slice(0, DISPLAY_PREFIX_LENGTH), hash };
}

export const isWellFormedApiKey = (candidate: string) => isWellFormedSecret(candidate, API_KEY_PREFIX);
export const hashApiKey = hashSecret;
