/**
 * Authorization codes (RFC 6749 §4.1, RFC 7636): issued on Allow, exchanged
 * once at the token endpoint. The exchange is one conditional UPDATE: the code
 * is consumed only when it is unused, unexpired, the client's, for the same
 * redirect_uri and the verifier's S256 is its challenge, so concurrent
 * exchanges get one winner and a failed attempt leaves the code for the app.
 * A code that comes back after use revokes the family it created.
 */
import { oauthLimits, oauthTokenPrefixes, type Scope, type TokenResponse } from "@streamkit/api-contract";
import { type Db, oauthCodes, oauthGrants } from "@streamkit/db";
import { and, eq, gt, isNull, lt } from "drizzle-orm";
import { generateSecret, hashSecret, isWellFormedSecret } from "../shared/secret-format";
import type { AuthorizationRequest } from "./authorization-request";
import { isValidVerifier, s256 } from "./pkce";
import { deleteExpiredDeviceCodes } from "./device-codes";
import { OAuthError } from "./protocol-error";
import { issueTokens, revokeGrant } from "./oauth-tokens";

export async function issueCode(db: Db, accountId: string, request: AuthorizationRequest, now: Date): Promise<string> {
  const { secret, hash } = generateSecret(oauthTokenPrefixes.code);
  await db.insert(oauthCodes).values({
    hash,
    accountId,
    clientId: request.client.id,
    redirectUri: request.redirectUri,
    codeChallenge: request.codeChallenge,
    scopes: request.scopes,
    deviceLabel: request.deviceLabel,
    expiresAt: new Date(now.getTime() + oauthLimits.codeSeconds * 1000),
  });
  return secret;
}

export interface CodeExchange {
  code: string;
  clientId: string;
  redirectUri: string;
  codeVerifier: string;
}

export async function exchangeCode(db: Db, exchange: CodeExchange, now: Date): Promise<TokenResponse> {
  if (!isValidVerifier(exchange.codeVerifier)) throw new OAuthError("invalid_request", "code_verifier must be 43 to 128 unreserved characters (RFC 7636).");
  if (!isWellFormedSecret(exchange.code, oauthTokenPrefixes.code)) throw new OAuthError("invalid_grant", "The code is unknown.");
  const hash = hashSecret(exchange.code);
  const outcome = await db.transaction(async (tx): Promise<{ tokens: TokenResponse } | { error: string }> => {
    const [code] = await tx
      .update(oauthCodes)
      .set({ usedAt: now })
      .where(
        and(
          eq(oauthCodes.hash, hash),
          isNull(oauthCodes.usedAt),
          gt(oauthCodes.expiresAt, now),
          eq(oauthCodes.clientId, exchange.clientId),
          eq(oauthCodes.redirectUri, exchange.redirectUri),
          eq(oauthCodes.codeChallenge, s256(exchange.codeVerifier)),
        ),
      )
      .returning();
    if (code) {
      const [grant] = await tx
        .insert(oauthGrants)
        .values({ accountId: code.accountId, clientId: code.clientId, scopes: code.scopes, deviceLabel: code.deviceLabel, lastUsedAt: now })
        .returning({ id: oauthGrants.id });
      await tx.update(oauthCodes).set({ grantId: grant!.id }).where(eq(oauthCodes.id, code.id));
      return { tokens: await issueTokens(tx, grant!.id, code.scopes as Scope[], code.scopes as Scope[], now) };
    }
    // Why not: read after the conditional update, so a concurrent winner's family is committed and visible here.
    const [existing] = await tx.select().from(oauthCodes).where(eq(oauthCodes.hash, hash)).limit(1);
    if (!existing) return { error: "The code is unknown." };
    if (existing.usedAt) {
      if (existing.grantId) await revokeGrant(tx, existing.grantId, "code_reuse", now);
      return { error: "The code was already used; the tokens issued from it are revoked." };
    }
    if (existing.expiresAt.getTime() <= now.getTime()) return { error: "The code has expired; sign in again." };
    if (existing.clientId !== exchange.clientId) return { error: "The code was issued to another client." };
    if (existing.redirectUri !== exchange.redirectUri) return { error: "redirect_uri is not the one of the authorization request." };
    return { error: "code_verifier does not match the code_challenge." };
  });
  if ("error" in outcome) throw new OAuthError("invalid_grant", outcome.error);
  return outcome.tokens;
}

/** Codes (device codes too) are kept a day past their expiry (a reused code is still recognised), then deleted. */
export async function deleteExpiredCodes(db: Db, before: Date): Promise<void> {
  await db.delete(oauthCodes).where(lt(oauthCodes.expiresAt, before));
  await deleteExpiredDeviceCodes(db, before);
}
