import { grantInputSchema, revokeInputSchema, verificationOverviewSchema } from "@streamkit/api-contract";
import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import { staffProcedure } from "../shared/trpc";
import { findPublisher, verificationOverview } from "./operator";
import { grantVerification, revokeVerification } from "./verification";

/** /admin/publishers: the same grants and revocations as the operator CLI's `publisher grant|revoke`, made as the signed-in operator. */
export const adminPublishersRouter = {
  overview: staffProcedure
    .input(z.void())
    .output(verificationOverviewSchema)
    .query(({ ctx }) => verificationOverview(ctx.deps.db)),
  grant: staffProcedure
    .input(grantInputSchema)
    .output(z.object({ handle: z.string(), name: z.string() }))
    .mutation(async ({ ctx, input }) => {
      const publisher = await findPublisher(ctx.deps.db, input.publisher);
      await grantVerification(ctx.deps, publisher.accountId, input.note, { actorId: ctx.caller.account.id, via: "website" });
      return { handle: publisher.handle, name: publisher.name };
    }),
  revoke: staffProcedure
    .input(revokeInputSchema)
    .output(z.object({ handle: z.string(), name: z.string(), verified: z.boolean() }))
    .mutation(async ({ ctx, input }) => {
      const publisher = await findPublisher(ctx.deps.db, input.publisher);
      const verified = await revokeVerification(ctx.deps, publisher.accountId, input.note, { actorId: ctx.caller.account.id, via: "website" });
      return { handle: publisher.handle, name: publisher.name, verified };
    }),
} satisfies TRPCRouterRecord;
