/**
 * A publisher's verification (docs/plugins.md#verified-publishers): domains
 * proved by a DNS TXT record or a well-known file, and operators' grants.
 * `accounts.verified` stays the one flag listings (and the name checks at
 * publish) read: every change here sets it again, in the same transaction,
 * from the account's verified domains and grant, with the account's row
 * locked first so two changes at once cannot leave it stale. Every change is
 * written to publisher_verification_events with who and when.
 */
import { randomBytes } from "node:crypto";
import { AppError, notFound, type PublisherDomainView, publisherLimits, VERIFY_FILE_PATH, VERIFY_PREFIX, VERIFY_TXT_LABEL } from "@streamkit/api-contract";
import {
  accounts,
  isUniqueViolation,
  type PublisherDomain,
  publisherDomains,
  publisherGrants,
  publisherVerificationEvents,
  type Queryable,
} from "@streamkit/db";
import { and, asc, count, eq, isNotNull, sql } from "drizzle-orm";
import type { AppDeps } from "../shared/deps";
import { hitLimit } from "../shared/limits/index";
import { rateLimitedError } from "../shared/limits/window";
import { checkDomain, checkSettingsOf } from "./domain-check";
import { parseDomain } from "./domain-names";

/** Who made a change: an operator or the publisher on the website, the operator CLI, or the service's recheck. */
export interface Actor {
  actorId: string | null;
  via: "website" | "cli" | "service";
}

type Tx = Parameters<Parameters<AppDeps["db"]["transaction"]>[0]>[0];

/** Locks the account's row: the verification changes of one account happen one after another. */
async function lockAccount(tx: Tx, accountId: string): Promise<void> {
  await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId)).for("update");
}

/** Sets accounts.verified from what stands now: a verified domain or an operator's grant. */
async function settleVerified(tx: Tx, accountId: string): Promise<boolean> {
  const [row] = await tx
    .update(accounts)
    .set({
      verified: sql`exists (select 1 from ${publisherDomains} where ${publisherDomains.accountId} = ${accountId} and ${publisherDomains.verifiedAt} is not null)
        or exists (select 1 from ${publisherGrants} where ${publisherGrants.accountId} = ${accountId})`,
    })
    .where(eq(accounts.id, accountId))
    .returning({ verified: accounts.verified });
  return row?.verified ?? false;
}

function record(
  tx: Tx,
  accountId: string,
  actor: Actor,
  action: (typeof publisherVerificationEvents.$inferInsert)["action"],
  fields: { domain?: string; note?: string | null },
  now: Date,
) {
  return tx
    .insert(publisherVerificationEvents)
    .values({ accountId, action, actorId: actor.actorId, via: actor.via, domain: fields.domain ?? null, note: fields.note ?? null, createdAt: now });
}

export function domainView(row: PublisherDomain): PublisherDomainView {
  const host = row.domain.replace(/:\d+$/, "");
  return {
    domain: row.domain,
    status: row.verifiedAt ? "verified" : row.lastProblem ? "failed" : "pending",
    value: `${VERIFY_PREFIX}${row.token}`,
    txtName: `${VERIFY_TXT_LABEL}.${host}`,
    fileUrl: `https://${row.domain}${VERIFY_FILE_PATH}`,
    method: row.method,
    verifiedAt: row.verifiedAt?.toISOString() ?? null,
    checkedAt: row.checkedAt?.toISOString() ?? null,
    problem: row.lastProblem,
  };
}

export async function listDomains(db: Queryable, accountId: string): Promise<PublisherDomainView[]> {
  const rows = await db
    .select()
    .from(publisherDomains)
    .where(eq(publisherDomains.accountId, accountId))
    .orderBy(asc(publisherDomains.createdAt), asc(publisherDomains.id));
  return rows.map(domainView);
}

/** A domain claimed by the account, with a fresh token to publish. Claiming it again answers the same claim. */
export async function addDomain(deps: AppDeps, accountId: string, input: string): Promise<PublisherDomainView> {
  const { domain } = parseDomain(input, deps.env.DOMAIN_CHECK_ALLOW_LOCAL === "on");
  return deps.db.transaction(async (tx) => {
    await lockAccount(tx, accountId);
    const [existing] = await tx
      .select()
      .from(publisherDomains)
      .where(and(eq(publisherDomains.accountId, accountId), eq(publisherDomains.domain, domain)));
    if (existing) return domainView(existing);
    const [{ value: claimed } = { value: 0 }] = await tx.select({ value: count() }).from(publisherDomains).where(eq(publisherDomains.accountId, accountId));
    if (claimed >= publisherLimits.maxDomainsPerAccount) {
      throw new AppError("limit_reached", `At most ${publisherLimits.maxDomainsPerAccount} domains per account; remove one first.`, {
        limit: publisherLimits.maxDomainsPerAccount,
      });
    }
    const [row] = await tx
      .insert(publisherDomains)
      .values({ accountId, domain, token: randomBytes(24).toString("base64url"), createdAt: deps.now() })
      .returning();
    return domainView(row!);
  });
}

async function ownDomain(db: Queryable, accountId: string, domain: string): Promise<PublisherDomain> {
  const [row] = await db
    .select()
    .from(publisherDomains)
    .where(and(eq(publisherDomains.accountId, accountId), eq(publisherDomains.domain, domain.trim().toLowerCase())));
  if (!row) throw notFound(`You have not added the domain "${domain}".`);
  return row;
}

/**
 * Checks one domain now and records the outcome. Success verifies it (unless
 * another account verified it first: 409 conflict); a failure of a verified
 * domain revokes it. The check itself runs outside any transaction: it may
 * take seconds.
 */
export async function runDomainCheck(deps: AppDeps, row: PublisherDomain, actor: Actor): Promise<PublisherDomainView> {
  const settings = checkSettingsOf(deps.env);
  const outcome = await checkDomain(parseDomain(row.domain, settings.allowLocal), `${VERIFY_PREFIX}${row.token}`, settings);
  const now = deps.now();
  try {
    return await deps.db.transaction(async (tx) => {
      await lockAccount(tx, row.accountId);
      const [current] = await tx.select().from(publisherDomains).where(eq(publisherDomains.id, row.id));
      if (!current) throw notFound(`The domain "${row.domain}" was removed meanwhile.`);
      const wasVerified = current.verifiedAt !== null;
      const [updated] = await tx
        .update(publisherDomains)
        .set(
          outcome.ok
            ? { verifiedAt: current.verifiedAt ?? now, method: outcome.method, checkedAt: now, lastProblem: null }
            : { verifiedAt: null, checkedAt: now, lastProblem: outcome.problem },
        )
        .where(eq(publisherDomains.id, row.id))
        .returning();
      if (outcome.ok && !wasVerified)
        await record(
          tx,
          row.accountId,
          actor,
          "domain_verified",
          { domain: row.domain, note: `by ${outcome.method === "dns" ? "DNS TXT record" : "well-known file"}` },
          now,
        );
      if (!outcome.ok && wasVerified) await record(tx, row.accountId, actor, "domain_revoked", { domain: row.domain, note: outcome.problem }, now);
      await settleVerified(tx, row.accountId);
      return domainView(updated!);
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new AppError("conflict", `Another publisher has verified "${row.domain}"; a domain is verified for one publisher at a time.`);
    throw error;
  }
}

/** The publisher's "Check now": counted against rateLimits.domainChecks. */
export async function checkOwnDomain(deps: AppDeps, accountId: string, domain: string): Promise<PublisherDomainView> {
  const row = await ownDomain(deps.db, accountId, domain);
  const decision = await hitLimit(deps, "domainChecks", accountId, deps.now());
  if (!decision.allowed) throw rateLimitedError(decision, "Too many domain checks");
  return runDomainCheck(deps, row, { actorId: accountId, via: "website" });
}

export async function removeDomain(deps: AppDeps, accountId: string, domain: string): Promise<void> {
  const row = await ownDomain(deps.db, accountId, domain);
  await deps.db.transaction(async (tx) => {
    await lockAccount(tx, accountId);
    const removed = await tx.delete(publisherDomains).where(eq(publisherDomains.id, row.id)).returning({ verifiedAt: publisherDomains.verifiedAt });
    if (removed[0]?.verifiedAt) await record(tx, accountId, { actorId: accountId, via: "website" }, "domain_removed", { domain: row.domain }, deps.now());
    await settleVerified(tx, accountId);
  });
}

/** An operator's grant, with a note; granting again replaces the note. */
export async function grantVerification(deps: AppDeps, accountId: string, note: string, actor: Actor): Promise<void> {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    await lockAccount(tx, accountId);
    await tx
      .insert(publisherGrants)
      .values({ accountId, grantedBy: actor.actorId, note, grantedAt: now })
      .onConflictDoUpdate({ target: publisherGrants.accountId, set: { grantedBy: actor.actorId, note, grantedAt: now } });
    await record(tx, accountId, actor, "grant", { note }, now);
    await settleVerified(tx, accountId);
  });
}

/** Ends an operator's grant (its verified domains, if any, still stand). Nothing granted: 404. */
export async function revokeVerification(deps: AppDeps, accountId: string, note: string, actor: Actor): Promise<boolean> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    await lockAccount(tx, accountId);
    const removed = await tx.delete(publisherGrants).where(eq(publisherGrants.accountId, accountId)).returning({ accountId: publisherGrants.accountId });
    if (removed.length === 0) throw notFound("That publisher has no verification granted by an operator.");
    await record(tx, accountId, actor, "revoke", { note }, now);
    return settleVerified(tx, accountId);
  });
}

/**
 * The operators' periodic recheck (`publisher recheck`): every verified
 * domain last checked before `olderThan`, oldest first, at most `limit`; one
 * that fails is revoked. Sequential: a few seconds each at worst.
 */
export async function recheckDomains(deps: AppDeps, olderThan: Date, limit: number) {
  const due = await deps.db
    .select()
    .from(publisherDomains)
    .where(
      and(
        isNotNull(publisherDomains.verifiedAt),
        sql`coalesce(${publisherDomains.checkedAt}, ${publisherDomains.verifiedAt}) < ${olderThan.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(asc(publisherDomains.checkedAt))
    .limit(limit);
  const results: { domain: string; status: PublisherDomainView["status"]; problem: string | null }[] = [];
  for (const row of due) {
    const view = await runDomainCheck(deps, row, { actorId: null, via: "service" });
    results.push({ domain: view.domain, status: view.status, problem: view.problem });
  }
  return results;
}
