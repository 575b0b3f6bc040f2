/**
 * The operators' side of verification, for /admin/publishers and the CLI's
 * `publisher grant|revoke|recheck|list`: find a publisher by handle or email,
 * list who is verified and why, and the latest changes with who made them.
 */
import { notFound, type VerificationEvent, type VerifiedPublisher } from "@streamkit/api-contract";
import { accounts, type Db, publisherDomains, publisherGrants, publisherHandles, publisherVerificationEvents } from "@streamkit/db";
import { and, desc, eq, inArray, isNotNull, isNull, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { ensureHandle } from "./handles";

const EVENTS_SHOWN = 50;

/** The account a handle (current or former) or an email address names; it gets a handle if it has none, so its page exists. */
export async function findPublisher(db: Db, ref: string): Promise<{ accountId: string; handle: string; name: string }> {
  const text = ref.trim().toLowerCase();
  const [row] = text.includes("@")
    ? await db
        .select({ accountId: accounts.id, name: accounts.name })
        .from(accounts)
        .where(and(sql`lower(${accounts.email}) = ${text}`, isNull(accounts.deletedAt)))
    : await db
        .select({ accountId: accounts.id, name: accounts.name })
        .from(publisherHandles)
        .innerJoin(accounts, eq(accounts.id, publisherHandles.accountId))
        .where(and(eq(publisherHandles.handle, text), isNull(accounts.deletedAt)));
  if (!row) throw notFound(text.includes("@") ? `No account with the email ${ref.trim()}.` : `No publisher with the handle "${ref.trim()}".`);
  return { ...row, handle: await ensureHandle(db, row.accountId) };
}

const actorAccount = alias(accounts, "actor");

export async function verificationOverview(db: Db): Promise<{ verified: VerifiedPublisher[]; events: VerificationEvent[] }> {
  const current = and(eq(publisherHandles.accountId, accounts.id), eq(publisherHandles.current, true));
  const [grants, domains, events] = await Promise.all([
    db
      .select({
        accountId: publisherGrants.accountId,
        grantedAt: publisherGrants.grantedAt,
        note: publisherGrants.note,
        by: actorAccount.name,
        byEmail: actorAccount.email,
      })
      .from(publisherGrants)
      .leftJoin(actorAccount, eq(actorAccount.id, publisherGrants.grantedBy)),
    db
      .select({
        accountId: publisherDomains.accountId,
        domain: publisherDomains.domain,
        method: publisherDomains.method,
        verifiedAt: publisherDomains.verifiedAt,
        checkedAt: publisherDomains.checkedAt,
      })
      .from(publisherDomains)
      .where(isNotNull(publisherDomains.verifiedAt)),
    db
      .select({
        id: publisherVerificationEvents.id,
        handle: publisherHandles.handle,
        name: accounts.name,
        action: publisherVerificationEvents.action,
        domain: publisherVerificationEvents.domain,
        actorId: publisherVerificationEvents.actorId,
        accountId: publisherVerificationEvents.accountId,
        actorName: actorAccount.name,
        actorEmail: actorAccount.email,
        via: publisherVerificationEvents.via,
        note: publisherVerificationEvents.note,
        createdAt: publisherVerificationEvents.createdAt,
      })
      .from(publisherVerificationEvents)
      .innerJoin(accounts, eq(accounts.id, publisherVerificationEvents.accountId))
      .leftJoin(publisherHandles, current)
      .leftJoin(actorAccount, eq(actorAccount.id, publisherVerificationEvents.actorId))
      .orderBy(desc(publisherVerificationEvents.createdAt), desc(publisherVerificationEvents.id))
      .limit(EVENTS_SHOWN),
  ]);
  const ids = [...new Set([...grants.map((g) => g.accountId), ...domains.map((d) => d.accountId)])];
  const people = ids.length
    ? await db
        .select({ id: accounts.id, name: accounts.name, email: accounts.email, handle: publisherHandles.handle })
        .from(accounts)
        .leftJoin(publisherHandles, current)
        .where(or(inArray(accounts.id, ids)))
        .orderBy(accounts.name)
    : [];
  const verified = people.map((person): VerifiedPublisher => {
    const grant = grants.find((g) => g.accountId === person.id);
    return {
      accountId: person.id,
      handle: person.handle,
      name: person.name,
      email: person.email,
      grant: grant
        ? { grantedAt: grant.grantedAt.toISOString(), grantedBy: grant.by ? `${grant.by} <${grant.byEmail ?? "no email"}>` : "operator CLI", note: grant.note }
        : null,
      domains: domains
        .filter((d) => d.accountId === person.id)
        .map((d) => ({ domain: d.domain, method: d.method, verifiedAt: d.verifiedAt!.toISOString(), checkedAt: d.checkedAt?.toISOString() ?? null })),
    };
  });
  return {
    verified,
    events: events.map((e) => ({
      id: e.id,
      handle: e.handle,
      name: e.name,
      action: e.action,
      domain: e.domain,
      actor:
        e.via === "service"
          ? "the service"
          : e.via === "cli"
            ? "operator CLI"
            : e.actorId === e.accountId
              ? "the publisher"
              : `${e.actorName ?? "a former operator"} <${e.actorEmail ?? "no email"}>`,
      via: e.via,
      note: e.note,
      createdAt: e.createdAt.toISOString(),
    })),
  };
}
