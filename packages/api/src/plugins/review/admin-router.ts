import { reviewDecisionResultSchema, reviewDecisionSchema, reviewQueueSchema } from "@streamkit/api-contract";
import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import { staffProcedure } from "../../shared/trpc";
import { decidedVersions, decideVersion, heldVersions } from "./queue";

/** The operator's review page (/admin/reviews): the same operations as the CLI's `review` commands, recording who decided. */
export const adminReviewsRouter = {
  queue: staffProcedure
    .input(z.void())
    .output(reviewQueueSchema)
    .query(async ({ ctx }) => {
      const [held, decided] = await Promise.all([heldVersions(ctx.deps.db), decidedVersions(ctx.deps.db)]);
      return { held, decided };
    }),
  decide: staffProcedure
    .input(reviewDecisionSchema)
    .output(reviewDecisionResultSchema)
    .mutation(({ ctx, input }) => decideVersion(ctx.deps, { ...input, reviewerId: ctx.caller.account.id })),
} satisfies TRPCRouterRecord;
