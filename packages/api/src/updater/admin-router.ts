import {
  changeReleaseSchema,
  publishReleaseSchema,
  releaseMinimumSchema,
  releaseSchema,
  setReleaseMinimumSchema,
  withdrawReleaseSchema,
} from "@streamkit/api-contract";
import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import { listMinimums, setMinimum } from "./minimums";
import { changeRelease, listReleases, publishRelease, withdrawRelease } from "./releases";
import { staffProcedure } from "../shared/trpc";

/** The signed-in operator, recorded as who made a change. */
const actorOf = (ctx: { caller: { kind: string; account?: { id: string; name: string } } }) => {
  const account = ctx.caller.kind === "account" ? ctx.caller.account : undefined;
  return account ? { id: account.id, name: account.name } : null;
};

/**
 * /admin/releases: the operator CLI's `release list`, `publish`, `change`,
 * `withdraw` and `minimum`, through the same services, as the signed-in operator.
 */
export const adminReleasesRouter = {
  list: staffProcedure
    .input(z.void())
    .output(z.array(releaseSchema))
    .query(({ ctx }) => listReleases(ctx.deps.db)),
  minimums: staffProcedure
    .input(z.void())
    .output(z.array(releaseMinimumSchema))
    .query(({ ctx }) => listMinimums(ctx.deps.db)),
  publish: staffProcedure
    .input(publishReleaseSchema)
    .output(releaseSchema)
    .mutation(({ ctx, input }) => publishRelease(ctx.deps.db, input, actorOf(ctx))),
  change: staffProcedure
    .input(changeReleaseSchema)
    .output(z.array(releaseSchema))
    .mutation(({ ctx, input }) => changeRelease(ctx.deps.db, input, actorOf(ctx), ctx.deps.now())),
  withdraw: staffProcedure
    .input(withdrawReleaseSchema)
    .output(z.array(releaseSchema))
    .mutation(({ ctx, input }) => withdrawRelease(ctx.deps.db, input, ctx.deps.now(), actorOf(ctx))),
  setMinimum: staffProcedure
    .input(setReleaseMinimumSchema)
    .output(releaseMinimumSchema.nullable())
    .mutation(({ ctx, input }) => setMinimum(ctx.deps.db, input, actorOf(ctx), ctx.deps.now())),
} satisfies TRPCRouterRecord;
