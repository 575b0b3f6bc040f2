import type { InventoryItemInfo } from "@streamkit/api-contract";
import { plans } from "@streamkit/plans";
import type { Metadata } from "next";
import Link from "next/link";
import { ActionForm } from "@/components/commerce/action-form";
import { readAllPages } from "@/lib/server/all-pages";
import { api } from "@/lib/server/api";
import { requireCaller } from "@/lib/server/auth";
import { removeFromInventory } from "@/lib/server/inventory-actions";
import { MarketCard } from "../market/market-card";
import styles from "../market/market.module.css";

export const metadata: Metadata = { title: "My inventory" };

/**
 * What the account holds from the market: each item with its preview; one
 * the current plan no longer allows is flagged locked with the plan that
 * unlocks it (kept, never deleted); Remove for any of them.
 */
export default async function InventoryPage() {
  const caller = await requireCaller("/inventory");
  const plan = caller.account.plan;
  const size = plans[plan].entitlements.inventory;
  const inventory = (await api()).inventory;
  // At most the largest plan's size: ten pages of 100.
  const items: InventoryItemInfo[] = await readAllPages((input) => inventory.list(input), 10);
  return (
    <div className="container">
      <div className="page-head">
        <div>
          <h1>My inventory</h1>
          <p>
            {items.length} of {size} items on your {plans[plan].title} plan. Your own overlays are separate (<Link href="/overlays">My overlays</Link>).
          </p>
        </div>
        <Link href="/market" className="button secondary">
          Browse the market
        </Link>
      </div>
      {items.length > size ? (
        <p className="panel plan-prompt" role="note">
          You hold more than your plan's {size} items: nothing was removed, but adding waits until you are under {size}.
        </p>
      ) : null}
      {items.length === 0 ? (
        <div className="empty">
          <p>Nothing here yet.</p>
          <Link href="/market" className="button">
            Find widgets, overlays and themes
          </Link>
        </div>
      ) : (
        <ul className="catalog-grid" aria-label="Inventory items">
          {items.map((item) => (
            <li key={item.id} data-testid="inventory-item">
              <MarketCard item={item}>
                {item.locked ? (
                  <p className="hint" data-testid="locked">
                    <span className={`badge ${styles.locked}`}>Locked</span> Needs the {plans[item.plan].title} plan: <Link href="/plans">see plans</Link>.
                  </p>
                ) : null}
                {item.members ? <p className="hint">With {item.members.map((member) => member.name).join(", ")}.</p> : null}
                <ActionForm
                  action={removeFromInventory}
                  hidden={{ id: item.id, name: item.name }}
                  submit="Remove"
                  pendingText="Removing…"
                  submitClassName="button secondary small"
                  aria-label={`Remove ${item.name} from my inventory`}
                />
              </MarketCard>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
