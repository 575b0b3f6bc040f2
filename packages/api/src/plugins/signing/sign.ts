/**
 * Signing a version (docs/plugins.md#signed-packages): the canonical digest of
 * what the app installs, signed with the active key in minisign's format.
 * Ed25519 is deterministic and the trusted comment holds no time, so signing
 * the same version with the same key twice gives the same text: concurrent
 * signers of one version agree, and the database keeps either.
 */
import { type Db, pluginFiles, plugins, pluginVersions, type Tx } from "@streamkit/db";
import { askedPermissions } from "@streamkit/plugin-rules";
import { digestHex, PACKAGE_DIGEST_ALGORITHM, packageDigest, type SignedPackageContent } from "@streamkit/plugin-rules/package-digest";
import { and, asc, eq, isNull, or } from "drizzle-orm";
import type { AppDeps } from "../../shared/deps";
import { type MinisignKey, minisignSignatureText } from "../../shared/minisign";
import { activeSigningKey, isRevoked } from "./keys";

export interface VersionSignature {
  signature: string;
  signingKeyId: string;
  digest: string;
}

/** Control characters never reach the one-line trusted comment: they are written as JSON escapes. */
const oneLine = (text: string) => JSON.stringify(text).slice(1, -1);

export function signPackage(signer: { keyId: string; key: MinisignKey }, slug: string, content: SignedPackageContent): VersionSignature {
  const digest = packageDigest(content);
  const hex = digestHex(digest);
  const signature = minisignSignatureText(signer.key, digest, {
    trustedComment: `plugin:${oneLine(slug)}\tversion:${oneLine(content.version)}\tdigest:sha256:${hex}\tkey:${signer.keyId}`,
    untrustedComment: `signature of a StreamKit plugin package (${PACKAGE_DIGEST_ALGORITHM})`,
  });
  return { signature, signingKeyId: signer.keyId, digest: hex };
}

/**
 * Signs one stored version with the active key and stores it, unless its
 * signature changed meanwhile (another signer got there first). Returns
 * what the version carries afterwards.
 */
export async function signStoredVersion(
  deps: Pick<AppDeps, "db" | "now" | "pluginSigningKeys" | "log">,
  versionId: string,
  previousKeyId: string | null,
  db: Db | Tx = deps.db,
): Promise<VersionSignature> {
  const [row] = await db
    .select({ slug: plugins.slug, ownerId: plugins.ownerId, version: pluginVersions.version, manifest: pluginVersions.manifest })
    .from(pluginVersions)
    .innerJoin(plugins, eq(plugins.id, pluginVersions.pluginId))
    .where(eq(pluginVersions.id, versionId));
  if (!row) throw new Error(`No plugin version ${versionId}.`);
  const files = await db
    .select({ path: pluginFiles.path, content: pluginFiles.content })
    .from(pluginFiles)
    .where(eq(pluginFiles.versionId, versionId))
    .orderBy(asc(pluginFiles.path));
  const manifest = row.manifest as { id: string };
  const signed = signPackage(await activeSigningKey(deps, db), row.slug, {
    id: manifest.id,
    version: row.version,
    publisherId: row.ownerId,
    ...askedPermissions(row.manifest),
    files,
  });
  const unchanged = previousKeyId === null ? isNull(pluginVersions.signingKeyId) : eq(pluginVersions.signingKeyId, previousKeyId);
  const [stored] = await db
    .update(pluginVersions)
    .set(signed)
    .where(and(eq(pluginVersions.id, versionId), or(unchanged, eq(pluginVersions.signingKeyId, signed.signingKeyId))))
    .returning({ signature: pluginVersions.signature, signingKeyId: pluginVersions.signingKeyId, digest: pluginVersions.digest });
  if (stored?.signature && stored.signingKeyId && stored.digest)
    return { signature: stored.signature, signingKeyId: stored.signingKeyId, digest: stored.digest };
  // Someone else re-signed it with another key in between: serve what is stored.
  const [now] = await db
    .select({ signature: pluginVersions.signature, signingKeyId: pluginVersions.signingKeyId, digest: pluginVersions.digest })
    .from(pluginVersions)
    .where(eq(pluginVersions.id, versionId));
  return { signature: now!.signature!, signingKeyId: now!.signingKeyId!, digest: now!.digest! };
}

/**
 * Every served package carries a valid signature: a version from before
 * signing existed is signed when first served, and one whose key was revoked
 * (should its re-signing have been cut short) is signed again. A caller
 * serving many versions passes the revoked key ids it read once.
 */
export async function servedSignature(
  deps: Pick<AppDeps, "db" | "now" | "pluginSigningKeys" | "log">,
  version: { id: string; signature: string | null; signingKeyId: string | null; digest: string | null },
  revoked?: ReadonlySet<string>,
): Promise<VersionSignature> {
  const { signature, signingKeyId, digest } = version;
  if (signature && signingKeyId && digest && !(revoked ? revoked.has(signingKeyId) : await isRevoked(deps.db, signingKeyId)))
    return { signature, signingKeyId, digest };
  return signStoredVersion(deps, version.id, signingKeyId);
}

/** Re-signs, in batches, every version a key signed: after a revoke. Returns how many. */
export async function resignVersionsOf(deps: Pick<AppDeps, "db" | "now" | "pluginSigningKeys" | "log">, keyId: string): Promise<number> {
  let count = 0;
  for (;;) {
    const batch = await deps.db.select({ id: pluginVersions.id }).from(pluginVersions).where(eq(pluginVersions.signingKeyId, keyId)).limit(100);
    if (batch.length === 0) return count;
    for (const version of batch) {
      await signStoredVersion(deps, version.id, keyId);
      count++;
    }
  }
}
