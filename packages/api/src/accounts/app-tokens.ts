/**
 * The desktop app's access tokens as credentials (oauth/oauth-tokens.ts issues
 * them): resolved into the same caller as an API key, by the caller resolver,
 * and kept per process as API keys' callers are (principal-cache.ts; migration
 * 0032's triggers announce a revoked sign-in).
 */
import { oauthTokenPrefixes, type Scope } from "@streamkit/api-contract";
import { accounts, type Db, oauthGrants, oauthTokens } from "@streamkit/db";
import { and, eq, sql } from "drizzle-orm";
import type { AccountCaller } from "../shared/context";
import { planChangesAtSql } from "../shared/plan-sql";
import { preparedPerDatabase } from "../shared/prepared";
import { hashSecret, isWellFormedSecret } from "../shared/secret-format";
import { invalidToken } from "./api-keys";
import { keptUntil, type PrincipalCache } from "./principal-cache";
import { principalColumns } from "./principal-columns";

const INVALID_ACCESS_TOKEN = "The access token is unknown, revoked or expired: refresh it, or sign in again.";

/** The token with its sign-in and account, read on a desktop request the process has not kept: prepared once. */
const tokenPrincipalStatement = preparedPerDatabase((db) =>
  db
    .select({
      scopes: oauthTokens.scopes,
      expiresAt: oauthTokens.expiresAt,
      grantId: oauthGrants.id,
      revokedAt: oauthGrants.revokedAt,
      account: principalColumns(sql.placeholder("now")),
      planChangesAt: planChangesAtSql(sql.placeholder("now")),
    })
    .from(oauthTokens)
    .innerJoin(oauthGrants, eq(oauthGrants.id, oauthTokens.grantId))
    .innerJoin(accounts, eq(accounts.id, oauthGrants.accountId))
    .where(and(eq(oauthTokens.hash, sql.placeholder("hash")), eq(oauthTokens.kind, "access")))
    .limit(1)
    .prepare("app_token_principal"),
);

/** An access token as a caller of the `app` channel: the grant's account, its plan read now, the token's scopes. */
export async function resolveAccessToken(db: Db, token: string, now: Date, kept?: PrincipalCache): Promise<AccountCaller> {
  if (!isWellFormedSecret(token, oauthTokenPrefixes.access)) throw invalidToken(INVALID_ACCESS_TOKEN);
  const hash = hashSecret(token);
  const read = async () => {
    const [row] = await tokenPrincipalStatement(db).execute({ hash, now: now.toISOString() });
    const expiresAt = row ? new Date(row.expiresAt).getTime() : 0;
    if (!row || row.revokedAt || expiresAt <= now.getTime()) throw invalidToken(INVALID_ACCESS_TOKEN);
    const caller: AccountCaller = { kind: "account", account: row.account, channel: "app", scopes: row.scopes as Scope[], grant: { id: row.grantId } };
    // Held until the token expires or the plan next changes by time alone, whichever is first.
    return { caller, validUntil: keptUntil(row.expiresAt, row.planChangesAt) };
  };
  // Kept apart from API keys' hashes (a different secret, hashed alike); read throws rather than answer no caller.
  return kept ? (await kept.resolve(`app:${hash}`, now.getTime(), read))! : (await read()).caller;
}
