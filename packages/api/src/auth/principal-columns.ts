import { accounts } from "@streamkit/db";
import type { AccountPrincipal } from "../context";
import { accountPlanSql } from "../services/plan-sql";

/**
 * The account columns every caller carries, read fresh on every request: the
 * plan is computed at `now` from the base plan, the subscription and any
 * complimentary plan (services/plan-sql.ts), so a change applies to the next request.
 */
export function principalColumns(now: Date) {
  return {
    id: accounts.id,
    name: accounts.name,
    email: accounts.email,
    plan: accountPlanSql(now),
    country: accounts.country,
    staff: accounts.staff,
    suspended: accounts.suspended,
  } satisfies Record<keyof AccountPrincipal, unknown>;
}
