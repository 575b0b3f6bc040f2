import { sql } from "drizzle-orm";
import { check, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, utcTimestamp } from "./columns";

export const signingKeyStatuses = ["active", "retired", "revoked"] as const;
export type SigningKeyStatus = (typeof signingKeyStatuses)[number];

/**
 * The public halves of the keys that sign plugin packages (docs/operations.md#plugin-signing-keys).
 * The private halves never reach the database: they come from the environment.
 * Exactly one key is active (the partial unique index decides a race of two rotations).
 */
export const pluginSigningKeys = pgTable(
  "plugin_signing_keys",
  {
    /** As minisign prints it: the 8-byte id read little-endian, upper-case hex. */
    keyId: text("key_id").primaryKey(),
    /** The base64 line of minisign's public key file ("Ed", id, 32-byte key). */
    publicKey: text("public_key").notNull(),
    status: text("status", { enum: signingKeyStatuses }).notNull(),
    createdAt: createdAt(),
    retiredAt: utcTimestamp("retired_at"),
    revokedAt: utcTimestamp("revoked_at"),
    revokedReason: text("revoked_reason"),
  },
  (t) => [
    uniqueIndex("plugin_signing_keys_one_active").on(t.status).where(sql`${t.status} = 'active'`),
    check("plugin_signing_keys_status_check", sql`${t.status} in ('active', 'retired', 'revoked')`),
  ],
);

export type PluginSigningKey = typeof pluginSigningKeys.$inferSelect;
