import { planAtLeast, plans } from "@streamkit/plans";
import type { Metadata } from "next";
import Link from "next/link";
import { ActionForm } from "@/components/commerce/action-form";
import { api } from "@/lib/server/api";
import { currentCaller } from "@/lib/server/auth";
import { orNotFound } from "@/lib/server/errors";
import { addToInventory } from "@/lib/server/inventory-actions";
import { MarketCard, previewSrc } from "../market-card";
import styles from "../market.module.css";

type Params = Promise<{ slug: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { slug } = await params;
  try {
    const { item } = await (await api()).market.get({ slug });
    return { title: `${item.name} · Market`, description: item.description };
  } catch {
    return { title: "Market" };
  }
}

const kindName = { widget: "widget", overlay: "overlay", theme: "theme" } as const;

/**
 * One market item: its preview, plan and description; a theme lists its
 * members with their previews and plans. "In your inventory" once held;
 * "Add to my inventory" when the account's plan allows it; otherwise the plan
 * that unlocks it, or "sign in". Anyone may read it, as GET /api/v1/market/{slug}.
 */
export default async function MarketItemPage({ params }: { params: Params }) {
  const { slug } = await params;
  const caller = await currentCaller();
  const { item } = await orNotFound((await api()).market.get({ slug }));
  const held = caller ? (await (await api()).inventory.holds({ slug: item.slug })).held : false;
  const plan = caller?.account.plan ?? null;
  const allowed = plan !== null && planAtLeast(plans[plan].entitlements.marketplaceTier, item.plan);
  return (
    <div className="container">
      <nav className="breadcrumbs" aria-label="Breadcrumbs">
        <Link href="/market">Market</Link> / {item.name}
      </nav>
      <div className={styles.detail}>
        {/* biome-ignore lint/performance/noImgElement: the preview is the API's SVG image, drawn by the one renderer; next/image would not optimise it. */}
        <img
          src={previewSrc(item.slug)}
          alt={`Preview of ${item.name}`}
          width={item.preview.width}
          height={item.preview.height}
          className={styles.detailPreview}
        />
        <section className="panel" aria-labelledby="item-title">
          <h1 id="item-title">{item.name}</h1>
          <div className="meta-row">
            <span className="badge">{item.itemKind === "theme" ? "Theme" : item.itemKind === "widget" ? "Widget" : "Overlay"}</span>
            <span className="badge" data-testid="item-plan">
              {plans[item.plan].title}
            </span>
            {item.canvas ? (
              <span>
                {item.canvas.width} × {item.canvas.height}
              </span>
            ) : null}
          </div>
          <p>{item.description}</p>
          {item.itemKind === "theme" ? (
            <p className="hint">
              A theme needs the plan of its most demanding part: {plans[item.plan].title}. It is one item in your inventory, with all its parts.
            </p>
          ) : null}
          {held ? (
            <p className="owned-mark" data-testid="in-inventory">
              In your inventory{allowed ? "" : ` — locked until you are on the ${plans[item.plan].title} plan`}.{" "}
              <Link href="/inventory">Open your inventory</Link>
            </p>
          ) : allowed ? (
            <ActionForm
              action={addToInventory}
              hidden={{ slug: item.slug }}
              submit="Add to my inventory"
              pendingText="Adding…"
              aria-label={`Add ${item.name} to my inventory`}
            />
          ) : (
            <p className="hint" data-testid="plan-gate" role="note">
              {plan === null ? (
                <>
                  <Link href={`/sign-in?next=${encodeURIComponent(`/market/${item.slug}`)}`}>Sign in</Link> to add this {kindName[item.itemKind]} to your
                  inventory
                  {item.plan === "free" ? "." : ` (it needs the ${plans[item.plan].title} plan).`}
                </>
              ) : (
                <>
                  Adding this {kindName[item.itemKind]} needs the {plans[item.plan].title} plan; yours is {plans[plan].title}.{" "}
                  <Link href="/plans">See the plans</Link> to unlock it.
                </>
              )}
            </p>
          )}
        </section>
      </div>
      {item.members ? (
        <section aria-labelledby="members-title">
          <h2 id="members-title">In this theme</h2>
          <ul className={styles.members} aria-label={`Items in ${item.name}`}>
            {item.members.map((member) => (
              <li key={member.slug}>
                <MarketCard item={member} headingLevel={3} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
