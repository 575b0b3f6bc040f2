import { accounts } from "@streamkit/db";
import { type Placeholder, sql } from "drizzle-orm";
import type { AccountPrincipal } from "../shared/context";
import { accountPlanSql } from "../shared/plan-sql";

/**
 * The account columns every caller carries, read with the credential: the
 * plan is computed at `now` from the base plan, the subscription and any
 * complimentary plan (shared/plan-sql.ts).
 * `now` may be a placeholder, for statements prepared once (the caller's
 * resolution of a credential).
 */
export function principalColumns(now: Date | Placeholder) {
  return {
    id: accounts.id,
    name: accounts.name,
    email: accounts.email,
    plan: accountPlanSql(now),
    country: accounts.country,
    staff: accounts.staff,
    suspended: accounts.suspended,
    // Spelled out: inside a subquery Drizzle would leave "id" unqualified, and it would mean the plugin's.
    author: sql<boolean>`exists (select 1 from plugins p where p.owner_id = "accounts"."id")`.mapWith(Boolean),
  } satisfies Record<keyof AccountPrincipal, unknown>;
}
