import { createHash, randomBytes } from "node:crypto";
import { PASSWORD_RESET_MINUTES } from "@streamkit/api-contract";
import { accounts, apiKeys, authIdentities, overlays, passwordResets, plugins, type Tx } from "@streamkit/db";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { hashPassword, verifyPassword } from "./password";
import { principalColumns } from "./principal-columns";
import type { AccountCaller } from "../shared/context";
import type { AppDeps } from "../shared/deps";
import { AppError, badRequest } from "@streamkit/api-contract";
import { balances } from "@streamkit/billing";
import { hitLimit } from "../shared/limits/index";
import { rateLimitedError } from "../shared/limits/window";

/**
 * Account basics (docs/accounts.md): name and country, password change
 * and reset by email, and deleting the account. A password change or reset
 * ends every website session of the account (sessions issued before
 * `sessions_valid_after` are refused by the caller resolver).
 */

export async function updateProfile(deps: AppDeps, caller: AccountCaller, input: { name: string; country: string | null }) {
  const [row] = await deps.db
    .update(accounts)
    .set({ name: input.name, country: input.country })
    .where(eq(accounts.id, caller.account.id))
    .returning(principalColumns(deps.now()));
  return row!;
}

async function passwordHashOf(tx: Pick<Tx, "select">, accountId: string): Promise<string | null> {
  const [row] = await tx.select({ hash: accounts.passwordHash }).from(accounts).where(eq(accounts.id, accountId));
  return row?.hash ?? null;
}

export async function hasPassword(db: AppDeps["db"], accountId: string): Promise<boolean> {
  return (await passwordHashOf(db, accountId)) !== null;
}

/** A new password: the current one is needed when the account has one (an account made with GitHub or Google sets its first). */
export async function changePassword(deps: AppDeps, caller: AccountCaller, input: { currentPassword: string; newPassword: string }) {
  const current = await passwordHashOf(deps.db, caller.account.id);
  if (current && !(await verifyPassword(input.currentPassword, current))) {
    throw new AppError("validation_error", "Your current password is not right.", [{ path: "currentPassword", message: "This is not your current password." }]);
  }
  await deps.db
    .update(accounts)
    .set({ passwordHash: await hashPassword(input.newPassword), sessionsValidAfter: deps.now() })
    .where(eq(accounts.id, caller.account.id));
}

const tokenHash = (token: string) => createHash("sha256").update(token).digest("hex");

/**
 * "Forgot password?": the same answer whether or not the email has an
 * account (nothing to learn by asking), limited per email and per address in
 * the database; an account with that email gets a link that works once, for
 * PASSWORD_RESET_MINUTES.
 */
export async function requestPasswordReset(deps: AppDeps, input: { email: string }, clientAddress: string): Promise<void> {
  if (!deps.mailer.available) throw new AppError("service_unavailable", "Password reset by email is not set up on this server. Ask its operator.");
  const email = input.email.trim().toLowerCase();
  const now = deps.now();
  for (const [name, key] of [
    ["passwordResetAccount", email],
    ["passwordResetAddress", clientAddress],
  ] as const) {
    const decision = await hitLimit(deps, name, key, now);
    if (!decision.allowed) throw rateLimitedError(decision, "Too many password reset requests");
  }
  const [account] = await deps.db
    .select({ id: accounts.id, name: accounts.name, email: accounts.email })
    .from(accounts)
    .where(and(eq(sql`lower(${accounts.email})`, email), isNull(accounts.deletedAt), eq(accounts.suspended, false)));
  if (!account?.email) return;
  const token = randomBytes(32).toString("base64url");
  await deps.db.insert(passwordResets).values({
    accountId: account.id,
    tokenHash: tokenHash(token),
    createdAt: now,
    expiresAt: new Date(now.getTime() + PASSWORD_RESET_MINUTES * 60_000),
  });
  const link = `${deps.env.PUBLIC_URL}/reset-password?token=${token}`;
  await deps.mailer.send({
    to: account.email,
    subject: "Reset your Streamkit password",
    text: [
      `Hello ${account.name},`,
      "",
      "Someone (hopefully you) asked to reset the password of your Streamkit account. To choose a new one, open:",
      "",
      link,
      "",
      `The link works once, for ${PASSWORD_RESET_MINUTES} minutes. If you did not ask, ignore this email: your password stays as it is.`,
    ].join("\n"),
  });
}

/** Spends a reset link (one UPDATE decides: of two uses, one wins) and sets the new password; every session ends, other links die. */
export async function resetPassword(deps: AppDeps, input: { token: string; newPassword: string }): Promise<void> {
  const now = deps.now();
  const passwordHash = await hashPassword(input.newPassword);
  await deps.db.transaction(async (tx) => {
    const [spent] = await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.tokenHash, tokenHash(input.token)), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now)))
      .returning({ accountId: passwordResets.accountId });
    if (!spent)
      throw badRequest("This reset link has expired or was already used. Ask for a new one.", [{ path: "token", message: "Expired or already used." }]);
    await tx
      .update(accounts)
      .set({ passwordHash, sessionsValidAfter: now })
      .where(and(eq(accounts.id, spent.accountId), isNull(accounts.deletedAt)));
    await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.accountId, spent.accountId), isNull(passwordResets.usedAt)));
  });
}

/**
 * Deletes the account: personal data erased (email freed for a new sign-up,
 * name "Deleted account", password, country and picture removed), API keys
 * and GitHub/Google links deleted, every session ended, its published
 * plugins withdrawn from the marketplace (their buyers keep downloading
 * them, docs/api.md#decisions-on-what-the-specification-leaves-open), its overlays deleted. Purchases and the ledger stay: money
 * records are kept. Refused while earnings are still owed to it (held in the
 * refund window or payable): nothing owed to an author is lost. Operators
 * lose their staff rights first (another operator, or `account set-staff --off`).
 */
export async function deleteAccount(deps: AppDeps, caller: AccountCaller, input: { confirmation: string }): Promise<void> {
  const now = deps.now();
  const account = caller.account;
  const hash = await passwordHashOf(deps.db, account.id);
  const confirmed = hash ? await verifyPassword(input.confirmation, hash) : input.confirmation.trim().toLowerCase() === (account.email ?? "").toLowerCase();
  if (!confirmed) {
    throw new AppError("validation_error", hash ? "That is not your password." : "Type your email address to confirm.", [
      { path: "confirmation", message: hash ? "Not your password." : "Not your email address." },
    ]);
  }
  if (account.staff) throw new AppError("forbidden", "Operators cannot delete their account: have your staff rights removed first.");
  const owed = (await balances(deps.db, now, account.id)).filter((balance) => balance.held + balance.payable > 0);
  if (owed.length > 0) {
    throw new AppError("conflict", "Earnings are still owed to you: they are paid out after the refund window. Delete the account once they are paid.", {
      owed: owed.map((balance) => ({ currency: balance.currency, amount: balance.held + balance.payable })),
    });
  }
  await deps.db.transaction(async (tx) => {
    await tx
      .update(plugins)
      .set({ status: "removed" })
      .where(and(eq(plugins.ownerId, account.id), eq(plugins.status, "published")));
    await tx.delete(apiKeys).where(eq(apiKeys.accountId, account.id));
    await tx.delete(authIdentities).where(eq(authIdentities.userId, account.id));
    await tx.delete(passwordResets).where(eq(passwordResets.accountId, account.id));
    await tx.delete(overlays).where(eq(overlays.accountId, account.id));
    await tx
      .update(accounts)
      .set({
        email: null,
        name: "Deleted account",
        passwordHash: null,
        country: null,
        image: null,
        emailVerified: null,
        deletedAt: now,
        sessionsValidAfter: now,
      })
      .where(eq(accounts.id, account.id));
  });
}
