import { type PlanName, planNames, subscriptionRules } from "@streamkit/plans";
import { type Placeholder, type SQL, sql } from "drizzle-orm";

// The plans' order as SQL (constants of packages/plans, never user input).
export const rankOf = (column: SQL) => sql`case ${column} ${sql.raw(planNames.map((plan, rank) => `when '${plan}' then ${rank}`).join(" "))} end`;
export const planOfRank = (rank: SQL) => sql`case ${rank} ${sql.raw(planNames.map((plan, rank) => `when ${rank} then '${plan}'`).join(" "))} end`;

const grace = sql.raw(`interval '${subscriptionRules.graceDays} days'`);
// Shared by both functions below, over "subscriptions s" and "complimentary_plans c" of the outer "accounts" row.
const liveSubscription = sql`s.account_id = "accounts"."id" and s.status in ('active', 'past_due')`;
/** Until when a live subscription entitles: its paid period, plus the grace unless it is cancelled at the period's end. */
const entitledUntil = sql`case when s.cancel_at_period_end then s.current_period_end else s.current_period_end + ${grace} end`;
const complimentaryOfAccount = sql`c.account_id = "accounts"."id" and c.revoked_at is null`;

/**
 * The plan an account has at `now` (docs/payments.md#subscriptions): the highest of
 * the operator's base plan (accounts.plan), the plan of a live subscription
 * that still entitles it — its paid period, plus the grace period unless it is
 * cancelled at the period's end; a downgrade scheduled for the period's end
 * counts from then — and a complimentary plan in force. Computed in the same
 * statement that reads the account, on every request, so nothing has to run
 * at a period's end for the next request to see the new plan. The outer row
 * must be the table "accounts" itself (not an alias).
 */
export function accountPlanSql(now: Date | Placeholder): SQL<PlanName> {
  // A placeholder when the statement is prepared once and run with the time of each request.
  const at = now instanceof Date ? sql`${now.toISOString()}::timestamptz` : sql`${now}::timestamptz`;
  const subscribed = sql`(select max(${rankOf(sql`case when s.scheduled_plan is not null and ${at} >= s.current_period_end then s.scheduled_plan else s.plan end`)})
    from subscriptions s where ${liveSubscription} and ${at} < ${entitledUntil})`;
  const complimentary = sql`(select max(${rankOf(sql`c.plan`)}) from complimentary_plans c where ${complimentaryOfAccount} and ${at} < c.ends_at)`;
  return sql<PlanName>`${planOfRank(sql`greatest(${rankOf(sql`"accounts"."plan"`)}, coalesce(${subscribed}, 0), coalesce(${complimentary}, 0))`)}`;
}

/**
 * The next moment after `now` at which accountPlanSql's answer can change by
 * time alone, or null: a live subscription's period end (a cancellation or a
 * scheduled downgrade takes effect) or the end of its grace, and a
 * complimentary plan's end. What is open on an account's overlays (their OBS
 * sources) looks again then. Same outer row rule as accountPlanSql.
 */
export function planChangesAtSql(now: Date | Placeholder): SQL<Date | null> {
  const at = now instanceof Date ? sql`${now.toISOString()}::timestamptz` : sql`${now}::timestamptz`;
  // The period's end matters on its own even with a grace after it: a scheduled downgrade takes effect then.
  const subscriptionEnds = sql`(select min(e) from subscriptions s,
    lateral (values (s.current_period_end), (${entitledUntil})) as ends(e)
    where ${liveSubscription} and e > ${at})`;
  const complimentaryEnds = sql`(select min(c.ends_at) from complimentary_plans c where ${complimentaryOfAccount} and c.ends_at > ${at})`;
  return sql<Date | null>`least(${subscriptionEnds}, ${complimentaryEnds})`;
}
