/**
 * The operator CLI's review-report commands (docs/operations.md#reported-reviews):
 * the queue (reported and hidden reviews, the audit) and the three decisions.
 * A decision names the operator with --by (a staff account's email), so the
 * audit says who decided however it was made.
 */
import { AppError, reviewModerationInputSchema } from "@streamkit/api-contract";
import { accounts } from "@streamkit/db";
import { eq, sql } from "drizzle-orm";
import type { AppDeps } from "../../shared/deps";
import { decideReview, reviewModerationQueue } from "./moderation";

type Flags = Record<string, string | boolean | undefined>;

/** The shape of admin/commands.ts's table entries. */
interface ReviewReportCommand {
  usage: string;
  options: Record<string, { type: "string" | "boolean" }>;
  required?: string[];
  run(deps: AppDeps, flags: Flags): Promise<Record<string, unknown>>;
}

async function operatorByEmail(deps: AppDeps, email: string): Promise<string> {
  const [row] = await deps.db
    .select({ id: accounts.id, staff: accounts.staff })
    .from(accounts)
    .where(eq(sql`lower(${accounts.email})`, email.trim().toLowerCase()));
  if (!row) throw new AppError("not_found", `No account with the email ${email}.`);
  if (!row.staff) throw new AppError("forbidden", `${email} is not an operator (account set-staff makes it one).`);
  return row.id;
}

function decision(action: "hide" | "unhide" | "dismiss"): ReviewReportCommand {
  return {
    usage: `review-report ${action} --id REVIEW_ID --by OPERATOR_EMAIL [--note PRIVATE_NOTE]`,
    options: { id: { type: "string" }, by: { type: "string" }, note: { type: "string" } },
    required: ["id", "by"],
    async run(deps, flags) {
      const parsed = reviewModerationInputSchema.safeParse({ reviewId: flags.id, action, ...(flags.note !== undefined ? { note: flags.note } : {}) });
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        throw new AppError("bad_request", `--${issue.path[0] === "reviewId" ? "id" : String(issue.path[0])}: ${issue.message}`);
      }
      return { decision: await decideReview(deps, await operatorByEmail(deps, String(flags.by)), parsed.data) };
    },
  };
}

export const reviewCommands: Record<string, ReviewReportCommand> = {
  "review-report queue": { usage: "review-report queue", options: {}, run: async (deps) => ({ ...(await reviewModerationQueue(deps.db)) }) },
  "review-report hide": decision("hide"),
  "review-report unhide": decision("unhide"),
  "review-report dismiss": decision("dismiss"),
};
