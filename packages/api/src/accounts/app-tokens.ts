/**
 * The desktop app's access tokens as credentials (oauth/oauth-tokens.ts issues
 * them): resolved into the same caller as an API key, by the caller resolver.
 */
import { oauthTokenPrefixes, type Scope } from "@streamkit/api-contract";
import { accounts, type Db, oauthGrants, oauthTokens } from "@streamkit/db";
import { and, eq, isNull, lt, or } from "drizzle-orm";
import type { AccountCaller } from "../shared/context";
import { hashSecret, isWellFormedSecret } from "../shared/secret-format";
import { invalidToken } from "./api-keys";
import { principalColumns } from "./principal-columns";

const INVALID_ACCESS_TOKEN = "The access token is unknown, revoked or expired: refresh it, or sign in again.";

/** An access token as a caller of the `app` channel: the grant's account, its plan read now, the token's scopes. */
export async function resolveAccessToken(db: Db, token: string, now: Date): Promise<AccountCaller & { grantId: string }> {
  if (!isWellFormedSecret(token, oauthTokenPrefixes.access)) throw invalidToken(INVALID_ACCESS_TOKEN);
  const [row] = await db
    .select({ token: oauthTokens, grant: oauthGrants, account: principalColumns(now) })
    .from(oauthTokens)
    .innerJoin(oauthGrants, eq(oauthGrants.id, oauthTokens.grantId))
    .innerJoin(accounts, eq(accounts.id, oauthGrants.accountId))
    .where(and(eq(oauthTokens.hash, hashSecret(token)), eq(oauthTokens.kind, "access")))
    .limit(1);
  if (!row || row.grant.revokedAt || row.token.expiresAt.getTime() <= now.getTime()) throw invalidToken(INVALID_ACCESS_TOKEN);
  return { kind: "account", account: row.account, channel: "app", scopes: row.token.scopes as Scope[], grantId: row.grant.id };
}

/** Records use at most once a minute per sign-in. */
export async function touchGrant(db: Db, grantId: string, now: Date): Promise<void> {
  await db
    .update(oauthGrants)
    .set({ lastUsedAt: now })
    .where(and(eq(oauthGrants.id, grantId), or(isNull(oauthGrants.lastUsedAt), lt(oauthGrants.lastUsedAt, new Date(now.getTime() - 60_000)))));
}
