import {
  adminComplimentaryPlanSchema,
  adminSubscriptionPageSchema,
  adminSubscriptionPaymentSchema,
  adminSubscriptionQuerySchema,
  grantComplimentaryInputSchema,
  grantedComplimentaryPlanSchema,
  subscriptionRefundSchema,
} from "@streamkit/api-contract";
import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import {
  complimentaryInForce,
  findSubscriptions,
  grantComplimentary,
  refundSubscriptionPayment,
  revokeComplimentary,
  subscriptionPaymentsOf,
} from "@streamkit/billing";
import { staffProcedure } from "../shared/trpc";

/**
 * /admin/subscriptions: the same operations as the operator CLI's
 * `subscription list`, `subscription refund`, `plan grant` and `plan revoke`,
 * through the same services, made as the signed-in operator.
 */
export const adminSubscriptionsRouter = {
  find: staffProcedure
    .input(adminSubscriptionQuerySchema)
    .output(adminSubscriptionPageSchema)
    .query(({ ctx, input }) => findSubscriptions(ctx.deps.db, input)),
  payments: staffProcedure
    .input(z.object({ subscriptionId: z.string().max(100) }))
    .output(z.array(adminSubscriptionPaymentSchema))
    .query(({ ctx, input }) => subscriptionPaymentsOf(ctx.deps.db, input.subscriptionId)),
  refundPayment: staffProcedure
    .input(z.object({ paymentId: z.string().max(100) }))
    .output(subscriptionRefundSchema)
    .mutation(({ ctx, input }) => refundSubscriptionPayment(ctx.deps, input.paymentId)),
  complimentary: staffProcedure
    .input(z.void())
    .output(z.array(adminComplimentaryPlanSchema))
    .query(({ ctx }) => complimentaryInForce(ctx.deps.db, ctx.deps.now())),
  grantComplimentary: staffProcedure
    .input(grantComplimentaryInputSchema)
    .output(grantedComplimentaryPlanSchema)
    .mutation(({ ctx, input }) => grantComplimentary(ctx.deps, { ...input, endsAt: new Date(input.endsAt) }, ctx.caller.account.id)),
  revokeComplimentary: staffProcedure
    .input(z.object({ accountId: z.uuid() }))
    .output(z.boolean())
    .mutation(({ ctx, input }) => revokeComplimentary(ctx.deps, input.accountId, ctx.caller.account.id)),
} satisfies TRPCRouterRecord;
