/**
 * The analytics as a CSV file: raw routes of the REST core (rest/raw.ts),
 * since the answer is not JSON — the same request id, error envelope,
 * credentials, counting and logging as the JSON operation beside it.
 *
 * Two doors, one handler: /api/v1 with a key or the desktop app's token
 * (scope sales:read, the same check and error as GET /plugins/{slug}/analytics),
 * and /api/plugins/… for the dashboard's download link with the signed-in session.
 */
import { AppError, analyticsQuerySchema } from "@streamkit/api-contract";
import { accountDisabled } from "../../shared/auth-errors";
import type { Context } from "../../shared/context";
import { validationError } from "../../shared/error-mapping";
import { checkScope } from "../../shared/trpc";
import type { RawInput, RawRoute } from "../../rest/raw";
import type { RestResult } from "../../rest/types";
import { analyticsRows, ownPlugin } from "./analytics";
import { analyticsCsv } from "./csv";

/** What the CSV operation requires: the security suite reads it (test/support/security-contract.ts). */
export const analyticsCsvRequirements = { scope: "sales:read" } as const;

async function serveAnalyticsCsv(input: RawInput, context: Context): Promise<RestResult> {
  if (context.caller.kind !== "account") throw new AppError("unauthorized", "Send an API key as Authorization: Bearer <API_KEY>.");
  const parsed = analyticsQuerySchema.safeParse({
    slug: input.params.slug,
    from: input.url.searchParams.get("from") ?? undefined,
    to: input.url.searchParams.get("to") ?? undefined,
    granularity: input.url.searchParams.get("granularity") ?? undefined,
  });
  if (!parsed.success) throw validationError(parsed.error.issues, "query");
  const query = parsed.data;
  const plugin = await ownPlugin(context.deps.db, context.caller, query.slug);
  const rows = await analyticsRows(context.deps.db, plugin.id, query, "csv");
  const file = `${plugin.slug}-analytics-${query.from}-${query.to}.csv`;
  return {
    status: 200,
    headers: {
      "content-type": "text/csv; charset=utf-8; header=present",
      "content-disposition": `attachment; filename="${file.replace(/[^\w.-]/g, "_")}"`,
      "cache-control": "no-store",
    },
    body: analyticsCsv(plugin, rows),
  };
}

/** GET /api/v1/plugins/{slug}/analytics.csv: an API key or the desktop app's token with sales:read. */
export const analyticsCsvRoute: RawRoute = {
  methods: ["GET"],
  path: "/api/v1/plugins/{slug}/analytics.csv",
  auth: "key",
  async handle(input, context) {
    checkScope(context.caller, analyticsCsvRequirements.scope);
    return serveAnalyticsCsv(input, context);
  },
};

/** GET /api/plugins/{slug}/analytics.csv: the dashboard's download, for the signed-in author. */
export const websiteAnalyticsCsvRoute: RawRoute = {
  methods: ["GET"],
  path: "/api/plugins/{slug}/analytics.csv",
  auth: "session",
  async handle(input, context) {
    if (context.caller.kind !== "account") throw new AppError("unauthorized", "Sign in on the website to download your plugin's analytics.");
    if (context.caller.account.suspended) throw accountDisabled();
    return serveAnalyticsCsv(input, context);
  },
};
