import {
  decisionInputSchema,
  decisionSchema,
  moderationLimits,
  queuedPluginSchema,
  rateLimits,
  reportReasonLabels,
  reportReasons,
  reportBodySchema,
  otherNeedsDetails,
  reportResponseSchema,
  takenDownPluginSchema,
  windowName,
} from "@streamkit/api-contract";
import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import { accountProcedure, staffProcedure } from "../../shared/trpc";
import { decide } from "./decisions";
import { recentDecisions, reportQueue, takenDownPlugins } from "./queue";
import { fileReport } from "./reports";

const reasonsText = reportReasons.map((reason) => `\`${reason}\` (${reportReasonLabels[reason]})`).join(", ");

/** The person's side, spread into pluginsRouter: PUT /plugins/{slug}/report. */
export const reportProcedures = {
  report: accountProcedure
    .meta({
      openapi: {
        method: "PUT",
        path: "/plugins/{slug}/report",
        tags: ["Plugins"],
        summary: "Report a plugin to the operators",
        description: [
          `Tell the marketplace's operators what is wrong with a published plugin: \`reason\` is one of ${reasonsText}; \`details\` is free text of at most ${moderationLimits.maxDetails} characters (at least ${moderationLimits.minOtherDetails} for \`other\`).`,
          "",
          "You have at most one open report per plugin: sending again replaces it (`replaced: true`) until an operator decides about the plugin, after which a new report starts. Reporting your own plugin: 403 forbidden. A plugin that is not in the marketplace (unknown, hidden, removed or taken down): 404 not_found.",
          "",
          `At most ${rateLimits.pluginReports.limit} reports (new or replacing) per ${windowName(rateLimits.pluginReports.windowSeconds)} per account (429 rate_limited with Retry-After); refused ones do not count. The operators see who reported; the author never does.`,
        ].join("\n"),
      },
      rest: { auth: "key", scope: "plugins:read", errors: ["not_found", "forbidden"] },
    })
    .input(reportBodySchema.extend({ slug: z.string().max(100) }).superRefine(otherNeedsDetails))
    .output(reportResponseSchema)
    .mutation(({ ctx, input }) => {
      const { slug, ...report } = input;
      return fileReport(ctx.deps, ctx.caller, slug, report);
    }),
} satisfies TRPCRouterRecord;

/** The operator's reports page (/admin/reports); the same operations as the admin CLI's `report` commands. */
export const adminModerationRouter = {
  queue: staffProcedure
    .input(z.void())
    .output(z.array(queuedPluginSchema))
    .query(({ ctx }) => reportQueue(ctx.deps.db)),
  takenDown: staffProcedure
    .input(z.void())
    .output(z.array(takenDownPluginSchema))
    .query(({ ctx }) => takenDownPlugins(ctx.deps.db)),
  decisions: staffProcedure
    .input(z.void())
    .output(z.array(decisionSchema))
    .query(({ ctx }) => recentDecisions(ctx.deps.db)),
  decide: staffProcedure
    .input(decisionInputSchema)
    .output(decisionSchema)
    .mutation(({ ctx, input }) => decide(ctx.deps, ctx.caller.account.id, input)),
} satisfies TRPCRouterRecord;
