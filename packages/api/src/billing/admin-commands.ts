/**
 * The operator's subscription commands (docs/payments.md#subscriptions): list
 * subscriptions, refund a subscription payment inside the refund window, give
 * an account a complimentary plan until a date, and take it back. The same
 * services as /admin/subscriptions.
 */
import { subscriptionStatusSchema } from "@streamkit/api-contract";
import { type PaidPlan, paidPlanNames } from "@streamkit/plans";
import type { AppDeps } from "../shared/deps";
import { AppError, notFound } from "@streamkit/api-contract";
import { findAccountByEmail } from "../accounts";
import { findSubscriptions, grantComplimentary, refundSubscriptionPayment, revokeComplimentary } from "@streamkit/billing";

type Flags = Record<string, string | boolean | undefined>;
const usage = (message: string) => new AppError("bad_request", message);

async function accountOf(deps: AppDeps, flags: Flags) {
  const account = await findAccountByEmail(deps.db, String(flags.email ?? "").trim(), deps.now());
  if (!account) throw notFound(`No account with the email ${String(flags.email)}.`);
  return account;
}

export const subscriptionCommands = {
  "subscription list": {
    usage: "subscription list [--q EMAIL|NAME|ID] [--status incomplete|active|past_due|ended] [--limit N]",
    options: { q: { type: "string" }, status: { type: "string" }, limit: { type: "string" } },
    async run(deps: AppDeps, flags: Flags) {
      const status = flags.status === undefined ? undefined : subscriptionStatusSchema.safeParse(flags.status);
      if (status && !status.success) throw usage("--status must be incomplete, active, past_due or ended.");
      const limit = flags.limit === undefined ? 25 : Number(flags.limit);
      if (!Number.isInteger(limit) || limit < 1 || limit > 100) throw usage("--limit must be a whole number from 1 to 100.");
      const page = await findSubscriptions(deps.db, { q: flags.q === undefined ? undefined : String(flags.q), status: status?.data, limit });
      return { items: page.items };
    },
  },
  "subscription refund": {
    usage: "subscription refund --payment ID",
    options: { payment: { type: "string" } },
    required: ["payment"],
    async run(deps: AppDeps, flags: Flags) {
      const refunded = await refundSubscriptionPayment(deps, String(flags.payment));
      return { ...refunded.payment, alreadyRefunded: refunded.alreadyRefunded, subscriptionEnded: refunded.subscriptionEnded };
    },
  },
  "plan grant": {
    usage: "plan grant --email E --plan pro|ultimate --until ISO8601 [--note TEXT]",
    options: { email: { type: "string" }, plan: { type: "string" }, until: { type: "string" }, note: { type: "string" } },
    required: ["email", "plan", "until"],
    async run(deps: AppDeps, flags: Flags) {
      if (!paidPlanNames.includes(flags.plan as PaidPlan)) throw usage(`--plan must be one of ${paidPlanNames.join(", ")}.`);
      const until = new Date(String(flags.until));
      if (Number.isNaN(until.getTime()) || !/^\d{4}-\d{2}-\d{2}/.test(String(flags.until)))
        throw usage("--until must be an ISO 8601 date or time, e.g. 2027-01-31.");
      const note = flags.note === undefined ? null : String(flags.note).trim().slice(0, 500);
      const account = await accountOf(deps, flags);
      return grantComplimentary(deps, { accountId: account.id, plan: flags.plan as PaidPlan, endsAt: until, note }, null);
    },
  },
  "plan revoke": {
    usage: "plan revoke --email E",
    options: { email: { type: "string" } },
    required: ["email"],
    async run(deps: AppDeps, flags: Flags) {
      const account = await accountOf(deps, flags);
      return { accountId: account.id, revoked: await revokeComplimentary(deps, account.id, null) };
    },
  },
} satisfies Record<
  string,
  {
    usage: string;
    options: Record<string, { type: "string" | "boolean" }>;
    required?: string[];
    run(deps: AppDeps, flags: Flags): Promise<Record<string, unknown>>;
  }
>;
