import type { AdminAccount, AdminSearchQuery } from "@streamkit/api-contract";
import { accounts, type Db } from "@streamkit/db";
import type { PlanName } from "@streamkit/plans";
import { and, asc, desc, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import { accountDisabled } from "../shared/auth-errors";
import { AppError, notFound } from "@streamkit/api-contract";
import { decodeTimeCursor, encodeTimeCursor, isUuid } from "@streamkit/api-contract";
import { likePattern } from "@streamkit/db";

/**
 * What the operator does to accounts, from the website's /admin/accounts and
 * from the operator CLI alike: search them, change the plan, grant or revoke
 * staff, suspend or unsuspend.
 */

const adminColumns = {
  id: accounts.id,
  email: accounts.email,
  name: accounts.name,
  plan: accounts.plan,
  staff: accounts.staff,
  suspended: accounts.suspended,
  official: accounts.official,
  createdAt: accounts.createdAt,
};

type AdminAccountRow = { [K in keyof typeof adminColumns]: (typeof accounts.$inferSelect)[K] };

const toView = (row: AdminAccountRow): AdminAccount => ({ ...row, createdAt: row.createdAt.toISOString() });

/**
 * Newest first, a keyset page at a time. `q` matches the account id exactly,
 * and the email or name as a case-insensitive substring.
 */
export async function findAccounts(db: Db, query: AdminSearchQuery): Promise<{ items: AdminAccount[]; next: string | null }> {
  const conditions: SQL[] = [];
  if (query.q) {
    const pattern = likePattern(query.q);
    const matches: SQL[] = [ilike(accounts.email, pattern), ilike(accounts.name, pattern)];
    if (isUuid(query.q)) matches.push(eq(accounts.id, query.q));
    conditions.push(or(...matches)!);
  }
  if (query.cursor) {
    const after = decodeTimeCursor(query.cursor);
    conditions.push(sql`(${accounts.createdAt}, ${accounts.id}) < (${after.at.toISOString()}::timestamptz, ${after.id}::uuid)`);
  }
  const rows = await db
    .select(adminColumns)
    .from(accounts)
    .where(and(...conditions))
    .orderBy(desc(accounts.createdAt), desc(accounts.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map(toView),
    next: rows.length > query.limit && last ? encodeTimeCursor({ at: last.createdAt, id: last.id }) : null,
  };
}

/** How many accounts there are, how many are operators and how many are suspended, for /admin's overview. */
export async function accountTotals(db: Db) {
  const [row] = await db
    .select({
      accounts: sql<number>`count(*)::int`,
      staff: sql<number>`(count(*) filter (where ${accounts.staff}))::int`,
      suspended: sql<number>`(count(*) filter (where ${accounts.suspended}))::int`,
    })
    .from(accounts);
  return row!;
}

/** The account changed: by id (the website) or by email, case-insensitive (the CLI). */
export type AccountRef = { id: string } | { email: string };

export type AccountChange = { plan: PlanName } | { staff: boolean } | { suspended: boolean };

/**
 * Applies one operator change. `actorId` is the operator making it on the
 * website; null for the operator CLI, whose user owns the machine and the
 * database and is the way back in (granting staff to the first operator,
 * recovering from a mistake).
 *
 * On the website an operator cannot suspend themselves or revoke their own
 * staff: that is how an operator locks themselves out, and it always leaves
 * at least one operator. The actor's and the target's rows are locked in id
 * order for the decision, and the actor is read again under that lock: two
 * operators revoking (or suspending) each other at the same moment cannot
 * both succeed, the second finds they are no longer staff (or are suspended).
 */
export async function changeAccount(db: Db, target: AccountRef, change: AccountChange, actorId: string | null): Promise<AdminAccount> {
  return db.transaction(async (tx) => {
    const where = "id" in target ? eq(accounts.id, target.id) : eq(sql`lower(${accounts.email})`, target.email.trim().toLowerCase());
    const [found] = await tx.select({ id: accounts.id }).from(accounts).where(where).limit(1);
    if (!found) throw notFound("id" in target ? "No such account." : `No account with the email ${target.email}.`);
    const ids = actorId ? [...new Set([actorId, found.id])] : [found.id];
    const locked = await tx
      .select({ id: accounts.id, staff: accounts.staff, suspended: accounts.suspended })
      .from(accounts)
      .where(inArray(accounts.id, ids))
      .orderBy(asc(accounts.id))
      .for("update");
    if (actorId) {
      const actor = locked.find((row) => row.id === actorId);
      if (actor?.suspended) throw accountDisabled();
      if (!actor?.staff) throw new AppError("forbidden", "Only the service's operators can do this.");
      if (actorId === found.id && "suspended" in change && change.suspended) {
        throw new AppError("forbidden", "You cannot suspend your own account; another operator or the operator CLI can.");
      }
      if (actorId === found.id && "staff" in change && !change.staff) {
        throw new AppError("forbidden", "You cannot remove your own staff access; another operator or the operator CLI can.");
      }
    }
    const [row] = await tx.update(accounts).set(change).where(eq(accounts.id, found.id)).returning(adminColumns);
    return toView(row!);
  });
}
