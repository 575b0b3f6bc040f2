import {
  billingSchema,
  changePlanInputSchema,
  ownSubscriptionSchema,
  receiptSchema,
  startedSubscriptionSchema,
  startSubscriptionInputSchema,
  subscriptionSchema,
} from "@streamkit/api-contract";
import { subscriptionRules } from "@streamkit/plans";
import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import {
  billingOverview,
  cancelSubscription,
  changeSubscriptionPlan,
  findOwnSubscription,
  payBuiltinSubscription,
  receipt,
  resumeSubscription,
  setBuiltinTestCard,
  startSubscription,
  subscriptionManagementUrl,
} from "@streamkit/billing";
import { accountProcedure } from "../shared/trpc";

const tags = ["Subscriptions"];
const website = "Website only, signed in: API keys and the desktop app get 403 forbidden (GET /me tells a script its plan).";

/** Paying for Pro and Ultimate (docs/payments.md#subscriptions): the billing page's operations. */
export const billingRouter = {
  overview: accountProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/billing",
        tags,
        summary: "Your plan, subscription and payments (website only)",
        description: `${website} Amounts are minor units (paise, cents); \`totals\` are the sums of the account's entries in the service's revenue ledger.`,
      },
      rest: { auth: "key", websiteOnly: true },
    })
    .input(z.void())
    .output(billingSchema)
    .query(({ ctx }) => billingOverview(ctx.deps, ctx.caller)),

  subscribe: accountProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/subscriptions",
        tags,
        summary: "Start paying for Pro or Ultimate (website only)",
        description: `${website} The price is fixed now — INR in India, USD elsewhere — and paid on the provider's page (\`redirectUrl\`); the plan applies once the provider confirms the payment. 409 conflict when the account already has a live subscription (change plan instead) or already has the plan for good.`,
      },
      rest: { auth: "key", websiteOnly: true, successStatus: 201, errors: ["conflict"] },
    })
    .input(startSubscriptionInputSchema)
    .output(startedSubscriptionSchema)
    .mutation(({ ctx, input }) => startSubscription(ctx.deps, ctx.caller, input)),

  cancel: accountProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/subscription/cancel",
        tags,
        summary: "Cancel at the end of the paid period (website only)",
        description: `${website} The plan stays until \`currentPeriodEnd\`, then the account is on its base plan (Free); nothing more is charged. Cancelling twice changes nothing. 404 without a live subscription.`,
      },
      rest: { auth: "key", websiteOnly: true, errors: ["not_found"] },
    })
    .input(z.void())
    .output(subscriptionSchema)
    .mutation(({ ctx }) => cancelSubscription(ctx.deps, ctx.caller)),

  resume: accountProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/subscription/resume",
        tags,
        summary: "Take a cancellation back before the period ends (website only)",
        description: `${website} Renewals go on as before. 404 without a live subscription; 409 conflict once the period is over.`,
      },
      rest: { auth: "key", websiteOnly: true, errors: ["not_found", "conflict"] },
    })
    .input(z.void())
    .output(subscriptionSchema)
    .mutation(({ ctx }) => resumeSubscription(ctx.deps, ctx.caller)),

  changePlan: accountProcedure
    .meta({
      openapi: {
        method: "PUT",
        path: "/subscription/plan",
        tags,
        summary: "Change between Pro and Ultimate (website only)",
        description: `${website} Pro → Ultimate applies at once and charges the price difference for the rest of the current period (rounded down to the paisa or cent); the renewal date stays. Ultimate → Pro applies at the period's end (\`scheduledPlan\`; the renewal charges Pro); asking for the current plan takes a scheduled change back. 409 conflict while a renewal is unpaid (past_due, inside the ${subscriptionRules.graceDays}-day grace period).`,
      },
      rest: { auth: "key", websiteOnly: true, errors: ["not_found", "conflict"] },
    })
    .input(changePlanInputSchema)
    .output(subscriptionSchema)
    .mutation(({ ctx, input }) => changeSubscriptionPlan(ctx.deps, ctx.caller, input.plan)),

  receipt: accountProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/billing/receipts/{id}",
        tags,
        summary: "A receipt for one of your subscription payments (website only)",
        description: `${website} The website prints it at /account/billing/receipts/{id}. Someone else's payment is 404.`,
      },
      rest: { auth: "key", websiteOnly: true, errors: ["not_found"] },
    })
    .input(z.object({ id: z.string().max(100) }))
    .output(receiptSchema)
    .query(({ ctx, input }) => receipt(ctx.deps, ctx.caller, input.id)),

  /** Where the provider lets the subscriber change their card (Stripe's customer portal); not part of /api/v1. */
  managementUrl: accountProcedure
    .meta({ rest: { websiteOnly: true } })
    .input(z.void())
    .output(z.string().nullable())
    .mutation(({ ctx }) => subscriptionManagementUrl(ctx.deps, ctx.caller)),

  /** The pages around the provider's: the built-in checkout and the return page. Not part of /api/v1. */
  subscription: accountProcedure
    .meta({ rest: { websiteOnly: true } })
    .input(z.object({ id: z.string().max(100) }))
    .output(ownSubscriptionSchema.nullable())
    .query(({ ctx, input }) => findOwnSubscription(ctx.deps, ctx.caller, input.id)),

  /** The built-in provider's "Pay" button (its hosted page is on this website): not part of /api/v1. */
  payBuiltin: accountProcedure
    .meta({ rest: { websiteOnly: true } })
    .input(z.object({ id: z.string().max(100), testCard: z.enum(["ok", "declines"]) }))
    .output(z.object({ subscriptionId: z.string(), outcome: z.string() }))
    .mutation(({ ctx, input }) => payBuiltinSubscription(ctx.deps, ctx.caller, input.id, input.testCard)),

  /** The built-in provider's "change card": a failed renewal is retried at once. Not part of /api/v1. */
  setBuiltinTestCard: accountProcedure
    .meta({ rest: { websiteOnly: true } })
    .input(z.object({ testCard: z.enum(["ok", "declines"]) }))
    .output(subscriptionSchema)
    .mutation(({ ctx, input }) => setBuiltinTestCard(ctx.deps, ctx.caller, input.testCard)),
} satisfies TRPCRouterRecord;
