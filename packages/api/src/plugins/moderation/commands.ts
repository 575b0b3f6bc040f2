/**
 * The operator CLI's report commands (docs/operations.md#reports-and-takedowns):
 * the queue, the plugins taken down, the audit, and the four decisions. A
 * decision names the operator with --by (a staff account's email), so the
 * audit says who decided however it was made.
 */
import { AppError, decisionInputSchema, moderationActionSchema, reportReasons } from "@streamkit/api-contract";
import { accounts } from "@streamkit/db";
import { eq, sql } from "drizzle-orm";
import type { AppDeps } from "../../shared/deps";
import { decide } from "./decisions";
import { recentDecisions, reportQueue, takenDownPlugins } from "./queue";

type Flags = Record<string, string | boolean | undefined>;
const usage = (message: string) => new AppError("bad_request", message);

/** The shape of admin/commands.ts's table entries. */
interface ModerationCommand {
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

function decisionCommand(action: "dismiss" | "warn" | "take_down" | "restore", extra: string): ModerationCommand {
  const name = action.replace("_", "-");
  return {
    usage: `report ${name} --slug S --by OPERATOR_EMAIL${extra} [--note PRIVATE_NOTE]`,
    options: { slug: { type: "string" }, by: { type: "string" }, note: { type: "string" }, reason: { type: "string" }, message: { type: "string" } },
    required: ["slug", "by", ...(action === "warn" ? ["message"] : [])],
    async run(deps, flags) {
      const parsed = decisionInputSchema.safeParse({
        slug: flags.slug,
        action: moderationActionSchema.parse(action),
        ...(flags.reason !== undefined ? { reason: flags.reason } : {}),
        ...(flags.note !== undefined ? { note: flags.note } : {}),
        ...(flags.message !== undefined ? { message: flags.message } : {}),
      });
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        throw usage(`--${String(issue.path[0] ?? "slug")}: ${issue.path[0] === "reason" ? `one of ${reportReasons.join(", ")}` : issue.message}`);
      }
      const operatorId = await operatorByEmail(deps, String(flags.by));
      return { decision: await decide(deps, operatorId, parsed.data) };
    },
  };
}

export const moderationCommands: Record<string, ModerationCommand> = {
  "report queue": {
    usage: "report queue",
    options: {},
    run: async (deps) => ({ plugins: await reportQueue(deps.db) }),
  },
  "report taken-down": {
    usage: "report taken-down",
    options: {},
    run: async (deps) => ({ plugins: await takenDownPlugins(deps.db) }),
  },
  "report decisions": {
    usage: "report decisions [--slug S]",
    options: { slug: { type: "string" } },
    run: async (deps, flags) => ({ decisions: await recentDecisions(deps.db, flags.slug === undefined ? undefined : String(flags.slug)) }),
  },
  "report dismiss": decisionCommand("dismiss", ""),
  "report warn": decisionCommand("warn", ` --message TO_AUTHOR [--reason ${reportReasons.join("|")}]`),
  "report take-down": decisionCommand("take_down", ` [--reason ${reportReasons.join("|")}] [--message TO_AUTHOR]`),
  "report restore": decisionCommand("restore", ""),
};
