import { randomUUID } from "node:crypto";
import { desktopClient, type Scope, scopes } from "@streamkit/api-contract";
import { accounts, apiKeys, assets, type Db, oauthGrants, pluginFiles, plugins, pluginVersions } from "@streamkit/db";
import { eq } from "drizzle-orm";
import { createApiKey } from "../../src/accounts/api-keys";
import { issueTokens, revokeGrant } from "../../src/oauth/oauth-tokens";
import { blobStore } from "../../src/shared/blobs/index";
import type { PriceTier } from "@streamkit/plans";
import { lookalikeKeys, versionKey } from "@streamkit/plugin-rules";

/** Test data written straight to the database, for the states a test starts from. */
export async function insertAccount(db: Db, values: Partial<typeof accounts.$inferInsert> = {}) {
  const [row] = await db
    .insert(accounts)
    .values({ name: "Test Publisher", email: `${randomUUID()}@test.example`, ...values })
    .returning();
  return row!;
}

export interface PluginSeed {
  slug: string;
  ownerId: string;
  name?: string;
  description?: string;
  downloads?: number;
  official?: boolean;
  status?: "published" | "hidden" | "removed";
  priceTier?: PriceTier | null;
  permissions?: string[];
  homepage?: string | null;
  versions?: { version: string; changelog?: string; createdAt?: Date }[];
}

export async function insertPlugin(db: Db, seed: PluginSeed) {
  const versions = seed.versions ?? [{ version: "1.0.0" }];
  const latest = versions.at(-1)!;
  const [plugin] = await db
    .insert(plugins)
    .values({
      slug: seed.slug,
      ownerId: seed.ownerId,
      official: seed.official ?? false,
      status: seed.status ?? "published",
      name: seed.name ?? seed.slug,
      description: seed.description ?? `The ${seed.slug} plugin.`,
      homepage: seed.homepage ?? null,
      latestVersion: latest.version,
      permissions: seed.permissions ?? [],
      downloads: seed.downloads ?? 0,
      priceTier: seed.priceTier ?? null,
      lookalikeKeys: lookalikeKeys(seed.slug, seed.name ?? seed.slug),
    })
    .returning();
  for (const [index, v] of versions.entries()) {
    const manifest = { id: seed.slug, name: seed.name ?? seed.slug, version: v.version };
    const [row] = await db
      .insert(pluginVersions)
      .values({
        pluginId: plugin!.id,
        version: v.version,
        versionKey: versionKey(v.version),
        changelog: v.changelog ?? `Changes in ${v.version}.`,
        manifest,
        createdAt: v.createdAt ?? new Date(Date.UTC(2026, 0, 1 + index)),
      })
      .returning();
    await db.insert(pluginFiles).values([
      { versionId: row!.id, path: "plugin.json", content: JSON.stringify(manifest, null, 2) },
      { versionId: row!.id, path: "main.lua", content: 'ui.notify("hello")\n' },
    ]);
  }
  return plugin!;
}

/** An API key for `accountId`, created through the same service the website uses; returns the whole key. */
export async function insertKey(db: Db, accountId: string, options: { scopes?: Scope[]; expiresAt?: Date | null; revoked?: boolean; name?: string } = {}) {
  const created = await createApiKey(
    db,
    accountId,
    { name: options.name ?? "test key", scopes: options.scopes ?? [...scopes], expiresAt: null },
    new Date(),
    1000,
  );
  if (options.expiresAt !== undefined || options.revoked) {
    await db
      .update(apiKeys)
      .set({ expiresAt: options.expiresAt ?? null, revokedAt: options.revoked ? new Date() : null })
      .where(eq(apiKeys.id, created.item.id));
  }
  return { id: created.item.id, key: created.key };
}

export const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

/**
 * A desktop sign-in of `accountId` (a grant and its first token pair), made by
 * the service the token endpoint uses; `state` ends it the way the service
 * would (revoked, or the access token past its hour).
 */
export async function insertDesktopTokens(db: Db, accountId: string, options: { scopes?: Scope[]; state?: "active" | "revoked" | "expired"; now?: Date } = {}) {
  const now = options.now ?? new Date();
  const grantScopes = options.scopes ?? [...scopes];
  const [grant] = await db.insert(oauthGrants).values({ accountId, clientId: desktopClient.id, scopes: grantScopes }).returning();
  const tokens = await issueTokens(db, grant!.id, grantScopes, grantScopes, options.state === "expired" ? new Date(now.getTime() - 2 * 3_600_000) : now);
  if (options.state === "revoked") await revokeGrant(db, grant!.id, "user", now);
  return { grantId: grant!.id, accessToken: tokens.access_token, refreshToken: tokens.refresh_token };
}

/**
 * A picture in an account's asset library, written straight to the database:
 * its bytes in the blob store (content-addressed: distinct unless `bytes` is
 * given) and a row that may claim any `size`, to fill a library up to its quota.
 */
export async function insertAsset(db: Db, accountId: string, options: { bytes?: Uint8Array; size?: number; name?: string } = {}): Promise<string> {
  const bytes = options.bytes ?? new TextEncoder().encode(`picture ${randomUUID()}`);
  const blob = await blobStore(db).put(bytes, "image/png");
  const [row] = await db
    .insert(assets)
    .values({
      accountId,
      name: options.name ?? "Test picture",
      blobKey: blob.key,
      contentType: "image/png",
      size: options.size ?? bytes.byteLength,
      width: 1,
      height: 1,
    })
    .returning({ id: assets.id });
  return row!.id;
}
