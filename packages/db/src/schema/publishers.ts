import { sql } from "drizzle-orm";
import { boolean, check, index, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { accounts } from "./accounts";
import { createdAt, primaryId, utcTimestamp } from "./columns";

/**
 * Every handle a publisher ever had (the address of /publishers/<handle>):
 * the current one and the ones it was renamed from, which keep pointing at it
 * and stay reserved to it. The primary key decides races between accounts
 * wanting one handle; the partial unique index keeps one current handle per
 * account. A plugin's first insert assigns its owner a handle
 * (publisher_handle_assign, migration 0016_publishers.sql), whoever inserts it.
 */
export const publisherHandles = pgTable(
  "publisher_handles",
  {
    handle: text("handle").primaryKey(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    current: boolean("current").notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("publisher_handles_current_key").on(t.accountId).where(sql`${t.current}`),
    index("publisher_handles_account_idx").on(t.accountId),
    check("publisher_handles_format", sql`${t.handle} ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and length(${t.handle}) between 3 and 40`),
  ],
);

export const domainCheckMethods = ["dns", "file"] as const;

/**
 * Domains a publisher claims, each with the token it must publish there. A
 * domain is verified for at most one account at a time (the partial unique
 * index); `accounts.verified` is true while one of its domains is verified or
 * an operator's grant stands (publishers/verification.ts keeps it so).
 */
export const publisherDomains = pgTable(
  "publisher_domains",
  {
    id: primaryId(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    domain: text("domain").notNull(),
    token: text("token").notNull(),
    verifiedAt: utcTimestamp("verified_at"),
    method: text("method", { enum: domainCheckMethods }),
    checkedAt: utcTimestamp("checked_at"),
    /** What the last check found wrong; null after a success or before any check. */
    lastProblem: text("last_problem"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("publisher_domains_account_domain_key").on(t.accountId, t.domain),
    uniqueIndex("publisher_domains_verified_key").on(t.domain).where(sql`${t.verifiedAt} is not null`),
    index("publisher_domains_checked_idx").on(t.checkedAt).where(sql`${t.verifiedAt} is not null`),
  ],
);

/** An operator's verification of a publisher (one standing grant per account; revoking deletes it, the log keeps both). */
export const publisherGrants = pgTable("publisher_grants", {
  accountId: uuid("account_id")
    .primaryKey()
    .references(() => accounts.id, { onDelete: "cascade" }),
  grantedBy: uuid("granted_by").references(() => accounts.id, { onDelete: "set null" }),
  note: text("note").notNull(),
  grantedAt: utcTimestamp("granted_at").notNull().defaultNow(),
});

export const verificationActions = ["grant", "revoke", "domain_verified", "domain_revoked", "domain_removed"] as const;
export const verificationVia = ["website", "cli", "service"] as const;

/** Every change of a publisher's verification: who (an operator's account, the CLI, or the service's recheck), when, and why. */
export const publisherVerificationEvents = pgTable(
  "publisher_verification_events",
  {
    id: primaryId(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    action: text("action", { enum: verificationActions }).notNull(),
    domain: text("domain"),
    actorId: uuid("actor_id").references(() => accounts.id, { onDelete: "set null" }),
    via: text("via", { enum: verificationVia }).notNull(),
    note: text("note"),
    createdAt: createdAt(),
  },
  (t) => [index("publisher_verification_events_account_idx").on(t.accountId, t.createdAt)],
);

export type PublisherDomain = typeof publisherDomains.$inferSelect;
