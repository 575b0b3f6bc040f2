import type { Listing } from "@streamkit/api-contract";
import { accounts, type Db, plugins, priceRequests } from "@streamkit/db";
import { priceOf, type PriceTier, priceTiers } from "@streamkit/plans";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { AccountCaller } from "../shared/context";
import type { AppDeps } from "../shared/deps";
import { AppError, notFound } from "@streamkit/api-contract";

type PriceRequestView = NonNullable<Listing["priceRequest"]>;

function toView(row: typeof priceRequests.$inferSelect): PriceRequestView {
  return { tier: row.tier as PriceTier, status: row.status as "pending" | "rejected", note: row.note, requestedAt: row.requestedAt.toISOString() };
}

/** The request each plugin's author still sees (pending or rejected), by plugin id. */
export async function openPriceRequests(db: Db, pluginIds: string[]): Promise<Map<string, PriceRequestView>> {
  if (pluginIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(priceRequests)
    .where(and(inArray(priceRequests.pluginId, pluginIds), inArray(priceRequests.status, ["pending", "rejected"])));
  return new Map(rows.map((row) => [row.pluginId, toView(row)]));
}

/**
 * PUT /plugins/:slug/price. A tier becomes a pending request (the price stays
 * until the operator approves); null makes the plugin free at once. Either
 * way the request the author saw before (pending or rejected) is withdrawn.
 * Asking for the current tier only withdraws: there is nothing to review.
 */
export async function setPrice(deps: AppDeps, caller: AccountCaller, slug: string, tier: PriceTier | null) {
  return deps.db.transaction(async (tx) => {
    const [plugin] = await tx.select().from(plugins).where(eq(plugins.slug, slug)).for("update");
    if (!plugin) throw notFound(`No plugin "${slug}" in the marketplace.`);
    if (plugin.ownerId !== caller.account.id) throw new AppError("forbidden", "Only the plugin's author can set its price.");
    const now = deps.now();
    // A rejected request keeps its decision time: the operator's list of decisions still shows it.
    await tx
      .update(priceRequests)
      .set({ status: "withdrawn", decidedAt: sql`coalesce(${priceRequests.decidedAt}, ${now.toISOString()}::timestamptz)` })
      .where(and(eq(priceRequests.pluginId, plugin.id), inArray(priceRequests.status, ["pending", "rejected"])));
    if (tier === null) {
      await tx.update(plugins).set({ priceTier: null, updatedAt: now }).where(eq(plugins.id, plugin.id));
      return { price: null };
    }
    const price = priceOf(plugin.priceTier as PriceTier | null);
    if (tier === plugin.priceTier) return { price };
    const [request] = await tx.insert(priceRequests).values({ pluginId: plugin.id, tier, requestedAt: now }).returning();
    return { price, priceRequest: toView(request!) };
  });
}

export interface PendingPriceRequest {
  slug: string;
  name: string;
  author: { id: string; name: string; email: string | null };
  current: { tier: PriceTier; INR: number; USD: number } | null;
  requested: { tier: PriceTier; INR: number; USD: number };
  requestedAt: string;
}

/** The operator's queue, oldest first. */
export async function pendingPriceRequests(db: Db): Promise<PendingPriceRequest[]> {
  const rows = await db
    .select({ request: priceRequests, plugin: plugins, author: { id: accounts.id, name: accounts.name, email: accounts.email } })
    .from(priceRequests)
    .innerJoin(plugins, eq(plugins.id, priceRequests.pluginId))
    .innerJoin(accounts, eq(accounts.id, plugins.ownerId))
    .where(eq(priceRequests.status, "pending"))
    .orderBy(asc(priceRequests.requestedAt));
  return rows.map(({ request, plugin, author }) => ({
    slug: plugin.slug,
    name: plugin.name,
    author,
    current: priceOf(plugin.priceTier as PriceTier | null),
    requested: { tier: request.tier as PriceTier, ...priceTiers[request.tier as PriceTier] },
    requestedAt: request.requestedAt.toISOString(),
  }));
}

/** Approval sets the price; rejection keeps the old one and tells the author why. */
export async function reviewPriceRequest(
  deps: AppDeps,
  input: { slug: string; decision: "approve" | "reject"; note?: string | null; reviewerId?: string | null },
) {
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ request: priceRequests, plugin: plugins })
      .from(priceRequests)
      .innerJoin(plugins, eq(plugins.id, priceRequests.pluginId))
      .where(and(eq(plugins.slug, input.slug), eq(priceRequests.status, "pending")))
      .for("update");
    if (!row) throw notFound(`No pending price request for "${input.slug}".`);
    // Four eyes on money: an operator who authored the plugin may not set its price (the CLI names no reviewer, so it cannot tell).
    if (input.decision === "approve" && input.reviewerId && input.reviewerId === row.plugin.ownerId) {
      throw new AppError("forbidden", "You cannot approve the price of your own plugin; another operator has to review it.");
    }
    const now = deps.now();
    const status = input.decision === "approve" ? "approved" : "rejected";
    await tx
      .update(priceRequests)
      .set({ status, note: input.decision === "reject" ? input.note?.trim() || null : null, decidedAt: now, decidedBy: input.reviewerId ?? null })
      .where(eq(priceRequests.id, row.request.id));
    let tier = row.plugin.priceTier as PriceTier | null;
    if (input.decision === "approve") {
      tier = row.request.tier as PriceTier;
      await tx.update(plugins).set({ priceTier: tier, updatedAt: now }).where(eq(plugins.id, row.plugin.id));
    }
    return { slug: input.slug, tier: row.request.tier, status, note: input.decision === "reject" ? input.note?.trim() || null : null, price: priceOf(tier) };
  });
}
