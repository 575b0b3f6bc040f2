import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { accounts } from "./accounts";
import { createdAt, primaryId, utcTimestamp } from "./columns";
import { plugins } from "./plugins";

/**
 * Paid plugins. Money is always an integer amount of minor units (paise,
 * cents) next to its currency. Every figure an author sees derives from the
 * immutable ledger below; purchases and payouts only describe what happened.
 */

/** An author's request for a price tier; the operator approves or rejects it. */
export const priceRequests = pgTable(
  "price_requests",
  {
    id: primaryId(),
    pluginId: uuid("plugin_id")
      .notNull()
      .references(() => plugins.id, { onDelete: "cascade" }),
    tier: text("tier").notNull(),
    /** pending → approved | rejected; pending or rejected → withdrawn when the author asks again or makes it free. */
    status: text("status", { enum: ["pending", "approved", "rejected", "withdrawn"] })
      .notNull()
      .default("pending"),
    note: text("note"),
    requestedAt: createdAt(),
    decidedAt: utcTimestamp("decided_at"),
    decidedBy: uuid("decided_by").references(() => accounts.id),
  },
  (t) => [
    // At most one request the author still sees (pending or rejected) per plugin.
    uniqueIndex("price_requests_open_key").on(t.pluginId).where(sql`${t.status} in ('pending', 'rejected')`),
    index("price_requests_status_idx").on(t.status, t.requestedAt),
    check("price_requests_tier_check", sql`${t.tier} in ('t1', 't2', 't3', 't4', 't5')`),
    check("price_requests_status_check", sql`${t.status} in ('pending', 'approved', 'rejected', 'withdrawn')`),
  ],
);

/** A buyer's attempt to pay: amount and currency are fixed when it starts, so a later price change cannot alter it. */
export const checkouts = pgTable(
  "checkouts",
  {
    id: primaryId(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id),
    pluginId: uuid("plugin_id")
      .notNull()
      .references(() => plugins.id),
    provider: text("provider").notNull(),
    providerSessionId: text("provider_session_id"),
    currency: text("currency").notNull(),
    amount: integer("amount").notNull(),
    status: text("status", { enum: ["open", "paid", "cancelled", "duplicate"] })
      .notNull()
      .default("open"),
    createdAt: createdAt(),
    completedAt: utcTimestamp("completed_at"),
  },
  (t) => [index("checkouts_account_idx").on(t.accountId, t.createdAt), check("checkouts_amount_check", sql`${t.amount} > 0`)],
);

/** A confirmed payment: created only when the provider confirms it. */
export const purchases = pgTable(
  "purchases",
  {
    id: primaryId(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id),
    pluginId: uuid("plugin_id")
      .notNull()
      .references(() => plugins.id),
    checkoutId: uuid("checkout_id")
      .notNull()
      .references(() => checkouts.id),
    provider: text("provider").notNull(),
    providerPaymentId: text("provider_payment_id").notNull(),
    currency: text("currency").notNull(),
    amount: integer("amount").notNull(),
    status: text("status", { enum: ["paid", "refunded"] })
      .notNull()
      .default("paid"),
    paidAt: utcTimestamp("paid_at").notNull(),
    refundedAt: utcTimestamp("refunded_at"),
  },
  (t) => [
    // Nobody pays twice for one plugin: one paid purchase per account and plugin.
    uniqueIndex("purchases_paid_key").on(t.accountId, t.pluginId).where(sql`${t.status} = 'paid'`),
    uniqueIndex("purchases_payment_key").on(t.provider, t.providerPaymentId),
    uniqueIndex("purchases_checkout_key").on(t.checkoutId),
    index("purchases_account_idx").on(t.accountId, t.paidAt),
    check("purchases_amount_check", sql`${t.amount} > 0`),
  ],
);

/** Money paid to an author. */
export const payouts = pgTable(
  "payouts",
  {
    id: primaryId(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id),
    currency: text("currency").notNull(),
    amount: integer("amount").notNull(),
    method: text("method").notNull(),
    reference: text("reference").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("payouts_account_idx").on(t.accountId, t.createdAt), check("payouts_amount_check", sql`${t.amount} > 0`)],
);

/**
 * The ledger: immutable entries (never updated or deleted) from which every
 * earnings figure is computed. `share` is the author's part in minor units:
 * positive for a sale, negative for its refund and for a payout.
 */
export const ledgerEntries = pgTable(
  "ledger_entries",
  {
    id: primaryId(),
    kind: text("kind", { enum: ["sale", "refund", "payout"] }).notNull(),
    authorId: uuid("author_id")
      .notNull()
      .references(() => accounts.id),
    currency: text("currency").notNull(),
    /** What the buyer paid (sale) or got back (refund), in minor units; 0 for a payout. */
    gross: integer("gross").notNull(),
    /** The author's part, signed. */
    share: integer("share").notNull(),
    purchaseId: uuid("purchase_id").references(() => purchases.id),
    payoutId: uuid("payout_id").references(() => payouts.id),
    /** When a sale's share leaves the refund window and becomes payable. */
    availableAt: utcTimestamp("available_at").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("ledger_author_idx").on(t.authorId, t.currency),
    // One sale and at most one refund per purchase; one entry per payout.
    uniqueIndex("ledger_purchase_kind_key").on(t.purchaseId, t.kind).where(sql`${t.purchaseId} is not null`),
    uniqueIndex("ledger_payout_key").on(t.payoutId).where(sql`${t.payoutId} is not null`),
    check("ledger_kind_check", sql`${t.kind} in ('sale', 'refund', 'payout')`),
  ],
);

/** Provider events applied, keyed by the provider's own event id: a replayed or concurrent delivery applies once. */
export const webhookEvents = pgTable(
  "webhook_events",
  {
    provider: text("provider").notNull(),
    eventId: text("event_id").notNull(),
    type: text("type").notNull(),
    receivedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);
