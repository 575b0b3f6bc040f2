import { z } from "zod";
import { isoTimestamp } from "./time";

/**
 * Reports and takedowns (docs/plugins.md#reporting-a-plugin,
 * docs/operations.md#reports-and-takedowns): the reasons a person picks, the
 * public reason of a takedown, and the operator's queue and decisions.
 */

/** Why a plugin is reported, in the order the form offers them; a takedown names one of them publicly. */
export const reportReasons = ["malware", "privacy", "impersonation", "copyright", "spam", "broken", "other"] as const;
export type ReportReason = (typeof reportReasons)[number];
export const reportReasonSchema = z.enum(reportReasons).meta({ id: "ReportReason" });

export const reportReasonLabels: Record<ReportReason, string> = {
  malware: "Malware or harmful behaviour",
  privacy: "Collects or sends data it should not",
  impersonation: "Impersonates another plugin or publisher",
  copyright: "Stolen code or licence violation",
  spam: "Spam or misleading",
  broken: "Broken or not working",
  other: "Something else",
};

/** Lengths of what people and operators write, and how much of the queue one answer carries. */
export const moderationLimits = {
  /** A report's free text, in characters; `other` needs at least minOtherDetails. */
  maxDetails: 2000,
  minOtherDetails: 10,
  /** The operator's private note and the message to the author. */
  maxNote: 2000,
  maxMessage: 2000,
  /** Plugins in one answer of the queue, most reported first. */
  queuePlugins: 50,
  /** The newest open reports shown per plugin in the queue. */
  reportsPerPlugin: 5,
  /** Decisions in the audit list, newest first; taken-down plugins listed for restoring. */
  decisions: 50,
  takenDown: 100,
} as const;

/** Control characters other than tab and line breaks mean nothing in a report. */
const hasControl = (text: string) => [...text].some((c) => (c < " " && c !== "\n" && c !== "\r" && c !== "\t") || c === "\u007f");

/** The body of a report, without the rule on `other` (reportRequestSchema adds it): routers extend this one with the path's slug. */
export const reportBodySchema = z
  .object({
    reason: reportReasonSchema,
    details: z
      .string()
      .trim()
      .max(moderationLimits.maxDetails, `Write at most ${moderationLimits.maxDetails} characters.`)
      .refine((text) => !hasControl(text), "The text may not contain control characters.")
      .default("")
      .meta({
        description: `What happened, in at most ${moderationLimits.maxDetails} characters; at least ${moderationLimits.minOtherDetails} when the reason is \`other\`.`,
      }),
  })
  .strict();

/** `other` says what is wrong. */
export function otherNeedsDetails(value: { reason: ReportReason; details: string }, ctx: z.RefinementCtx): void {
  if (value.reason === "other" && value.details.length < moderationLimits.minOtherDetails) {
    ctx.addIssue({ code: "custom", path: ["details"], message: `Say what is wrong in at least ${moderationLimits.minOtherDetails} characters.` });
  }
}

export const reportRequestSchema = reportBodySchema.superRefine(otherNeedsDetails).meta({ id: "ReportRequest" });
export type ReportRequest = z.infer<typeof reportRequestSchema>;

export const reportSchema = z
  .object({
    id: z.string(),
    slug: z.string(),
    reason: reportReasonSchema,
    details: z.string(),
    status: z.enum(["open"]).meta({ description: "Open until an operator decides about the plugin." }),
    createdAt: isoTimestamp,
    updatedAt: isoTimestamp,
  })
  .meta({ id: "Report" });
export type Report = z.infer<typeof reportSchema>;

export const reportResponseSchema = z
  .object({
    report: reportSchema,
    replaced: z.boolean().meta({ description: "True when it replaced your open report of this plugin (one per account and plugin)." }),
  })
  .meta({ id: "ReportResponse" });

/** A takedown as holders and the author see it. */
export const takenDownSchema = z
  .object({
    at: isoTimestamp,
    reason: reportReasonSchema,
    message: z.string().nullable().optional().meta({ description: "Only for the plugin's author: the operator's message, null when there is none." }),
  })
  .meta({ id: "TakenDown" });
export type TakenDown = z.infer<typeof takenDownSchema>;

export const moderationWarningSchema = z
  .object({ at: isoTimestamp, reason: reportReasonSchema.nullable(), message: z.string() })
  .meta({ id: "ModerationWarning" });
export type ModerationWarning = z.infer<typeof moderationWarningSchema>;

// The operator's side (/admin/reports through /api/trpc, and the admin CLI); never part of /api/v1.

const person = z.object({ id: z.string(), name: z.string(), email: z.string().nullable() });

export const queuedPluginSchema = z.object({
  slug: z.string(),
  name: z.string(),
  status: z.enum(["published", "hidden", "removed", "taken_down"]),
  author: person,
  open: z.int(),
  counts: z.record(reportReasonSchema, z.int()),
  firstAt: isoTimestamp,
  lastAt: isoTimestamp,
  reports: z.array(z.object({ id: z.string(), reporter: person, reason: reportReasonSchema, details: z.string(), at: isoTimestamp })),
});
export type QueuedPlugin = z.infer<typeof queuedPluginSchema>;

export const moderationActionSchema = z.enum(["dismiss", "warn", "take_down", "restore"]);
export type ModerationActionName = z.infer<typeof moderationActionSchema>;

export const decisionSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  action: moderationActionSchema,
  reason: reportReasonSchema.nullable(),
  note: z.string(),
  message: z.string().nullable(),
  operator: person,
  reportsClosed: z.int(),
  at: isoTimestamp,
});
export type Decision = z.infer<typeof decisionSchema>;

export const takenDownPluginSchema = z.object({
  slug: z.string(),
  name: z.string(),
  author: person,
  reason: reportReasonSchema,
  message: z.string().nullable(),
  at: isoTimestamp,
});

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters.`)
    .refine((text) => !hasControl(text), "No control characters.")
    .optional();

/**
 * One decision about a plugin. dismiss and warn need open reports; warn needs
 * a message; take_down a public reason (it defaults to the most reported);
 * restore a plugin that is taken down.
 */
export const decisionInputSchema = z
  .object({
    slug: z.string().min(1).max(100),
    action: moderationActionSchema,
    reason: reportReasonSchema.optional(),
    note: optionalText(moderationLimits.maxNote),
    message: optionalText(moderationLimits.maxMessage),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (value.action === "warn" && !value.message) ctx.addIssue({ code: "custom", path: ["message"], message: "A warning needs a message to the author." });
  });
export type DecisionInput = z.infer<typeof decisionInputSchema>;
