import type { MarketItem } from "@streamkit/api-contract";
import { plans } from "@streamkit/plans";
import Link from "next/link";
import type { ReactNode } from "react";
import styles from "./market.module.css";

const kindLabel = { widget: "Widget", overlay: "Overlay", theme: "Theme" } as const;

/** The item's preview as the API draws it (GET /api/v1/market/{slug}/preview), relative so it loads from this site. */
export const previewSrc = (slug: string) => `/api/v1/market/${encodeURIComponent(slug)}/preview`;

/** One market item as a card: its rendered preview, name, kind, plan and description; `children` below (actions, a lock). */
export function MarketCard({
  item,
  headingLevel = 2,
  children,
}: {
  item: Pick<MarketItem, "slug" | "name" | "itemKind" | "plan" | "preview"> & { description?: string };
  headingLevel?: 2 | 3;
  children?: ReactNode;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="panel catalog-card" data-testid="market-item">
      {/* biome-ignore lint/performance/noImgElement: the preview is the API's SVG image, drawn by the one renderer; next/image would not optimise it. */}
      <img
        src={previewSrc(item.slug)}
        alt={`Preview of ${item.name}`}
        width={item.preview.width}
        height={item.preview.height}
        loading="lazy"
        className="catalog-preview"
      />
      <div className="catalog-card-body">
        <Heading>
          <Link href={`/market/${encodeURIComponent(item.slug)}`}>{item.name}</Link>
        </Heading>
        <div className="meta-row">
          <span className={`badge ${styles.kind}`}>{kindLabel[item.itemKind]}</span>
          <span className="badge">{plans[item.plan].title}</span>
        </div>
        {item.description ? <p>{item.description}</p> : null}
        {children}
      </div>
    </article>
  );
}
