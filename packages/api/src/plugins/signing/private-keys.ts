/**
 * The private halves of the plugin signing keys, read once per process from
 * the validated environment (PLUGIN_SIGNING_KEYS). Without it the process
 * holds one development key derived from the master secret: `npm start`
 * works with no configuration, and docs/operations.md says to configure
 * real keys before production (the key cannot be rotated to a fresh one).
 */
import type { Env } from "../../shared/env";
import { keyIdHex, type MinisignKey, minisignKeyFromSeed } from "../../shared/minisign";
import { deriveSecrets, type MasterSecrets } from "../../shared/secrets";

export interface HeldSigningKeys {
  keys: MinisignKey[];
  source: "PLUGIN_SIGNING_KEYS" | "default";
}

/** One seed of PLUGIN_SIGNING_KEYS (base64 or base64url; env.ts already checked it is 32 bytes). */
export function signingKeyFromSeed(seed: string): MinisignKey {
  return minisignKeyFromSeed(Buffer.from(seed.trim(), "base64"));
}

export function pluginSigningKeys(env: Pick<Env, "PLUGIN_SIGNING_KEYS">, master: MasterSecrets): HeldSigningKeys {
  if (env.PLUGIN_SIGNING_KEYS) {
    return {
      keys: env.PLUGIN_SIGNING_KEYS.split(",")
        .filter((seed) => seed.trim())
        .map(signingKeyFromSeed),
      source: "PLUGIN_SIGNING_KEYS",
    };
  }
  return { keys: [minisignKeyFromSeed(Buffer.from(deriveSecrets(master, "plugin-signing-default")[0]!, "base64url"))], source: "default" };
}

/** The held key with this id (as minisign prints it), if this process has it. */
export function heldKey(held: HeldSigningKeys, keyId: string): MinisignKey | undefined {
  return held.keys.find((key) => keyIdHex(key.keyId) === keyId);
}
