import { index, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { accounts } from "./accounts";
import { createdAt, primaryId, utcTimestamp } from "./columns";

/** API keys: only the SHA-256 of the secret is stored; `prefix` is the part shown in lists. */
export const apiKeys = pgTable(
  "api_keys",
  {
    id: primaryId(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    prefix: text("prefix").notNull(),
    /** Hex SHA-256 of the whole key. */
    hash: text("hash").notNull(),
    scopes: text("scopes").array().notNull(),
    createdAt: createdAt(),
    lastUsedAt: utcTimestamp("last_used_at"),
    expiresAt: utcTimestamp("expires_at"),
    revokedAt: utcTimestamp("revoked_at"),
  },
  (t) => [uniqueIndex("api_keys_hash_key").on(t.hash), index("api_keys_account_idx").on(t.accountId)],
);

export type ApiKey = typeof apiKeys.$inferSelect;
