import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { accounts } from "./accounts";
import { createdAt, primaryId, utcTimestamp } from "./columns";
import { plugins } from "./plugins";

/** Why a plugin is reported, and the public reason of a takedown (@streamkit/api-contract reportReasons). */
export const reportReasonValues = ["malware", "privacy", "impersonation", "copyright", "spam", "broken", "other"] as const;
const reasonCheck = `in ('${reportReasonValues.join("', '")}')`;

/**
 * A person's report of a plugin. One open report per account and plugin (the
 * partial unique index decides; a second report replaces the open one); an
 * operator's decision closes every open report of the plugin.
 */
export const pluginReports = pgTable(
  "plugin_reports",
  {
    id: primaryId(),
    pluginId: uuid("plugin_id")
      .notNull()
      .references(() => plugins.id, { onDelete: "cascade" }),
    reporterId: uuid("reporter_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    reason: text("reason").notNull(),
    details: text("details").notNull().default(""),
    /** open → closed by a decision (decision_id). */
    status: text("status", { enum: ["open", "closed"] })
      .notNull()
      .default("open"),
    decisionId: uuid("decision_id").references(() => moderationDecisions.id),
    createdAt: createdAt(),
    updatedAt: utcTimestamp("updated_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("plugin_reports_open_key").on(t.pluginId, t.reporterId).where(sql`${t.status} = 'open'`),
    index("plugin_reports_open_idx").on(t.pluginId, t.updatedAt).where(sql`${t.status} = 'open'`),
    check("plugin_reports_reason_check", sql.raw(`reason ${reasonCheck}`)),
    check("plugin_reports_status_check", sql`${t.status} in ('open', 'closed')`),
  ],
);

export const moderationActions = ["dismiss", "warn", "take_down", "restore"] as const;
export type ModerationAction = (typeof moderationActions)[number];

/**
 * The audit of operators' decisions about a plugin: never updated or deleted.
 * `note` is the operator's own (never shown to the author or to holders);
 * `message` is what the author reads on the dashboard; `reason` is the public
 * category of a warning or takedown. `operator_id` is the operator on the
 * website, or the staff account the CLI named with --by.
 */
export const moderationDecisions = pgTable(
  "moderation_decisions",
  {
    id: primaryId(),
    pluginId: uuid("plugin_id")
      .notNull()
      .references(() => plugins.id, { onDelete: "cascade" }),
    action: text("action", { enum: moderationActions }).notNull(),
    reason: text("reason"),
    note: text("note").notNull().default(""),
    message: text("message"),
    operatorId: uuid("operator_id")
      .notNull()
      .references(() => accounts.id),
    reportsClosed: integer("reports_closed").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index("moderation_decisions_plugin_idx").on(t.pluginId, t.createdAt),
    index("moderation_decisions_created_idx").on(t.createdAt),
    check("moderation_decisions_action_check", sql`${t.action} in ('dismiss', 'warn', 'take_down', 'restore')`),
    check("moderation_decisions_reason_check", sql.raw(`reason is null or reason ${reasonCheck}`)),
  ],
);

/**
 * A plugin's current takedown (one row while plugins.status is taken_down):
 * what holders and the author are told, and the status a restore returns it
 * to (its status before, or `removed` when its author deleted it meanwhile).
 */
export const pluginTakedowns = pgTable(
  "plugin_takedowns",
  {
    pluginId: uuid("plugin_id")
      .primaryKey()
      .references(() => plugins.id, { onDelete: "cascade" }),
    decisionId: uuid("decision_id")
      .notNull()
      .references(() => moderationDecisions.id),
    reason: text("reason").notNull(),
    message: text("message"),
    restoreStatus: text("restore_status", { enum: ["published", "hidden", "removed"] }).notNull(),
    takenDownAt: utcTimestamp("taken_down_at").notNull().defaultNow(),
  },
  (t) => [
    check("plugin_takedowns_reason_check", sql.raw(`reason ${reasonCheck}`)),
    check("plugin_takedowns_restore_status_check", sql`${t.restoreStatus} in ('published', 'hidden', 'removed')`),
  ],
);

export type PluginReport = typeof pluginReports.$inferSelect;
export type ModerationDecision = typeof moderationDecisions.$inferSelect;
