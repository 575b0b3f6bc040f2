import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { accounts } from "./accounts";
import { createdAt, primaryId, utcTimestamp } from "./columns";

/**
 * Plans people pay for (docs/payments.md#subscriptions). An account's plan is never
 * copied from these rows: it is computed on every request from the operator's
 * base plan (accounts.plan), the subscription that still entitles it and any
 * complimentary plan in force, at the request's time — so a period's end, a
 * grace period running out or a refund applies to the very next request
 * without a job having to run first.
 */
export const subscriptions = pgTable(
  "subscriptions",
  {
    id: primaryId(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id),
    /** pro | ultimate: what the current period pays for. */
    plan: text("plan").notNull(),
    /** month | year. */
    interval: text("interval").notNull(),
    /** Fixed when the subscription starts (INR in India, USD elsewhere). */
    currency: text("currency").notNull(),
    /** What the next renewal charges, in minor units (the scheduled plan's price once a downgrade is scheduled). */
    amount: integer("amount").notNull(),
    provider: text("provider").notNull(),
    /** The checkout session (Stripe), subscription link (Razorpay) or built-in checkout the subscriber pays at first. */
    providerSessionId: text("provider_session_id"),
    /** The provider's subscription (Stripe sub_…, Razorpay sub_…, built-in bsub_…); set when the first payment is confirmed. */
    providerSubscriptionId: text("provider_subscription_id"),
    providerCustomerId: text("provider_customer_id"),
    /**
     * incomplete: checkout started, nothing paid yet (abandoned ones stay so);
     * active: paid up; past_due: a renewal failed, inside the grace period;
     * ended: over (cancelled at the period's end, unpaid past grace, refunded, or replaced).
     */
    status: text("status", { enum: ["incomplete", "active", "past_due", "ended"] })
      .notNull()
      .default("incomplete"),
    currentPeriodStart: utcTimestamp("current_period_start"),
    currentPeriodEnd: utcTimestamp("current_period_end"),
    cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
    /** A downgrade (Ultimate → Pro) waiting for the period's end. */
    scheduledPlan: text("scheduled_plan"),
    /** The built-in provider's test card: `ok`, or `declines` (its renewals fail). Null for real providers. */
    testCard: text("test_card"),
    /** When the latest renewal attempt failed (past_due); cleared when one succeeds. */
    lastFailedAt: utcTimestamp("last_failed_at"),
    endedAt: utcTimestamp("ended_at"),
    endedReason: text("ended_reason", { enum: ["cancelled", "unpaid", "refunded", "superseded"] }),
    createdAt: createdAt(),
  },
  (t) => [
    // One live subscription per account: a second payment for another one is refunded, never a second plan.
    uniqueIndex("subscriptions_live_key").on(t.accountId).where(sql`${t.status} in ('active', 'past_due')`),
    uniqueIndex("subscriptions_provider_key").on(t.provider, t.providerSubscriptionId),
    index("subscriptions_account_idx").on(t.accountId, t.createdAt),
    index("subscriptions_due_idx").on(t.status, t.currentPeriodEnd),
    check("subscriptions_plan_check", sql`${t.plan} in ('pro', 'ultimate')`),
    check("subscriptions_scheduled_plan_check", sql`${t.scheduledPlan} is null or ${t.scheduledPlan} in ('pro', 'ultimate')`),
    check("subscriptions_interval_check", sql`${t.interval} in ('month', 'year')`),
    check("subscriptions_status_check", sql`${t.status} in ('incomplete', 'active', 'past_due', 'ended')`),
    check("subscriptions_amount_check", sql`${t.amount} > 0`),
    check(
      "subscriptions_period_check",
      sql`${t.status} in ('incomplete', 'ended') or (${t.currentPeriodStart} is not null and ${t.currentPeriodEnd} > ${t.currentPeriodStart})`,
    ),
  ],
);

/** A confirmed subscription payment (first period, renewal or an upgrade's proration): created only from a verified provider event. */
export const subscriptionPayments = pgTable(
  "subscription_payments",
  {
    id: primaryId(),
    subscriptionId: uuid("subscription_id")
      .notNull()
      .references(() => subscriptions.id),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id),
    kind: text("kind", { enum: ["initial", "renewal", "proration"] }).notNull(),
    /** The plan this payment paid for. */
    plan: text("plan").notNull(),
    provider: text("provider").notNull(),
    providerPaymentId: text("provider_payment_id").notNull(),
    currency: text("currency").notNull(),
    amount: integer("amount").notNull(),
    /** The period it pays for (an upgrade's proration: from the upgrade to the period's end). */
    periodStart: utcTimestamp("period_start").notNull(),
    periodEnd: utcTimestamp("period_end").notNull(),
    status: text("status", { enum: ["paid", "refunded"] })
      .notNull()
      .default("paid"),
    paidAt: utcTimestamp("paid_at").notNull(),
    refundedAt: utcTimestamp("refunded_at"),
  },
  (t) => [
    uniqueIndex("subscription_payments_provider_key").on(t.provider, t.providerPaymentId),
    index("subscription_payments_account_idx").on(t.accountId, t.paidAt),
    index("subscription_payments_subscription_idx").on(t.subscriptionId, t.paidAt),
    check("subscription_payments_amount_check", sql`${t.amount} > 0`),
    check("subscription_payments_kind_check", sql`${t.kind} in ('initial', 'renewal', 'proration')`),
  ],
);

/**
 * The service's revenue ledger: one immutable entry per subscription payment
 * and per refund of one (a database trigger refuses updates and deletes).
 * Amounts are signed minor units: positive money in, negative money back.
 * Service revenue, apart from authors' earnings (ledger_entries).
 */
export const revenueEntries = pgTable(
  "revenue_entries",
  {
    id: primaryId(),
    kind: text("kind", { enum: ["subscription_payment", "subscription_refund"] }).notNull(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id),
    paymentId: uuid("payment_id")
      .notNull()
      .references(() => subscriptionPayments.id),
    currency: text("currency").notNull(),
    amount: integer("amount").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    // One payment entry and at most one refund entry per payment, whatever the deliveries.
    uniqueIndex("revenue_entries_payment_kind_key").on(t.paymentId, t.kind),
    index("revenue_entries_account_idx").on(t.accountId, t.createdAt),
    check("revenue_entries_kind_check", sql`${t.kind} in ('subscription_payment', 'subscription_refund')`),
    check(
      "revenue_entries_sign_check",
      sql`(${t.kind} = 'subscription_payment' and ${t.amount} > 0) or (${t.kind} = 'subscription_refund' and ${t.amount} < 0)`,
    ),
  ],
);

/** A plan the operator gives an account for free until `endsAt` (no payment, no ledger entry). */
export const complimentaryPlans = pgTable(
  "complimentary_plans",
  {
    id: primaryId(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id),
    plan: text("plan").notNull(),
    endsAt: utcTimestamp("ends_at").notNull(),
    note: text("note"),
    grantedBy: uuid("granted_by").references(() => accounts.id),
    createdAt: createdAt(),
    revokedAt: utcTimestamp("revoked_at"),
    revokedBy: uuid("revoked_by").references(() => accounts.id),
  },
  (t) => [index("complimentary_plans_account_idx").on(t.accountId, t.endsAt), check("complimentary_plans_plan_check", sql`${t.plan} in ('pro', 'ultimate')`)],
);
