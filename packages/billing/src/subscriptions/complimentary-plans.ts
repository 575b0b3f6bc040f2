import { accounts, complimentaryPlans } from "@streamkit/db";
import type { PaidPlan } from "@streamkit/plans";
import { and, eq, gt, isNull } from "drizzle-orm";
import type { BillingDeps } from "../deps";
import { AppError, notFound } from "@streamkit/api-contract";

/** The longest complimentary plan the operator may give at once. */
const MAX_YEARS = 5;

/**
 * The operator gives an account a plan for free until `endsAt` (from /admin
 * and the operator CLI). An account holds at most one in force: a new one
 * replaces it (under the account's row lock, so two grants cannot both stand).
 * No payment and no ledger entry: nothing was paid.
 */
export async function grantComplimentary(
  deps: BillingDeps,
  input: { accountId: string; plan: PaidPlan; endsAt: Date; note?: string | null },
  grantedBy: string | null,
) {
  const now = deps.now();
  if (input.endsAt.getTime() <= now.getTime()) throw new AppError("bad_request", "The end date must be in the future.");
  if (input.endsAt.getTime() > now.getTime() + MAX_YEARS * 366 * 24 * 60 * 60 * 1000) {
    throw new AppError("bad_request", `A complimentary plan lasts at most ${MAX_YEARS} years; set the base plan for good instead.`);
  }
  return deps.db.transaction(async (tx) => {
    const [account] = await tx.select({ id: accounts.id, deletedAt: accounts.deletedAt }).from(accounts).where(eq(accounts.id, input.accountId)).for("update");
    if (!account || account.deletedAt) throw notFound("No such account.");
    await tx
      .update(complimentaryPlans)
      .set({ revokedAt: now, revokedBy: grantedBy })
      .where(and(eq(complimentaryPlans.accountId, input.accountId), isNull(complimentaryPlans.revokedAt), gt(complimentaryPlans.endsAt, now)));
    const [row] = await tx
      .insert(complimentaryPlans)
      .values({ accountId: input.accountId, plan: input.plan, endsAt: input.endsAt, note: input.note || null, grantedBy, createdAt: now })
      .returning();
    return { id: row!.id, accountId: row!.accountId, plan: row!.plan as PaidPlan, endsAt: row!.endsAt.toISOString(), note: row!.note };
  });
}

/** Ends the account's complimentary plan now; false when it had none in force. */
export async function revokeComplimentary(deps: BillingDeps, accountId: string, revokedBy: string | null): Promise<boolean> {
  const now = deps.now();
  if (!/^[0-9a-f-]{36}$/i.test(accountId)) throw notFound("No such account.");
  const revoked = await deps.db
    .update(complimentaryPlans)
    .set({ revokedAt: now, revokedBy })
    .where(and(eq(complimentaryPlans.accountId, accountId), isNull(complimentaryPlans.revokedAt), gt(complimentaryPlans.endsAt, now)))
    .returning({ id: complimentaryPlans.id });
  return revoked.length > 0;
}
