/**
 * An operator's decision about a reported or taken-down plugin, in one
 * transaction on the plugin's row lock: concurrent decisions about one plugin
 * run one after the other, and the later one finds the state the earlier left
 * (nothing open to dismiss, already down, no longer down → 409 conflict).
 * Every decision is written to moderation_decisions, which is never changed.
 */
import { AppError, type Decision, type DecisionInput, notFound, type ReportReason, reportReasons } from "@streamkit/api-contract";
import { accounts, moderationDecisions, pluginReports, plugins, pluginTakedowns } from "@streamkit/db";
import { and, eq } from "drizzle-orm";
import type { AppDeps } from "../../shared/deps";

const conflict = (message: string, status: string) => new AppError("conflict", message, { status });

/** The reason most reports give (ties: the more serious, in reportReasons order). */
function mostReported(reasons: string[]): ReportReason | undefined {
  const counts = new Map<string, number>();
  for (const reason of reasons) counts.set(reason, (counts.get(reason) ?? 0) + 1);
  let best: ReportReason | undefined;
  for (const reason of reportReasons) if ((counts.get(reason) ?? 0) > (best ? counts.get(best)! : 0)) best = reason;
  return best;
}

export async function decide(deps: AppDeps, operatorId: string, input: DecisionInput): Promise<Decision> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const [operator] = await tx
      .select({ id: accounts.id, name: accounts.name, email: accounts.email, staff: accounts.staff })
      .from(accounts)
      .where(eq(accounts.id, operatorId));
    if (!operator?.staff) throw new AppError("forbidden", "Only the service's operators can do this.");
    const [plugin] = await tx.select().from(plugins).where(eq(plugins.slug, input.slug)).for("update");
    if (!plugin) throw notFound(`No plugin "${input.slug}".`);
    // Four eyes: an operator never judges their own plugin.
    if (plugin.ownerId === operatorId) throw new AppError("forbidden", "You cannot decide about your own plugin; another operator has to.");

    const open = await tx
      .select({ id: pluginReports.id, reason: pluginReports.reason })
      .from(pluginReports)
      .where(and(eq(pluginReports.pluginId, plugin.id), eq(pluginReports.status, "open")));
    const name = `“${plugin.name}”`;
    if ((input.action === "dismiss" || input.action === "warn") && open.length === 0) {
      throw conflict(`${name} has no open reports (another operator may have decided already).`, plugin.status);
    }
    if (input.action === "take_down" && plugin.status === "taken_down") throw conflict(`${name} is already taken down.`, plugin.status);
    if (input.action === "restore" && plugin.status !== "taken_down") throw conflict(`${name} is not taken down.`, plugin.status);

    let reason: ReportReason | null = null;
    if (input.action === "take_down" || input.action === "warn") {
      reason = input.reason ?? mostReported(open.map((report) => report.reason)) ?? null;
      if (input.action === "take_down" && !reason) throw new AppError("bad_request", "Name the public reason of the takedown.");
    }
    const message = input.action === "warn" || input.action === "take_down" ? input.message || null : null;
    const closes = input.action !== "restore";

    const [decision] = await tx
      .insert(moderationDecisions)
      .values({
        pluginId: plugin.id,
        action: input.action,
        reason,
        note: input.note ?? "",
        message,
        operatorId,
        reportsClosed: closes ? open.length : 0,
        createdAt: now,
      })
      .returning();
    if (closes && open.length) {
      await tx
        .update(pluginReports)
        .set({ status: "closed", decisionId: decision!.id, updatedAt: now })
        .where(and(eq(pluginReports.pluginId, plugin.id), eq(pluginReports.status, "open")));
    }
    if (input.action === "take_down") {
      const restoreStatus = plugin.status as "published" | "hidden" | "removed";
      await tx.insert(pluginTakedowns).values({ pluginId: plugin.id, decisionId: decision!.id, reason: reason!, message, restoreStatus, takenDownAt: now });
      await tx.update(plugins).set({ status: "taken_down" }).where(eq(plugins.id, plugin.id));
    }
    if (input.action === "restore") {
      const [takedown] = await tx.delete(pluginTakedowns).where(eq(pluginTakedowns.pluginId, plugin.id)).returning();
      await tx
        .update(plugins)
        .set({ status: takedown?.restoreStatus ?? "published" })
        .where(eq(plugins.id, plugin.id));
    }
    return {
      id: decision!.id,
      slug: plugin.slug,
      name: plugin.name,
      action: input.action,
      reason,
      note: decision!.note,
      message,
      operator: { id: operator.id, name: operator.name, email: operator.email },
      reportsClosed: decision!.reportsClosed,
      at: now.toISOString(),
    };
  });
}
