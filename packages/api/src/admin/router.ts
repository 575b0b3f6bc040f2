import { adminPurchasePageSchema, adminSearchQuerySchema, decidedPriceRequestSchema } from "@streamkit/api-contract";
import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import { adminModerationRouter, adminReviewReportsRouter, adminReviewsRouter, decidedPriceRequests } from "../plugins";
import { pendingPriceRequests, reviewPriceRequest } from "../plugins";
import { staffProcedure } from "../shared/trpc";
import { adminAccountsRouter } from "../accounts";
import { adminReleasesRouter } from "../updater";
import { findPurchases, payoutOverview, recentPurchases, refundPurchase, runPayouts } from "@streamkit/billing";
import { adminSubscriptionsRouter } from "../billing";
import { adminPublishersRouter } from "../publishers";

/** The operator's website pages; the same operations as the admin CLI. Not part of /api/v1. */
export const adminRouter = {
  priceRequests: staffProcedure.input(z.void()).query(({ ctx }) => pendingPriceRequests(ctx.deps.db)),
  decidedPriceRequests: staffProcedure
    .input(z.void())
    .output(z.array(decidedPriceRequestSchema))
    .query(({ ctx }) => decidedPriceRequests(ctx.deps.db)),
  reviewPriceRequest: staffProcedure
    .input(z.object({ slug: z.string(), decision: z.enum(["approve", "reject"]), note: z.string().max(1000).nullable().optional() }))
    .mutation(({ ctx, input }) => reviewPriceRequest(ctx.deps, { ...input, reviewerId: ctx.caller.account.id })),
  purchases: staffProcedure.input(z.void()).query(({ ctx }) => recentPurchases(ctx.deps.db)),
  findPurchases: staffProcedure
    .input(adminSearchQuerySchema)
    .output(adminPurchasePageSchema)
    .query(({ ctx, input }) => findPurchases(ctx.deps.db, input)),
  refund: staffProcedure.input(z.object({ id: z.string() })).mutation(({ ctx, input }) => refundPurchase(ctx.deps, input.id, "operator")),
  runPayouts: staffProcedure
    .input(z.object({ method: z.string(), reference: z.string().trim().max(200).optional() }))
    .mutation(({ ctx, input }) => runPayouts(ctx.deps, { method: input.method, reference: input.reference || undefined })),
  payouts: staffProcedure.input(z.void()).query(({ ctx }) => payoutOverview(ctx.deps.db, ctx.deps.now())),
  accounts: adminAccountsRouter,
  releases: adminReleasesRouter,
  subscriptions: adminSubscriptionsRouter,
  reports: adminModerationRouter,
  publishers: adminPublishersRouter,
  reviews: adminReviewsRouter,
  reviewReports: adminReviewReportsRouter,
} satisfies TRPCRouterRecord;
