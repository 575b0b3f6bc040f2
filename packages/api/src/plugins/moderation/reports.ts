/**
 * PUT /plugins/{slug}/report: a signed-in person reports a published plugin.
 * One open report per account and plugin (a second one replaces it), and a
 * limit per account counted in the same transaction, so refused reports do
 * not count and concurrent ones are decided by the database.
 */
import { AppError, notFound, rateLimits, type ReportReason, type ReportRequest, type Report, windowName } from "@streamkit/api-contract";
import { inMarketplace, pluginReports, plugins } from "@streamkit/db";
import { and, eq, sql } from "drizzle-orm";
import type { AccountCaller } from "../../shared/context";
import type { AppDeps } from "../../shared/deps";
import { countingTransaction } from "../../shared/limits/index";
import { rateLimitedError } from "../../shared/limits/window";

const limit = rateLimits.pluginReports;

export async function fileReport(deps: AppDeps, caller: AccountCaller, slug: string, input: ReportRequest): Promise<{ report: Report; replaced: boolean }> {
  const accountId = caller.account.id;
  const now = deps.now();
  return countingTransaction(deps, async (tx, hit) => {
    const [plugin] = await tx
      .select({ id: plugins.id, ownerId: plugins.ownerId })
      .from(plugins)
      .where(and(eq(plugins.slug, slug), inMarketplace));
    if (!plugin) throw notFound(`No plugin "${slug}" in the marketplace.`);
    if (plugin.ownerId === accountId) throw new AppError("forbidden", "You cannot report your own plugin; remove it or publish a fixed version instead.");

    const decision = await hit("pluginReports", accountId, now);
    if (!decision.allowed) throw rateLimitedError(decision, `At most ${limit.limit} reports per ${windowName(limit.windowSeconds)}`);

    // The partial unique index on open reports decides between concurrent first reports: the loser updates.
    const [row] = await tx
      .insert(pluginReports)
      .values({ pluginId: plugin.id, reporterId: accountId, reason: input.reason, details: input.details, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({
        target: [pluginReports.pluginId, pluginReports.reporterId],
        targetWhere: sql`${pluginReports.status} = 'open'`,
        set: { reason: input.reason, details: input.details, updatedAt: now },
      })
      // xmax is 0 on a row this statement inserted, set on one it updated.
      .returning({
        id: pluginReports.id,
        reason: pluginReports.reason,
        details: pluginReports.details,
        createdAt: pluginReports.createdAt,
        updatedAt: pluginReports.updatedAt,
        inserted: sql<boolean>`(xmax = 0)`,
      });
    const report = row!;
    return {
      report: {
        id: report.id,
        slug,
        reason: report.reason as ReportReason,
        details: report.details,
        status: "open" as const,
        createdAt: report.createdAt.toISOString(),
        updatedAt: report.updatedAt.toISOString(),
      },
      replaced: !report.inserted,
    };
  });
}
