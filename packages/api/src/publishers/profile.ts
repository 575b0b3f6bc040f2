/**
 * GET /publishers/{handle}: a publisher's public page — name, verification
 * and what was verified, member since, and its published plugins a keyset
 * page at a time in the marketplace's order. A former handle answers with
 * the current one; an unknown handle, or a deleted account's, is 404.
 */
import { decodeCursor, encodeCursor, notFound, type PublisherPage, type PublisherPageQuery } from "@streamkit/api-contract";
import { accounts, type Db, inMarketplace, plugins, publisherDomains, publisherGrants, publisherHandles } from "@streamkit/db";
import { and, asc, desc, eq, isNotNull, isNull, type SQL, sql } from "drizzle-orm";
import type { Caller } from "../shared/context";
import { listingColumns, listingExtras, publisherJoin, toListing } from "../plugins";

export async function readPublisher(db: Db, caller: Caller, query: PublisherPageQuery, publicUrl: string): Promise<PublisherPage> {
  const handle = query.handle.trim().toLowerCase();
  const [owner] = await db
    .select({
      accountId: publisherHandles.accountId,
      name: accounts.name,
      official: accounts.official,
      verified: accounts.verified,
      createdAt: accounts.createdAt,
    })
    .from(publisherHandles)
    .innerJoin(accounts, eq(accounts.id, publisherHandles.accountId))
    .where(and(eq(publisherHandles.handle, handle), isNull(accounts.deletedAt)));
  if (!owner) throw notFound(`No publisher "${query.handle}".`);

  const conditions: SQL[] = [eq(plugins.ownerId, owner.accountId), inMarketplace];
  if (query.cursor) {
    const after = decodeCursor(query.cursor);
    conditions.push(sql`(${plugins.official}, ${plugins.downloads}, ${plugins.id}) < (${after.official}, ${after.downloads}, ${after.id}::uuid)`);
  }
  const [rows, domains, grants] = await Promise.all([
    db
      .select(listingColumns)
      .from(plugins)
      .innerJoin(accounts, eq(accounts.id, plugins.ownerId))
      .leftJoin(publisherHandles, publisherJoin)
      .where(and(...conditions))
      .orderBy(desc(plugins.official), desc(plugins.downloads), desc(plugins.id))
      .limit(query.limit + 1),
    db
      .select({ domain: publisherDomains.domain })
      .from(publisherDomains)
      .where(and(eq(publisherDomains.accountId, owner.accountId), isNotNull(publisherDomains.verifiedAt)))
      .orderBy(asc(publisherDomains.verifiedAt)),
    db.select({ accountId: publisherGrants.accountId }).from(publisherGrants).where(eq(publisherGrants.accountId, owner.accountId)),
  ]);
  const [current] = await db
    .select({ handle: publisherHandles.handle })
    .from(publisherHandles)
    .where(and(eq(publisherHandles.accountId, owner.accountId), eq(publisherHandles.current, true)));
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const extras = await listingExtras(db, caller, page);
  const canonical = current?.handle ?? handle;
  return {
    publisher: {
      handle: canonical,
      name: owner.name,
      kind: owner.official ? "official" : "user",
      verified: owner.verified,
      verification: { domains: domains.map((d) => d.domain), byOperator: grants.length > 0 },
      memberSince: owner.createdAt.toISOString(),
      url: `${publicUrl}/publishers/${canonical}`,
    },
    items: page.map((row) => toListing(row, caller, extras)),
    next: rows.length > query.limit && last ? encodeCursor({ official: last.plugin.official, downloads: last.plugin.downloads, id: last.plugin.id }) : null,
  };
}
