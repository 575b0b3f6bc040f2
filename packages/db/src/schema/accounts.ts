import { sql } from "drizzle-orm";
import { boolean, check, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, primaryId, utcTimestamp } from "./columns";

/**
 * A person or organisation: signs in on the website, holds API keys, buys
 * plugins and publishes them. The service's own publisher is an account with
 * `official` set; its plugins are listed first.
 */
export const accounts = pgTable(
  "accounts",
  {
    id: primaryId(),
    email: text("email"),
    name: text("name").notNull(),
    plan: text("plan", { enum: ["free", "pro", "ultimate"] })
      .notNull()
      .default("free"),
    /** ISO 3166-1 alpha-2; decides INR or USD prices. */
    country: text("country"),
    suspended: boolean("suspended").notNull().default(false),
    staff: boolean("staff").notNull().default(false),
    official: boolean("official").notNull().default(false),
    verified: boolean("verified").notNull().default(false),
    /** scrypt hash (see packages/api/src/accounts/password.ts); null for accounts that only sign in with GitHub or Google. */
    passwordHash: text("password_hash"),
    /** Auth.js columns: the account table doubles as Auth.js's user table. */
    emailVerified: utcTimestamp("email_verified"),
    image: text("image"),
    /** Website sessions (JWTs) issued before this are refused: set by a password change or reset, and by deletion. */
    sessionsValidAfter: utcTimestamp("sessions_valid_after"),
    /** Set when the person deleted the account: its personal data is erased, the row stays for the ledger. */
    deletedAt: utcTimestamp("deleted_at"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("accounts_email_key").on(sql`lower(${t.email})`), check("accounts_plan_check", sql`${t.plan} in ('free', 'pro', 'ultimate')`)],
);

export type Account = typeof accounts.$inferSelect;
