import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { accounts } from "./accounts";
import { createdAt, primaryId, utcTimestamp } from "./columns";

/**
 * The desktop app's sign-ins (docs/desktop.md). A
 * grant is one sign-in of one app on one device: the family of every token
 * issued from its authorization code. Revoking it (the person on Connected
 * apps, RFC 7009 revocation, a reused code or refresh token) ends every token
 * of the family at once; rows stay for the record.
 */
export const oauthGrants = pgTable(
  "oauth_grants",
  {
    id: primaryId(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    clientId: text("client_id").notNull(),
    scopes: text("scopes").array().notNull(),
    /** The label the app sent for its device (`device_label`), if any. */
    deviceLabel: text("device_label"),
    createdAt: createdAt(),
    lastUsedAt: utcTimestamp("last_used_at"),
    revokedAt: utcTimestamp("revoked_at"),
    /** Why it ended: `user`, `revocation`, `code_reuse`, `refresh_reuse`. */
    revokedReason: text("revoked_reason"),
  },
  (t) => [index("oauth_grants_account_idx").on(t.accountId, t.createdAt)],
);

/**
 * Authorization codes: single use (the exchange is `UPDATE … WHERE used_at IS
 * NULL`), short-lived, bound to the client, the PKCE challenge and the exact
 * redirect_uri. Only the SHA-256 of the code is stored; `grant_id` is the family
 * the exchange created, revoked if the code comes back.
 */
export const oauthCodes = pgTable(
  "oauth_codes",
  {
    id: primaryId(),
    hash: text("hash").notNull(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    clientId: text("client_id").notNull(),
    redirectUri: text("redirect_uri").notNull(),
    codeChallenge: text("code_challenge").notNull(),
    scopes: text("scopes").array().notNull(),
    deviceLabel: text("device_label"),
    createdAt: createdAt(),
    expiresAt: utcTimestamp("expires_at").notNull(),
    usedAt: utcTimestamp("used_at"),
    grantId: uuid("grant_id").references(() => oauthGrants.id, { onDelete: "cascade" }),
  },
  (t) => [uniqueIndex("oauth_codes_hash_key").on(t.hash), index("oauth_codes_expires_idx").on(t.expiresAt)],
);

/**
 * Access and refresh tokens of a grant, by the SHA-256 of their value. A
 * refresh token is used once: rotation is `UPDATE … WHERE used_at IS NULL`,
 * and one presented again revokes its grant.
 */
export const oauthTokens = pgTable(
  "oauth_tokens",
  {
    id: primaryId(),
    grantId: uuid("grant_id")
      .notNull()
      .references(() => oauthGrants.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    hash: text("hash").notNull(),
    /** The grant's scopes, or fewer for an access token a refresh asked to narrow (RFC 6749 §6). */
    scopes: text("scopes").array().notNull(),
    createdAt: createdAt(),
    expiresAt: utcTimestamp("expires_at").notNull(),
    usedAt: utcTimestamp("used_at"),
  },
  (t) => [
    uniqueIndex("oauth_tokens_hash_key").on(t.hash),
    index("oauth_tokens_grant_idx").on(t.grantId),
    check("oauth_tokens_kind_check", sql`${t.kind} in ('access', 'refresh')`),
  ],
);

/**
 * Device authorizations (RFC 8628): the app's device_code (its SHA-256) and the
 * user_code the person types on /device (the SHA-256 of its normalised form).
 * `status` moves pending → approved | denied | locked, and approved → used when
 * the app redeems it; each step is one conditional UPDATE (or a row lock while
 * polling), so concurrent polls and redeems are decided by the database.
 * `interval_seconds` grows by 5 on every slow_down; `opens` counts how often the
 * code was opened on /device (locked past deviceFlowLimits.maxOpensPerCode).
 */
export const oauthDeviceCodes = pgTable(
  "oauth_device_codes",
  {
    id: primaryId(),
    deviceCodeHash: text("device_code_hash").notNull(),
    userCodeHash: text("user_code_hash").notNull(),
    clientId: text("client_id").notNull(),
    scopes: text("scopes").array().notNull(),
    deviceLabel: text("device_label"),
    status: text("status").notNull().default("pending"),
    intervalSeconds: integer("interval_seconds").notNull(),
    lastPolledAt: utcTimestamp("last_polled_at"),
    opens: integer("opens").notNull().default(0),
    /** Who allowed or denied it. */
    accountId: uuid("account_id").references(() => accounts.id, { onDelete: "cascade" }),
    decidedAt: utcTimestamp("decided_at"),
    /** The sign-in its redemption created. */
    grantId: uuid("grant_id").references(() => oauthGrants.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    expiresAt: utcTimestamp("expires_at").notNull(),
  },
  (t) => [
    uniqueIndex("oauth_device_codes_device_code_key").on(t.deviceCodeHash),
    uniqueIndex("oauth_device_codes_user_code_key").on(t.userCodeHash),
    index("oauth_device_codes_expires_idx").on(t.expiresAt),
    check("oauth_device_codes_status_check", sql`${t.status} in ('pending', 'approved', 'denied', 'locked', 'used')`),
  ],
);

export type OauthGrant = typeof oauthGrants.$inferSelect;
