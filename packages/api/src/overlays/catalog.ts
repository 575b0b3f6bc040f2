import type { catalogQuerySchema } from "@streamkit/api-contract";
import { catalogItems, type Db } from "@streamkit/db";
import { type OverlayDocument, predefinedOverlays } from "@streamkit/overlay";
import type { PlanName } from "@streamkit/plans";
import { and, asc, eq, sql } from "drizzle-orm";
import type { z } from "zod";

/**
 * The predefined catalogue (docs/api.md#operations): the overlays of packages/overlay,
 * kept in the database so lists page in SQL and forks copy in one
 * transaction. Every start upserts them by slug, so a release that improves
 * an overlay reaches every deployment; forks already made keep their copy.
 */
export async function syncPredefinedCatalogue(db: Db): Promise<void> {
  if (predefinedOverlays.length === 0) return;
  await db
    .insert(catalogItems)
    .values(
      predefinedOverlays.map((overlay, position) => ({
        slug: overlay.slug,
        itemKind: "overlay",
        name: overlay.name,
        description: overlay.description,
        plan: overlay.plan,
        document: overlay.document,
        position,
      })),
    )
    .onConflictDoUpdate({
      target: catalogItems.slug,
      set: {
        name: sql`excluded.name`,
        description: sql`excluded.description`,
        plan: sql`excluded.plan`,
        document: sql`excluded.document`,
        position: sql`excluded.position`,
        itemKind: sql`excluded.item_kind`,
      },
    });
}

export interface CatalogOverlay {
  slug: string;
  name: string;
  description: string;
  plan: PlanName;
  document: OverlayDocument;
}

const overlayColumns = {
  slug: catalogItems.slug,
  name: catalogItems.name,
  description: catalogItems.description,
  plan: catalogItems.plan,
  document: catalogItems.document,
};

type Row = { slug: string; name: string; description: string; plan: string | null; document: unknown };
const asOverlay = (row: Row): CatalogOverlay => ({ ...row, plan: row.plan as PlanName, document: row.document as OverlayDocument });

/** A predefined overlay by slug, or null. */
export async function findCatalogOverlay(db: Db, slug: string): Promise<CatalogOverlay | null> {
  const [row] = await db
    .select(overlayColumns)
    .from(catalogItems)
    .where(and(eq(catalogItems.slug, slug), eq(catalogItems.itemKind, "overlay")));
  return row ? asOverlay(row) : null;
}

/** One page of the catalogue's overlays in catalogue order, and the offset of the next (null at the end). */
export async function listCatalogOverlays(db: Db, query: z.infer<typeof catalogQuerySchema>) {
  const rows = await db
    .select(overlayColumns)
    .from(catalogItems)
    .where(eq(catalogItems.itemKind, "overlay"))
    .orderBy(asc(catalogItems.position), asc(catalogItems.slug))
    .limit(query.limit + 1)
    .offset(query.offset);
  const more = rows.length > query.limit;
  return { items: rows.slice(0, query.limit).map(asOverlay), nextOffset: more ? query.offset + query.limit : null };
}
