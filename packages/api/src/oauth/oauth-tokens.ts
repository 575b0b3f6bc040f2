/**
 * The desktop app's tokens (docs/desktop.md): issued
 * in pairs per grant, refresh tokens rotated on every use, a used one
 * presented again revoking its whole family (RFC 9700 §4.14.2), revocation
 * per RFC 7009, and access tokens resolved into the same caller as an API key.
 */
import { oauthLimits, oauthTokenPrefixes, type Scope, type TokenResponse } from "@streamkit/api-contract";
import { type Db, oauthGrants, oauthTokens, type Queryable } from "@streamkit/db";
import { and, eq, gt, inArray, isNull, lt } from "drizzle-orm";
import { generateSecret, hashSecret, isWellFormedSecret } from "../shared/secret-format";
import { OAuthError } from "./protocol-error";

/** A new access token (with `accessScopes`) and refresh token (with the grant's scopes) for a grant. */
export async function issueTokens(db: Queryable, grantId: string, grantScopes: Scope[], accessScopes: Scope[], now: Date): Promise<TokenResponse> {
  const access = generateSecret(oauthTokenPrefixes.access);
  const refresh = generateSecret(oauthTokenPrefixes.refresh);
  await db.insert(oauthTokens).values([
    { grantId, kind: "access", hash: access.hash, scopes: accessScopes, expiresAt: new Date(now.getTime() + oauthLimits.accessTokenSeconds * 1000) },
    { grantId, kind: "refresh", hash: refresh.hash, scopes: grantScopes, expiresAt: new Date(now.getTime() + oauthLimits.refreshIdleSeconds * 1000) },
  ]);
  return {
    access_token: access.secret,
    token_type: "Bearer",
    expires_in: oauthLimits.accessTokenSeconds,
    refresh_token: refresh.secret,
    scope: accessScopes.join(" "),
  };
}

export type RevokeReason = "user" | "revocation" | "code_reuse" | "refresh_reuse";

/** Ends a family: every token of the grant stops working on the next request. */
export async function revokeGrant(db: Queryable, grantId: string, reason: RevokeReason, now: Date): Promise<boolean> {
  const rows = await db
    .update(oauthGrants)
    .set({ revokedAt: now, revokedReason: reason })
    .where(and(eq(oauthGrants.id, grantId), isNull(oauthGrants.revokedAt)))
    .returning({ id: oauthGrants.id });
  return rows.length > 0;
}

export interface RefreshRequest {
  refreshToken: string;
  clientId: string;
  /** A narrower scope for the new access token (RFC 6749 §6), or null for the grant's. */
  scope: string | null;
}

export async function refreshTokens(db: Db, request: RefreshRequest, now: Date): Promise<TokenResponse> {
  if (!isWellFormedSecret(request.refreshToken, oauthTokenPrefixes.refresh)) throw new OAuthError("invalid_grant", "The refresh token is unknown.");
  const hash = hashSecret(request.refreshToken);
  const outcome = await db.transaction(async (tx): Promise<{ tokens: TokenResponse } | { error: "invalid_grant"; description: string }> => {
    const liveGrants = tx
      .select({ id: oauthGrants.id })
      .from(oauthGrants)
      .where(and(isNull(oauthGrants.revokedAt), eq(oauthGrants.clientId, request.clientId)));
    const [used] = await tx
      .update(oauthTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(oauthTokens.hash, hash),
          eq(oauthTokens.kind, "refresh"),
          isNull(oauthTokens.usedAt),
          gt(oauthTokens.expiresAt, now),
          inArray(oauthTokens.grantId, liveGrants),
        ),
      )
      .returning();
    if (used) {
      const grantScopes = used.scopes as Scope[];
      // Thrown, not returned: the transaction rolls back and the refresh token stays unused.
      const narrowed = narrowScopes(request.scope, grantScopes);
      await tx.update(oauthGrants).set({ lastUsedAt: now }).where(eq(oauthGrants.id, used.grantId));
      return { tokens: await issueTokens(tx, used.grantId, grantScopes, narrowed.scopes, now) };
    }
    const [existing] = await tx
      .select({ token: oauthTokens, grant: oauthGrants })
      .from(oauthTokens)
      .innerJoin(oauthGrants, eq(oauthGrants.id, oauthTokens.grantId))
      .where(and(eq(oauthTokens.hash, hash), eq(oauthTokens.kind, "refresh")))
      .limit(1);
    if (!existing) return { error: "invalid_grant", description: "The refresh token is unknown." } as const;
    if (existing.grant.clientId !== request.clientId)
      return { error: "invalid_grant", description: "The refresh token was issued to another client." } as const;
    if (existing.grant.revokedAt) return { error: "invalid_grant", description: "The refresh token was revoked; sign in again." } as const;
    if (existing.token.usedAt) {
      await revokeGrant(tx, existing.grant.id, "refresh_reuse", now);
      return { error: "invalid_grant", description: "The refresh token was already used; this sign-in is revoked. Sign in again." } as const;
    }
    return { error: "invalid_grant", description: "The refresh token has expired; sign in again." } as const;
  });
  if ("error" in outcome) throw new OAuthError(outcome.error, outcome.description);
  return outcome.tokens;
}

function narrowScopes(scope: string | null, grantScopes: Scope[]): { scopes: Scope[] } {
  if (scope === null) return { scopes: grantScopes };
  const asked = scope.split(" ").filter((one) => one !== "");
  const beyond = asked.filter((one) => !grantScopes.includes(one as Scope));
  if (asked.length === 0 || beyond.length > 0) throw new OAuthError("invalid_scope", `The scope may only narrow the granted ${grantScopes.join(" ")}.`);
  return { scopes: grantScopes.filter((one) => asked.includes(one)) };
}

/**
 * RFC 7009: the token's family ends, whichever of its tokens is presented. An
 * unknown token, or one of another client, is answered like a revoked one
 * (§2.2: 200 either way) but touches nothing.
 */
export async function revokeToken(db: Db, token: string, clientId: string, now: Date): Promise<void> {
  const known = [oauthTokenPrefixes.access, oauthTokenPrefixes.refresh].some((prefix) => isWellFormedSecret(token, prefix));
  if (!known) return;
  const [row] = await db
    .select({ grantId: oauthGrants.id, clientId: oauthGrants.clientId })
    .from(oauthTokens)
    .innerJoin(oauthGrants, eq(oauthGrants.id, oauthTokens.grantId))
    .where(eq(oauthTokens.hash, hashSecret(token)))
    .limit(1);
  if (row && row.clientId === clientId) await revokeGrant(db, row.grantId, "revocation", now);
}

/** Tokens are kept a day past their expiry (a reused refresh token is still recognised), then deleted. */
export async function deleteExpiredTokens(db: Db, before: Date): Promise<void> {
  await db.delete(oauthTokens).where(lt(oauthTokens.expiresAt, before));
}
