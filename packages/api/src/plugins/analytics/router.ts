import { analyticsLimits, analyticsQuerySchema, pluginAnalyticsSchema } from "@streamkit/api-contract";
import type { TRPCRouterRecord } from "@trpc/server";
import { accountProcedure } from "../../shared/trpc";
import { pluginAnalytics } from "./analytics";

export const ANALYTICS_DESCRIPTION = [
  "Downloads, sales and refunds of one of **your** plugins over a range of UTC days (`from` and `to` both included, at most " +
    `${analyticsLimits.maxRangeDays} days; a longer or reversed range, or a day that does not exist, is 400 bad_request naming the parameter), by \`granularity\`: \`day\`, \`week\` (ISO, from Monday) or \`month\`, each period named by its first day (the first and last may be cut by the range).`,
  "**Downloads** count as the marketplace counts them: one per account, plugin and UTC day, however many times it downloads. `versions` splits them by the version served; `countries` by the downloading account's country at the time (`unknown` when it had none).",
  "**Money** is integer minor units per currency, dated as the ledger dates it: a sale on the day it was paid, a refund on the day it was refunded (whenever the sale was). `earned` = `share` − `refundedShare`, so over the same days it is exactly the `earned` of GET /sales for this plugin's sales. `reviews` counts, per period, the visible reviews first written in it and their average rating.",
  "The same figures as a CSV file: GET /plugins/{slug}/analytics.csv. Another account's plugin (or an unknown slug) is 404 not_found.",
].join("\n\n");

/** An author's analytics of a plugin (docs/analytics.md): spread into the plugins router. */
export const analyticsProcedures = {
  analytics: accountProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/plugins/{slug}/analytics",
        tags: ["Paid plugins"],
        summary: "Your plugin's analytics over a range",
        description: ANALYTICS_DESCRIPTION,
      },
      rest: { auth: "key", scope: "sales:read", errors: ["bad_request", "not_found"] },
    })
    .input(analyticsQuerySchema)
    .output(pluginAnalyticsSchema)
    .query(({ ctx, input }) => pluginAnalytics(ctx.deps.db, ctx.caller, input)),
} satisfies TRPCRouterRecord;
