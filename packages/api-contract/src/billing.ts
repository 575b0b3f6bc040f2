import { billingIntervalSchema, paidPlanSchema, planNameSchema, subscriptionRules } from "@streamkit/plans";
import { z } from "zod";
import { adminSearchQuerySchema } from "./admin";
import { saleCurrencySchema } from "./commerce";
import { isoTimestamp } from "./time";

/** Subscriptions to Pro and Ultimate (docs/payments.md#subscriptions). Money is in minor units (paise, cents). */

export const subscriptionStatusSchema = z.enum(["incomplete", "active", "past_due", "ended"]).meta({
  id: "SubscriptionStatus",
  description: `incomplete: checkout started, not paid; active: paid up; past_due: a renewal failed — the plan stays for the ${subscriptionRules.graceDays}-day grace period while the payment is retried; ended.`,
});

export const subscriptionSchema = z
  .object({
    id: z.string(),
    plan: paidPlanSchema.meta({ description: "What the current period pays for." }),
    interval: billingIntervalSchema,
    status: subscriptionStatusSchema,
    provider: z.string().meta({ description: "builtin, stripe or razorpay." }),
    currency: saleCurrencySchema,
    currentPeriodStart: isoTimestamp.nullable(),
    currentPeriodEnd: isoTimestamp.nullable().meta({ description: "When the paid period ends: the next renewal, or the end of the plan when cancelled." }),
    cancelAtPeriodEnd: z.boolean(),
    scheduledPlan: paidPlanSchema.nullable().meta({ description: "A downgrade that takes effect at the period's end." }),
    nextRenewal: z
      .object({ at: isoTimestamp, plan: paidPlanSchema, amount: z.int() })
      .nullable()
      .meta({ description: "The next charge: null when the subscription is cancelled at the period's end or ended." }),
    graceEndsAt: isoTimestamp.nullable().meta({ description: "While past_due: when the plan ends unless a retry succeeds." }),
    endedAt: isoTimestamp.nullable(),
    endedReason: z.enum(["cancelled", "unpaid", "refunded", "superseded"]).nullable(),
    testCard: z
      .enum(["ok", "declines"])
      .nullable()
      .meta({ description: "The built-in test provider's card (`declines` makes renewals fail); null with a real provider." }),
    createdAt: isoTimestamp,
  })
  .meta({ id: "Subscription" });
export type SubscriptionView = z.infer<typeof subscriptionSchema>;

export const subscriptionPaymentSchema = z
  .object({
    id: z.string(),
    kind: z
      .enum(["initial", "renewal", "proration"])
      .meta({ description: "The first period, a renewal, or an upgrade's difference for the rest of a period." }),
    plan: paidPlanSchema,
    provider: z.string(),
    currency: saleCurrencySchema,
    amount: z.int(),
    periodStart: isoTimestamp,
    periodEnd: isoTimestamp,
    status: z.enum(["paid", "refunded"]),
    paidAt: isoTimestamp,
    refundedAt: isoTimestamp.nullable(),
  })
  .meta({ id: "SubscriptionPayment" });
export type SubscriptionPaymentView = z.infer<typeof subscriptionPaymentSchema>;

export const complimentaryPlanSchema = z
  .object({ id: z.string(), plan: paidPlanSchema, endsAt: isoTimestamp, note: z.string().nullable(), createdAt: isoTimestamp })
  .meta({ id: "ComplimentaryPlan" });

export const billingTotalSchema = z
  .object({
    currency: saleCurrencySchema,
    paid: z.int().meta({ description: "Every subscription payment." }),
    refunded: z.int().meta({ description: "Refunds of them (a positive figure)." }),
    net: z.int().meta({ description: "paid − refunded: the sum of the account's revenue-ledger entries." }),
  })
  .meta({ id: "BillingTotal" });

export const billingSchema = z
  .object({
    plan: planNameSchema.meta({ description: "The plan in force now (the highest of the base plan, the subscription and a complimentary plan)." }),
    basePlan: planNameSchema.meta({ description: "The plan the account has without a subscription (set by the operator; usually free)." }),
    subscription: subscriptionSchema
      .nullable()
      .meta({ description: "The live subscription (active or past_due), else the latest one that was paid, else null (an abandoned checkout is not shown)." }),
    complimentary: complimentaryPlanSchema.nullable().meta({ description: "A plan the operator gave the account, while in force." }),
    managementUrl: z.boolean().meta({ description: "Whether the provider has its own page for the payment method (Stripe's customer portal)." }),
    payments: z.array(subscriptionPaymentSchema).meta({ description: "Every subscription payment, newest first." }),
    totals: z.array(billingTotalSchema).meta({ description: "One entry per currency paid in." }),
  })
  .meta({ id: "Billing" });
export type Billing = z.infer<typeof billingSchema>;

export const startSubscriptionInputSchema = z
  .object({
    plan: paidPlanSchema,
    interval: billingIntervalSchema,
    country: z
      .string()
      .regex(/^[A-Z]{2}$/)
      .nullable()
      .optional()
      .meta({ description: "The visitor's region when the account has no country: INR in India, USD elsewhere." }),
  })
  .strict()
  .meta({ id: "StartSubscription" });

export const startedSubscriptionSchema = z
  .object({ subscriptionId: z.string(), redirectUrl: z.string(), currency: saleCurrencySchema, amount: z.int() })
  .meta({ id: "StartedSubscription" });

export const changePlanInputSchema = z.object({ plan: paidPlanSchema }).strict().meta({ id: "ChangePlan" });

export const receiptSchema = z
  .object({
    number: z.string().meta({ description: "The receipt's number (the payment's id)." }),
    accountName: z.string(),
    accountEmail: z.string().nullable(),
    payment: subscriptionPaymentSchema,
    interval: billingIntervalSchema,
    description: z.string(),
  })
  .meta({ id: "Receipt" });

/** The operator's list of subscriptions (/admin/subscriptions). */
export const adminSubscriptionQuerySchema = adminSearchQuerySchema.extend({
  status: subscriptionStatusSchema.optional(),
  renewsBefore: isoTimestamp.optional().meta({ description: "Only those whose current period ends before this." }),
});
export type AdminSubscriptionQuery = z.infer<typeof adminSubscriptionQuerySchema>;

export const adminSubscriptionSchema = subscriptionSchema.extend({
  accountId: z.string(),
  accountEmail: z.string().nullable(),
  accountName: z.string(),
  amount: z.int().meta({ description: "What the next renewal charges." }),
});
export type AdminSubscription = z.infer<typeof adminSubscriptionSchema>;

export const adminSubscriptionPageSchema = z.object({ items: z.array(adminSubscriptionSchema), next: z.string().nullable() });

export const adminSubscriptionPaymentSchema = subscriptionPaymentSchema.extend({ refundableUntil: isoTimestamp });

export const adminComplimentaryPlanSchema = complimentaryPlanSchema.omit({ createdAt: true }).extend({
  accountId: z.string(),
  accountEmail: z.string().nullable(),
  accountName: z.string(),
});

export const grantedComplimentaryPlanSchema = complimentaryPlanSchema.omit({ createdAt: true }).extend({ accountId: z.string() });

export const subscriptionRefundSchema = z.object({
  payment: subscriptionPaymentSchema,
  alreadyRefunded: z.boolean(),
  subscriptionEnded: z.boolean().meta({ description: "The refunded payment paid for the current period: the subscription ended with it." }),
});

/** One of the caller's subscriptions, for the pages around the provider's. */
export const ownSubscriptionSchema = subscriptionSchema.extend({ amount: z.int() });

export const grantComplimentaryInputSchema = z
  .object({
    accountId: z.uuid(),
    plan: paidPlanSchema,
    endsAt: isoTimestamp,
    note: z.string().trim().max(500).optional(),
  })
  .strict();
