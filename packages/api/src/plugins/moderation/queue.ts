/**
 * The operator's view of reports: the queue of reported plugins (most open
 * reports first, counts per reason and the newest reports of each), the
 * plugins taken down (to restore), and the audit of recent decisions. Each
 * bounded by moderationLimits, whatever the number of reports.
 */
import { type Decision, moderationLimits, type QueuedPlugin, type ReportReason, reportReasons } from "@streamkit/api-contract";
import { accounts, type Db, moderationDecisions, pluginReports, plugins, pluginTakedowns } from "@streamkit/db";
import { and, asc, count, desc, eq, inArray, lte, max, min, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";

const reporters = alias(accounts, "reporters");
const iso = (value: Date | string) => new Date(value).toISOString();

export async function reportQueue(db: Db): Promise<QueuedPlugin[]> {
  const open = eq(pluginReports.status, "open");
  const groups = await db
    .select({ pluginId: pluginReports.pluginId, open: count(), firstAt: min(pluginReports.updatedAt), lastAt: max(pluginReports.updatedAt) })
    .from(pluginReports)
    .where(open)
    .groupBy(pluginReports.pluginId)
    .orderBy(desc(count()), asc(min(pluginReports.updatedAt)))
    .limit(moderationLimits.queuePlugins);
  if (groups.length === 0) return [];
  const ids = groups.map((group) => group.pluginId);

  const ranked = db
    .select({
      id: pluginReports.id,
      pluginId: pluginReports.pluginId,
      reason: pluginReports.reason,
      details: pluginReports.details,
      at: pluginReports.updatedAt,
      // Aliased: a subquery's columns need distinct names.
      reporterId: sql<string>`${reporters.id}`.as("reporter_id"),
      reporterName: sql<string>`${reporters.name}`.as("reporter_name"),
      reporterEmail: sql<string | null>`${reporters.email}`.as("reporter_email"),
      rank: sql<number>`row_number() over (partition by ${pluginReports.pluginId} order by ${pluginReports.updatedAt} desc, ${pluginReports.id} desc)`.as(
        "rank",
      ),
    })
    .from(pluginReports)
    .innerJoin(reporters, eq(reporters.id, pluginReports.reporterId))
    .where(and(open, inArray(pluginReports.pluginId, ids)))
    .as("ranked");
  const [pluginRows, reasonRows, newest] = await Promise.all([
    db
      .select({
        plugin: { id: plugins.id, slug: plugins.slug, name: plugins.name, status: plugins.status },
        author: { id: accounts.id, name: accounts.name, email: accounts.email },
      })
      .from(plugins)
      .innerJoin(accounts, eq(accounts.id, plugins.ownerId))
      .where(inArray(plugins.id, ids)),
    db
      .select({ pluginId: pluginReports.pluginId, reason: pluginReports.reason, count: count() })
      .from(pluginReports)
      .where(and(open, inArray(pluginReports.pluginId, ids)))
      .groupBy(pluginReports.pluginId, pluginReports.reason),
    db.select().from(ranked).where(lte(ranked.rank, moderationLimits.reportsPerPlugin)).orderBy(desc(ranked.at), desc(ranked.id)),
  ]);
  const byId = new Map(pluginRows.map((row) => [row.plugin.id, row]));
  return groups.flatMap((group) => {
    const row = byId.get(group.pluginId);
    if (!row) return [];
    const counts = Object.fromEntries(reportReasons.map((reason) => [reason, 0])) as Record<ReportReason, number>;
    for (const entry of reasonRows) if (entry.pluginId === group.pluginId) counts[entry.reason as ReportReason] = entry.count;
    return [
      {
        slug: row.plugin.slug,
        name: row.plugin.name,
        status: row.plugin.status,
        author: row.author,
        open: group.open,
        counts,
        firstAt: iso(group.firstAt!),
        lastAt: iso(group.lastAt!),
        reports: newest
          .filter((report) => report.pluginId === group.pluginId)
          .map((report) => ({
            id: report.id,
            reporter: { id: report.reporterId, name: report.reporterName, email: report.reporterEmail },
            reason: report.reason as ReportReason,
            details: report.details,
            at: iso(report.at),
          })),
      },
    ];
  });
}

/** The plugins taken down now, newest first: what the operator may restore. */
export async function takenDownPlugins(db: Db) {
  const rows = await db
    .select({ takedown: pluginTakedowns, slug: plugins.slug, name: plugins.name, author: { id: accounts.id, name: accounts.name, email: accounts.email } })
    .from(pluginTakedowns)
    .innerJoin(plugins, eq(plugins.id, pluginTakedowns.pluginId))
    .innerJoin(accounts, eq(accounts.id, plugins.ownerId))
    .orderBy(desc(pluginTakedowns.takenDownAt))
    .limit(moderationLimits.takenDown);
  return rows.map(({ takedown, slug, name, author }) => ({
    slug,
    name,
    author,
    reason: takedown.reason as ReportReason,
    message: takedown.message,
    at: takedown.takenDownAt.toISOString(),
  }));
}

const operators = alias(accounts, "operators");

/** The audit: the latest decisions, newest first (one plugin's when `slug` is given). */
export async function recentDecisions(db: Db, slug?: string): Promise<Decision[]> {
  const rows = await db
    .select({
      decision: moderationDecisions,
      slug: plugins.slug,
      name: plugins.name,
      operator: { id: operators.id, name: operators.name, email: operators.email },
    })
    .from(moderationDecisions)
    .innerJoin(plugins, eq(plugins.id, moderationDecisions.pluginId))
    .innerJoin(operators, eq(operators.id, moderationDecisions.operatorId))
    .where(slug ? eq(plugins.slug, slug) : undefined)
    .orderBy(desc(moderationDecisions.createdAt), desc(moderationDecisions.id))
    .limit(moderationLimits.decisions);
  return rows.map(({ decision, slug, name, operator }) => ({
    id: decision.id,
    slug,
    name,
    action: decision.action,
    reason: decision.reason as ReportReason | null,
    note: decision.note,
    message: decision.message,
    operator,
    reportsClosed: decision.reportsClosed,
    at: decision.createdAt.toISOString(),
  }));
}
