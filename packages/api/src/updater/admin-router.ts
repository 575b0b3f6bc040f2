import { publishReleaseSchema, releaseSchema, withdrawReleaseSchema } from "@streamkit/api-contract";
import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import { listReleases, publishRelease, withdrawRelease } from "./releases";
import { staffProcedure } from "../shared/trpc";

/**
 * /admin/releases: the operator CLI's `release list`, `release publish` and
 * `release withdraw`, through the same service, as the signed-in operator.
 */
export const adminReleasesRouter = {
  list: staffProcedure
    .input(z.void())
    .output(z.array(releaseSchema))
    .query(({ ctx }) => listReleases(ctx.deps.db)),
  publish: staffProcedure
    .input(publishReleaseSchema)
    .output(releaseSchema)
    .mutation(({ ctx, input }) => publishRelease(ctx.deps.db, input)),
  withdraw: staffProcedure
    .input(withdrawReleaseSchema)
    .output(z.array(releaseSchema))
    .mutation(({ ctx, input }) => withdrawRelease(ctx.deps.db, input, ctx.deps.now())),
} satisfies TRPCRouterRecord;
