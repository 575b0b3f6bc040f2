import type { DecidedPriceRequest } from "@streamkit/api-contract";
import { adminPaging } from "@streamkit/api-contract";
import { accounts, type Db, plugins, priceRequests } from "@streamkit/db";
import type { PriceTier } from "@streamkit/plans";
import { and, desc, eq, inArray, isNotNull, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";

const reviewers = alias(accounts, "reviewers");

/**
 * The price requests the operator decided, latest decision first: approved,
 * rejected, and rejected ones the author has since replaced (asking again or
 * making the plugin free withdraws a rejected request; it keeps its reviewer,
 * note and decision time). A rejection made with the operator CLI without a
 * note, later replaced by the author, carries no mark of the decision and is
 * not listed.
 */
export async function decidedPriceRequests(db: Db, limit: number = adminPaging.decidedPriceRequests): Promise<DecidedPriceRequest[]> {
  const rows = await db
    .select({
      request: priceRequests,
      plugin: { slug: plugins.slug, name: plugins.name },
      author: { id: accounts.id, name: accounts.name, email: accounts.email },
      reviewer: { id: reviewers.id, name: reviewers.name, email: reviewers.email },
    })
    .from(priceRequests)
    .innerJoin(plugins, eq(plugins.id, priceRequests.pluginId))
    .innerJoin(accounts, eq(accounts.id, plugins.ownerId))
    .leftJoin(reviewers, eq(reviewers.id, priceRequests.decidedBy))
    .where(
      or(
        inArray(priceRequests.status, ["approved", "rejected"]),
        and(eq(priceRequests.status, "withdrawn"), or(isNotNull(priceRequests.decidedBy), isNotNull(priceRequests.note))),
      ),
    )
    .orderBy(sql`${priceRequests.decidedAt} desc nulls last`, desc(priceRequests.id))
    .limit(limit);
  return rows.map(({ request, plugin, author, reviewer }) => ({
    id: request.id,
    slug: plugin.slug,
    name: plugin.name,
    author,
    tier: request.tier as PriceTier,
    outcome: request.status === "approved" ? "approved" : "rejected",
    superseded: request.status === "withdrawn",
    note: request.note,
    requestedAt: request.requestedAt.toISOString(),
    decidedAt: request.decidedAt?.toISOString() ?? null,
    decidedBy: reviewer?.id ? reviewer : null,
  }));
}
