import type { InventoryItemInfo, MarketItem } from "@streamkit/api-contract";
import { accounts, catalogItems, inventoryItems } from "@streamkit/db";
import { type PlanName, planAtLeast, plans } from "@streamkit/plans";
import { and, count, desc, eq, lt, or } from "drizzle-orm";
import type { AccountCaller } from "../shared/context";
import type { AppDeps } from "../shared/deps";
import { AppError, decodeCreatedCursor, encodeCreatedCursor, notFound } from "@streamkit/api-contract";
import { findMarketRow, itemColumns, toMarketItems } from "./market";

/**
 * A streamer's inventory (docs/api.md#operations, docs/api.md#limits): the market items (widgets,
 * predefined overlays, themes) an account holds, one row each — a theme is
 * one item, its members come with it and count once. The account's own
 * overlays are not inventory items (their own limit, overlays/overlays.ts).
 * `locked` is derived from the account's current plan on every request: a
 * downgrade locks, never deletes.
 */

/** The most demanding plan of items this plan may add or use (docs/api.md#limits: Free the free ones, Pro free and Pro, Ultimate all). */
const tierOf = (caller: AccountCaller) => plans[caller.account.plan].entitlements.marketplaceTier;
const allows = (caller: AccountCaller, plan: PlanName) => planAtLeast(tierOf(caller), plan);

function inventoryItem(item: MarketItem, row: { id: string; createdAt: Date }, caller: AccountCaller): InventoryItemInfo {
  return { ...item, id: row.id, locked: !allows(caller, item.plan), addedAt: row.createdAt.toISOString() };
}

const heldColumns = { ...itemColumns, heldId: inventoryItems.id, createdAt: inventoryItems.createdAt };

/** Held rows beside their market items: the inventory's own id, time added and lock. */
function held(caller: AccountCaller, rows: { heldId: string; createdAt: Date }[], items: MarketItem[]) {
  return rows.map((row, index) => inventoryItem(items[index]!, { id: row.heldId, createdAt: row.createdAt }, caller));
}

export async function listInventory(deps: AppDeps, caller: AccountCaller, query: { limit: number; cursor?: string | undefined }) {
  const after = query.cursor === undefined ? null : decodeCreatedCursor(query.cursor);
  const rows = await deps.db
    .select(heldColumns)
    .from(inventoryItems)
    .innerJoin(catalogItems, eq(catalogItems.id, inventoryItems.catalogItemId))
    .where(
      and(
        eq(inventoryItems.accountId, caller.account.id),
        after
          ? or(lt(inventoryItems.createdAt, after.createdAt), and(eq(inventoryItems.createdAt, after.createdAt), lt(inventoryItems.id, after.id)))
          : undefined,
      ),
    )
    .orderBy(desc(inventoryItems.createdAt), desc(inventoryItems.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const items = held(caller, page, await toMarketItems(deps, page));
  const last = page.at(-1);
  return { items, nextCursor: rows.length > query.limit && last ? encodeCreatedCursor({ createdAt: last.createdAt, id: last.heldId }) : null };
}

/**
 * Adds a market item the plan allows (403 plan_required with
 * details.requiredPlan otherwise). Decided by the database under the
 * account's row lock, as withinQuota decides every quota: what is already
 * held answers that item (`added: false`, 200) whatever the count; otherwise
 * at the plan's inventory size the answer is 403 limit_reached with
 * details.limit — after a downgrade an account over its size keeps
 * everything but adds nothing until it is under the size again.
 */
export async function addToInventory(deps: AppDeps, caller: AccountCaller, slug: string) {
  const row = await findMarketRow(deps.db, slug);
  if (!row) throw notFound(`No market item "${slug}".`);
  const plan = row.plan as PlanName;
  if (!allows(caller, plan))
    throw new AppError("plan_required", `"${row.name}" needs the ${plans[plan].title} plan; your plan is ${plans[caller.account.plan].title}.`, {
      requiredPlan: plan,
    });
  const limit = plans[caller.account.plan].entitlements.inventory;
  const outcome = await deps.db.transaction(async (tx) => {
    const [account] = await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, caller.account.id)).for("no key update");
    if (!account) throw notFound("No such account.");
    const where = and(eq(inventoryItems.accountId, caller.account.id), eq(inventoryItems.catalogItemId, row.id));
    const [existing] = await tx.select().from(inventoryItems).where(where);
    if (existing) return { held: existing, added: false };
    const [{ n }] = (await tx.select({ n: count() }).from(inventoryItems).where(eq(inventoryItems.accountId, caller.account.id))) as [{ n: number }];
    if (n >= limit)
      throw new AppError(
        "limit_reached",
        `Your ${plans[caller.account.plan].title} plan's inventory holds at most ${limit} items. Remove one, or upgrade for more.`,
        { limit },
      );
    const [inserted] = await tx.insert(inventoryItems).values({ accountId: caller.account.id, catalogItemId: row.id, createdAt: deps.now() }).returning();
    return { held: inserted!, added: true };
  });
  const [item] = await toMarketItems(deps, [row]);
  return { item: inventoryItem(item!, outcome.held, caller), added: outcome.added };
}

/** Whether the caller holds the market item `slug`: the website marks it on the item's page. */
export async function holdsItem(deps: AppDeps, caller: AccountCaller, slug: string): Promise<boolean> {
  const [row] = await deps.db
    .select({ id: inventoryItems.id })
    .from(inventoryItems)
    .innerJoin(catalogItems, eq(catalogItems.id, inventoryItems.catalogItemId))
    .where(and(eq(inventoryItems.accountId, caller.account.id), eq(catalogItems.slug, slug)))
    .limit(1);
  return row !== undefined;
}

/** Removes one of the caller's items, locked or not; another account's or an unknown one is 404. */
export async function removeFromInventory(deps: AppDeps, caller: AccountCaller, itemId: string) {
  const deleted = await deps.db
    .delete(inventoryItems)
    .where(and(eq(inventoryItems.id, itemId), eq(inventoryItems.accountId, caller.account.id)))
    .returning({ id: inventoryItems.id });
  if (deleted.length === 0) throw notFound("No such item in your inventory.");
}
