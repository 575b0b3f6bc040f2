import { z } from "zod";
import { isoTimestamp } from "./time";

/** The package's signature fields (docs/plugins.md#signed-packages), added to GET /plugins/{slug}/package. */
export const packageSignatureFields = {
  publisherId: z.string().meta({ description: "The publishing account's id: part of the signed digest (stable, unlike the publisher's name)." }),
  digestAlgorithm: z.string().meta({
    description:
      "How `digest` is made: `streamkit-plugin-package-v1+sha256`, the SHA-256 of the canonical form of id, version, publisherId, permissions, optional_permissions and every file (docs/plugins.md#the-canonical-digest).",
  }),
  digest: z.string().meta({ description: "The digest in lower-case hex (64 characters); its 32 bytes are what `signature` signs." }),
  signature: z.string().meta({
    description:
      "A minisign signature (Ed25519, prehashed) of the digest's 32 bytes, as minisign writes a .minisig file: four lines; the trusted comment names the slug, version, digest and key.",
  }),
  keyId: z.string().meta({ description: "The signing key's id as minisign prints it (upper-case hex), listed at GET /plugin-signing-keys." }),
};

export const signingKeySchema = z
  .object({
    keyId: z.string().meta({ description: "As minisign prints it (the 8-byte key id read little-endian, upper-case hex)." }),
    publicKey: z.string().meta({
      description: "minisign's public key file: an untrusted comment line and the base64 key line (`minisign -V -P <that line>` takes the second line alone).",
    }),
    status: z.enum(["active", "retired", "revoked"]).meta({
      description:
        "`active` signs new versions; `retired` signs nothing new and its signatures stay valid; `revoked` (compromised): reject every signature it made (the versions it signed were re-signed).",
    }),
    createdAt: isoTimestamp.meta({ description: "When the key became active." }),
    retiredAt: isoTimestamp.nullable(),
    revokedAt: isoTimestamp.nullable(),
    revokedReason: z.string().nullable(),
  })
  .meta({ id: "PluginSigningKey" });
export type SigningKey = z.infer<typeof signingKeySchema>;

export const signingKeysSchema = z
  .object({ keys: z.array(signingKeySchema).meta({ description: "The active key first, then the others, newest first." }) })
  .meta({ id: "PluginSigningKeys" });
export type SigningKeys = z.infer<typeof signingKeysSchema>;

/** A version's permission change against the version before it: what it adds and what it drops. */
export const permissionChangeSchema = z
  .object({
    added: z.array(z.string()),
    removed: z.array(z.string()),
  })
  .meta({ id: "PermissionChange" });
export type PermissionChange = z.infer<typeof permissionChangeSchema>;
