/**
 * The operator's plugin signing key commands (docs/operations.md#plugin-signing-keys).
 * The private keys live in PLUGIN_SIGNING_KEYS; these commands only decide
 * which of them signs, and mark keys retired or revoked.
 */
import { randomBytes } from "node:crypto";
import { AppError } from "@streamkit/api-contract";
import type { AppDeps } from "../../shared/deps";
import { keyIdHex, minisignPublicKeyText } from "../../shared/minisign";
import { listSigningKeys, markSigningKeyRevoked, retireSigningKey, rotateSigningKey } from "./keys";
import { signingKeyFromSeed } from "./private-keys";
import { resignVersionsOf } from "./sign";

type Flags = Record<string, string | boolean | undefined>;

/** The shape of commands.ts's table entries. */
interface SigningKeyCommand {
  usage: string;
  options: Record<string, { type: "string" | "boolean" }>;
  required?: string[];
  run(deps: AppDeps, flags: Flags): Promise<Record<string, unknown>>;
}

const keyIdFlag = (flags: Flags): string => {
  const keyId = String(flags["key-id"] ?? "")
    .trim()
    .toUpperCase();
  if (!/^[0-9A-F]{1,16}$/.test(keyId)) throw new AppError("bad_request", "--key-id must be a key id as minisign prints it (up to 16 hex digits).");
  return keyId;
};

export const signingKeyCommands: Record<string, SigningKeyCommand> = {
  "plugin-key generate": {
    usage: "plugin-key generate (prints a new private key for PLUGIN_SIGNING_KEYS; stores nothing)",
    options: {},
    async run() {
      const seed = randomBytes(32).toString("base64");
      const key = signingKeyFromSeed(seed);
      return { keyId: keyIdHex(key.keyId), seed, publicKey: minisignPublicKeyText(key) };
    },
  },
  "plugin-key list": {
    usage: "plugin-key list",
    options: {},
    async run(deps) {
      const held = new Set(deps.pluginSigningKeys.keys.map((key) => keyIdHex(key.keyId)));
      const keys = await listSigningKeys(deps.db);
      return { source: deps.pluginSigningKeys.source, keys: keys.map((key) => ({ ...key, held: held.has(key.keyId) })), held: [...held] };
    },
  },
  "plugin-key rotate": {
    usage: "plugin-key rotate --key-id ID (a key of PLUGIN_SIGNING_KEYS becomes active; the active one is retired)",
    options: { "key-id": { type: "string" } },
    required: ["key-id"],
    async run(deps, flags) {
      return rotateSigningKey(deps, keyIdFlag(flags));
    },
  },
  "plugin-key retire": {
    usage: "plugin-key retire --key-id ID (a key that no longer signs; its signatures stay valid)",
    options: { "key-id": { type: "string" } },
    required: ["key-id"],
    async run(deps, flags) {
      return { key: await retireSigningKey(deps, keyIdFlag(flags)) };
    },
  },
  "plugin-key revoke": {
    usage: "plugin-key revoke --key-id ID [--reason R] (compromised: listed as revoked, and every version it signed is re-signed with the active key)",
    options: { "key-id": { type: "string" }, reason: { type: "string" } },
    required: ["key-id"],
    async run(deps, flags) {
      const reason = flags.reason === undefined ? null : String(flags.reason).trim().slice(0, 500) || null;
      const key = await markSigningKeyRevoked(deps, keyIdFlag(flags), reason);
      const resigned = await resignVersionsOf(deps, key.keyId);
      return { key, resigned };
    },
  },
};
