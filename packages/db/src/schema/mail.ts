import { index, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { accounts } from "./accounts";
import { createdAt, primaryId, utcTimestamp } from "./columns";

/**
 * "Forgot password?" links: only the SHA-256 of the token is stored; a link
 * works once (`used_at` is set by the one UPDATE that spends it) and until
 * `expires_at`.
 */
export const passwordResets = pgTable(
  "password_resets",
  {
    id: primaryId(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    createdAt: createdAt(),
    expiresAt: utcTimestamp("expires_at").notNull(),
    usedAt: utcTimestamp("used_at"),
  },
  (t) => [uniqueIndex("password_resets_token_key").on(t.tokenHash), index("password_resets_account_idx").on(t.accountId)],
);

/** The development outbox: messages the service would have emailed, when no SMTP server is configured (docs/accounts.md). */
export const outboxMessages = pgTable(
  "outbox_messages",
  {
    id: primaryId(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("outbox_messages_created_idx").on(t.createdAt)],
);
