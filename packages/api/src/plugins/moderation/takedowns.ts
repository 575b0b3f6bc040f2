/**
 * What a takedown changes for the rest of the plugins feature: the listing's
 * `takenDown` and `warning` fields, the package's 410, and an author's DELETE
 * while the plugin is down (docs/plugins.md#when-a-plugin-is-taken-down).
 */
import { AppError, type ModerationWarning, type ReportReason, type TakenDown } from "@streamkit/api-contract";
import { type Db, moderationDecisions, type Plugin, plugins, pluginTakedowns } from "@streamkit/db";
import { and, desc, eq, inArray } from "drizzle-orm";

export interface ModerationViews {
  /** By plugin id: the takedown as the caller may see it. */
  takedowns: ReadonlyMap<string, TakenDown>;
  /** By plugin id, the author's own only: the newest warning. */
  warnings: ReadonlyMap<string, ModerationWarning>;
}

export const noModerationViews: ModerationViews = { takedowns: new Map(), warnings: new Map() };

/**
 * The takedowns of the taken-down plugins among `rows` (the caller only ever
 * gets rows they may see: their own, or ones they hold) and the newest warning
 * of each of the caller's own. No query when there is nothing to look up, so
 * browsing the marketplace costs nothing more.
 */
export async function moderationViews(db: Db, callerId: string, rows: Pick<Plugin, "id" | "ownerId" | "status">[]): Promise<ModerationViews> {
  const down = rows.filter((row) => row.status === "taken_down").map((row) => row.id);
  const own = rows.filter((row) => row.ownerId === callerId).map((row) => row.id);
  if (down.length === 0 && own.length === 0) return noModerationViews;
  const ownSet = new Set(own);
  const [takedownRows, warningRows] = await Promise.all([
    down.length ? db.select().from(pluginTakedowns).where(inArray(pluginTakedowns.pluginId, down)) : [],
    own.length
      ? db
          .selectDistinctOn([moderationDecisions.pluginId], {
            pluginId: moderationDecisions.pluginId,
            reason: moderationDecisions.reason,
            message: moderationDecisions.message,
            at: moderationDecisions.createdAt,
          })
          .from(moderationDecisions)
          .where(and(inArray(moderationDecisions.pluginId, own), eq(moderationDecisions.action, "warn")))
          .orderBy(moderationDecisions.pluginId, desc(moderationDecisions.createdAt), desc(moderationDecisions.id))
      : [],
  ]);
  const takedowns = new Map<string, TakenDown>();
  for (const row of takedownRows) {
    const view: TakenDown = { at: row.takenDownAt.toISOString(), reason: row.reason as ReportReason };
    takedowns.set(row.pluginId, ownSet.has(row.pluginId) ? { ...view, message: row.message } : view);
  }
  const warnings = new Map<string, ModerationWarning>();
  for (const row of warningRows) {
    warnings.set(row.pluginId, { at: row.at.toISOString(), reason: row.reason as ReportReason | null, message: row.message ?? "" });
  }
  return { takedowns, warnings };
}

/** 410 taken_down for a holder's download: when and why, never the operator's message or note. */
export async function takenDownRefusal(db: Db, plugin: Pick<Plugin, "id" | "name">): Promise<AppError> {
  const [row] = await db.select().from(pluginTakedowns).where(eq(pluginTakedowns.pluginId, plugin.id));
  return new AppError(
    "taken_down",
    `“${plugin.name}” was taken down by the marketplace's operators and cannot be downloaded; what you installed before stays yours.`,
    row ? { reason: row.reason, takenDownAt: row.takenDownAt.toISOString() } : undefined,
  );
}

/**
 * An author's DELETE of their taken-down plugin: the plugin stays down, and a
 * later restore leaves it removed. False when the plugin is not theirs or not down.
 */
export async function noteRemovalDuringTakedown(db: Db, ownerId: string, slug: string): Promise<boolean> {
  const [plugin] = await db
    .select({ id: plugins.id })
    .from(plugins)
    .where(and(eq(plugins.slug, slug), eq(plugins.ownerId, ownerId), eq(plugins.status, "taken_down")));
  if (!plugin) return false;
  await db.update(pluginTakedowns).set({ restoreStatus: "removed" }).where(eq(pluginTakedowns.pluginId, plugin.id));
  return true;
}
