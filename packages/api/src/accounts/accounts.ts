import { accounts, type Db, isUniqueViolation } from "@streamkit/db";
import type { PlanName } from "@streamkit/plans";
import { eq, sql } from "drizzle-orm";
import { principalColumns } from "./principal-columns";
import type { AccountCaller, AccountPrincipal } from "../shared/context";
import { planChangesAtSql } from "../shared/plan-sql";
import { keptUntil, type PrincipalCache } from "./principal-cache";
import { AppError } from "@streamkit/api-contract";
import { preparedPerDatabase } from "../shared/prepared";

export async function findAccountById(db: Db, id: string, now: Date): Promise<AccountPrincipal | null> {
  const [row] = await db.select(principalColumns(now)).from(accounts).where(eq(accounts.id, id)).limit(1);
  return row ?? null;
}

/** The session's account, read on a signed-in request whose caller is not kept: prepared once. */
const sessionAccountStatement = preparedPerDatabase((db) =>
  db
    .select({
      ...principalColumns(sql.placeholder("now")),
      deletedAt: accounts.deletedAt,
      sessionsValidAfter: accounts.sessionsValidAfter,
      planChangesAt: planChangesAtSql(sql.placeholder("now")),
    })
    .from(accounts)
    .where(eq(accounts.id, sql.placeholder("id")))
    .limit(1)
    .prepare("session_account"),
);

/**
 * The account behind a website session, or null when the session no longer
 * counts: the account was deleted, or the session was issued (`iat`, in
 * seconds) before its password last changed. With `kept`, the account of a
 * session that counts is kept as API key callers are (principal-cache.ts):
 * a sign-out everywhere, a password change, a deletion, a suspension or a plan
 * change is an account change, whose notice drops it.
 */
export async function findSessionAccount(
  db: Db,
  id: string,
  issuedAtSeconds: number | undefined,
  now: Date,
  kept?: PrincipalCache,
): Promise<AccountPrincipal | null> {
  const read = async () => {
    const [row] = await sessionAccountStatement(db).execute({ id, now: now.toISOString() });
    if (!row || row.deletedAt) return null;
    if (row.sessionsValidAfter && (issuedAtSeconds ?? 0) < Math.floor(row.sessionsValidAfter.getTime() / 1000)) return null;
    const { deletedAt: _deleted, sessionsValidAfter: _after, planChangesAt, ...principal } = row;
    const caller: AccountCaller = { kind: "account", account: principal, channel: "web", scopes: "all" };
    // Held until the plan next changes by time alone.
    return { caller, validUntil: keptUntil(planChangesAt) };
  };
  // Per account and session start: sessions issued before a sign-out everywhere are told apart from those after it.
  const found = kept ? await kept.resolve(`session:${id}:${issuedAtSeconds ?? 0}`, now.getTime(), read) : (await read())?.caller;
  return found?.account ?? null;
}

export async function findAccountByEmail(db: Db, email: string, now: Date) {
  const [row] = await db
    .select({ ...principalColumns(now), passwordHash: accounts.passwordHash })
    .from(accounts)
    .where(eq(sql`lower(${accounts.email})`, email.trim().toLowerCase()))
    .limit(1);
  return row ?? null;
}

export interface NewAccount {
  email: string;
  name?: string;
  plan?: PlanName;
  staff?: boolean;
  country?: string | null;
  passwordHash?: string | null;
}

/** Creates an account; the unique index on lower(email) decides a race between two sign-ups. */
export async function createAccount(db: Db, input: NewAccount, now: Date): Promise<AccountPrincipal> {
  const email = input.email.trim();
  try {
    const [row] = await db
      .insert(accounts)
      .values({
        email,
        name: input.name?.trim() || email.split("@")[0]!,
        plan: input.plan ?? "free",
        staff: input.staff ?? false,
        country: input.country?.toUpperCase() ?? null,
        passwordHash: input.passwordHash ?? null,
      })
      .returning(principalColumns(now));
    return row!;
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("conflict", `An account with the email ${email} already exists.`);
    throw error;
  }
}

export async function updateAccount(
  db: Db,
  email: string,
  changes: Partial<Pick<typeof accounts.$inferInsert, "plan" | "suspended" | "staff" | "country" | "name" | "passwordHash">>,
  now: Date,
): Promise<AccountPrincipal> {
  const [row] = await db
    .update(accounts)
    .set(changes)
    .where(eq(sql`lower(${accounts.email})`, email.trim().toLowerCase()))
    .returning(principalColumns(now));
  if (!row) throw new AppError("not_found", `No account with the email ${email}.`);
  return row;
}
