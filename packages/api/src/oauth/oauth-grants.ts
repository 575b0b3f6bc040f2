/**
 * Connected apps: the account's live desktop sign-ins (grants) as its account
 * page lists them, and the person's own revoke, which ends the family at once.
 */
import type { ConnectedApp, Scope } from "@streamkit/api-contract";
import { type Db, oauthGrants } from "@streamkit/db";
import { and, desc, eq, isNull } from "drizzle-orm";
import { AppError } from "@streamkit/api-contract";
import { findClient } from "./clients";
import { revokeGrant } from "./oauth-tokens";

export async function listConnectedApps(db: Db, accountId: string): Promise<ConnectedApp[]> {
  const rows = await db
    .select()
    .from(oauthGrants)
    .where(and(eq(oauthGrants.accountId, accountId), isNull(oauthGrants.revokedAt)))
    .orderBy(desc(oauthGrants.createdAt), desc(oauthGrants.id));
  return rows.map((grant) => ({
    id: grant.id,
    clientId: grant.clientId,
    appName: findClient(grant.clientId)?.name ?? grant.clientId,
    scopes: grant.scopes as Scope[],
    deviceLabel: grant.deviceLabel,
    createdAt: grant.createdAt.toISOString(),
    lastUsedAt: grant.lastUsedAt?.toISOString() ?? null,
  }));
}

/** Ends one of the account's sign-ins; another account's, an unknown or an already ended one is 404. */
export async function revokeConnectedApp(db: Db, accountId: string, grantId: string, now: Date): Promise<void> {
  const [grant] = await db
    .select({ id: oauthGrants.id })
    .from(oauthGrants)
    .where(and(eq(oauthGrants.id, grantId), eq(oauthGrants.accountId, accountId), isNull(oauthGrants.revokedAt)))
    .limit(1);
  if (!grant || !(await revokeGrant(db, grant.id, "user", now))) throw new AppError("not_found", "No such connected app.");
}
