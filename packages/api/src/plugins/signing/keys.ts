/**
 * The set of plugin signing keys (docs/operations.md#plugin-signing-keys): the
 * database keeps the public halves and which key is active; the partial
 * unique index keeps it to one. Rotate makes a held key active and retires
 * the previous one; retire and revoke mark a key that no longer signs;
 * revoke also re-signs with the active key every version the key signed.
 */
import { AppError, notFound, type SigningKey } from "@streamkit/api-contract";
import { type Db, type PluginSigningKey, pluginSigningKeys, type Tx } from "@streamkit/db";
import { desc, eq, sql } from "drizzle-orm";
import type { AppDeps } from "../../shared/deps";
import { keyIdHex, type MinisignKey, minisignPublicKeyText } from "../../shared/minisign";
import { heldKey } from "./private-keys";

type SigningDeps = Pick<AppDeps, "db" | "now" | "pluginSigningKeys" | "log">;

/** The base64 line of minisign's public key file. */
export const publicKeyLine = (key: MinisignKey) => minisignPublicKeyText(key).split("\n")[1]!;

export function signingKeyRecord(row: PluginSigningKey): SigningKey {
  return {
    keyId: row.keyId,
    publicKey: `untrusted comment: minisign public key ${row.keyId}\n${row.publicKey}\n`,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    retiredAt: row.retiredAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    revokedReason: row.revokedReason,
  };
}

/** Every key, the active one first, then newest first. */
export async function listSigningKeys(db: Db): Promise<SigningKey[]> {
  const rows = await db
    .select()
    .from(pluginSigningKeys)
    .orderBy(sql`${pluginSigningKeys.status} <> 'active'`, desc(pluginSigningKeys.createdAt), pluginSigningKeys.keyId);
  return rows.map(signingKeyRecord);
}

async function activeRow(db: Db | Tx): Promise<PluginSigningKey | undefined> {
  const [row] = await db.select().from(pluginSigningKeys).where(eq(pluginSigningKeys.status, "active"));
  return row;
}

/**
 * At start: with no active key, this process's first key becomes active (two
 * processes starting together: the unique index keeps one). With the
 * development default, a master secret that changed rotates to its new key.
 */
export async function ensureActiveSigningKey(deps: SigningDeps): Promise<void> {
  const first = deps.pluginSigningKeys.keys[0];
  if (!first) return;
  const active = await activeRow(deps.db);
  if (!active) {
    await deps.db
      .insert(pluginSigningKeys)
      .values({ keyId: keyIdHex(first.keyId), publicKey: publicKeyLine(first), status: "active", createdAt: deps.now() })
      .onConflictDoNothing();
    return;
  }
  if (heldKey(deps.pluginSigningKeys, active.keyId)) return;
  if (deps.pluginSigningKeys.source === "default") {
    deps.log.warn({ previous: active.keyId }, "The master secret changed: rotating plugin signing to the development key derived from it.");
    await rotateSigningKey(deps, keyIdHex(first.keyId)).catch((error) => deps.log.error({ err: error }, "Could not rotate the plugin signing key."));
  } else {
    deps.log.error(
      { active: active.keyId },
      "The active plugin signing key is not in PLUGIN_SIGNING_KEYS: publishing fails until it is added (or another key is made active).",
    );
  }
}

/** The key that signs now, with its private half; an internal error (logged) when this process does not hold it. */
export async function activeSigningKey(deps: SigningDeps, db: Db | Tx = deps.db): Promise<{ keyId: string; key: MinisignKey }> {
  let row = await activeRow(db);
  if (!row) {
    await ensureActiveSigningKey(deps);
    row = await activeRow(db);
  }
  const key = row && heldKey(deps.pluginSigningKeys, row.keyId);
  if (!row || !key) {
    throw new Error(`This process does not hold the active plugin signing key ${row?.keyId ?? "(none)"}: add it to PLUGIN_SIGNING_KEYS.`);
  }
  return { keyId: row.keyId, key };
}

/** Makes a held key active and retires the one before it, in one transaction. Repeating it is harmless. */
export async function rotateSigningKey(deps: SigningDeps, keyId: string): Promise<{ active: SigningKey; retired: SigningKey | null }> {
  const key = heldKey(deps.pluginSigningKeys, keyId);
  if (!key) throw new AppError("bad_request", `Key ${keyId} is not in this process's PLUGIN_SIGNING_KEYS: add it on every server first, then rotate.`);
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const [existing] = await tx.select().from(pluginSigningKeys).where(eq(pluginSigningKeys.keyId, keyId)).for("update");
    if (existing?.status === "revoked") throw new AppError("bad_request", `Key ${keyId} is revoked; it never signs again. Generate a new key.`);
    if (existing?.status === "active") return { active: signingKeyRecord(existing), retired: null };
    const [retired] = await tx.update(pluginSigningKeys).set({ status: "retired", retiredAt: now }).where(eq(pluginSigningKeys.status, "active")).returning();
    const [active] = await tx
      .insert(pluginSigningKeys)
      .values({ keyId, publicKey: publicKeyLine(key), status: "active", createdAt: now })
      .onConflictDoUpdate({ target: pluginSigningKeys.keyId, set: { status: "active", retiredAt: null } })
      .returning();
    return { active: signingKeyRecord(active!), retired: retired ? signingKeyRecord(retired) : null };
  });
}

async function nonActiveKey(db: Db | Tx, keyId: string, verb: string): Promise<PluginSigningKey> {
  const [row] = await db.select().from(pluginSigningKeys).where(eq(pluginSigningKeys.keyId, keyId)).for("update");
  if (!row) throw notFound(`No plugin signing key ${keyId} (npm run admin -- plugin-key list).`);
  if (row.status === "active") {
    throw new AppError("bad_request", `Key ${keyId} is the active key: rotate to another first (plugin-key rotate --key-id NEW), then ${verb} it.`);
  }
  return row;
}

/** Marks a key that no longer signs as retired: its signatures stay valid. A revoked key stays revoked. */
export async function retireSigningKey(deps: SigningDeps, keyId: string): Promise<SigningKey> {
  return deps.db.transaction(async (tx) => {
    const row = await nonActiveKey(tx, keyId, "retire");
    if (row.status === "revoked") throw new AppError("bad_request", `Key ${keyId} is revoked; it stays revoked.`);
    return signingKeyRecord(row);
  });
}

/** Lists a key as revoked (compromised): apps and the CLI refuse its signatures from then on. */
export async function markSigningKeyRevoked(deps: SigningDeps, keyId: string, reason: string | null): Promise<SigningKey> {
  return deps.db.transaction(async (tx) => {
    const row = await nonActiveKey(tx, keyId, "revoke");
    if (row.status === "revoked") return signingKeyRecord(row);
    const [revoked] = await tx
      .update(pluginSigningKeys)
      .set({ status: "revoked", revokedAt: deps.now(), revokedReason: reason, retiredAt: row.retiredAt ?? deps.now() })
      .where(eq(pluginSigningKeys.keyId, keyId))
      .returning();
    return signingKeyRecord(revoked!);
  });
}

/** The ids of the revoked keys: a version signed by one is re-signed before it is served. */
export async function isRevoked(db: Db | Tx, keyId: string): Promise<boolean> {
  const [row] = await db.select({ status: pluginSigningKeys.status }).from(pluginSigningKeys).where(eq(pluginSigningKeys.keyId, keyId));
  return row?.status === "revoked";
}

/** Every revoked key id, read once for a batch of versions. */
export async function revokedKeyIds(db: Db | Tx): Promise<Set<string>> {
  const rows = await db.select({ keyId: pluginSigningKeys.keyId }).from(pluginSigningKeys).where(eq(pluginSigningKeys.status, "revoked"));
  return new Set(rows.map((row) => row.keyId));
}
