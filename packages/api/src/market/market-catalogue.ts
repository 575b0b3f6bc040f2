import { catalogItems, type Db, themeMembers } from "@streamkit/db";
import { marketThemes, marketWidgets } from "@streamkit/overlay";
import { and, eq, inArray, notInArray, sql } from "drizzle-orm";

const upsertSet = {
  name: sql`excluded.name`,
  description: sql`excluded.description`,
  plan: sql`excluded.plan`,
  document: sql`excluded.document`,
  position: sql`excluded.position`,
  itemKind: sql`excluded.item_kind`,
};

/**
 * The market's widgets and themes (packages/overlay widgets.ts, themes.ts),
 * brought up to date on every start after the predefined overlays
 * (syncPredefinedCatalogue), like them idempotent by slug. In one
 * transaction: widgets and themes upserted, then each theme's members
 * upserted with their positions and any member no longer listed removed, so
 * two processes starting together converge on the same rows. A theme's plan
 * stays null (computed from its members on every read).
 */
export async function syncMarketCatalogue(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    if (marketWidgets.length > 0) {
      await tx
        .insert(catalogItems)
        .values(
          marketWidgets.map((widget, position) => ({
            slug: widget.slug,
            itemKind: "widget",
            name: widget.name,
            description: widget.description,
            plan: widget.plan,
            document: widget.document,
            position,
          })),
        )
        .onConflictDoUpdate({ target: catalogItems.slug, set: upsertSet });
    }
    if (marketThemes.length === 0) return;
    const themes = await tx
      .insert(catalogItems)
      .values(
        marketThemes.map((theme, position) => ({
          slug: theme.slug,
          itemKind: "theme",
          name: theme.name,
          description: theme.description,
          plan: null,
          document: null,
          position,
        })),
      )
      .onConflictDoUpdate({ target: catalogItems.slug, set: upsertSet })
      .returning({ id: catalogItems.id, slug: catalogItems.slug });
    const memberSlugs = [...new Set(marketThemes.flatMap((theme) => theme.members))];
    const members = await tx.select({ id: catalogItems.id, slug: catalogItems.slug }).from(catalogItems).where(inArray(catalogItems.slug, memberSlugs));
    const idOf = new Map([...themes, ...members].map((row) => [row.slug, row.id]));
    for (const theme of marketThemes) {
      const themeId = idOf.get(theme.slug)!;
      const memberIds = theme.members.map((slug) => {
        const id = idOf.get(slug);
        if (!id) throw new Error(`Theme "${theme.slug}" names "${slug}", which is not in the catalogue.`);
        return id;
      });
      await tx
        .insert(themeMembers)
        .values(memberIds.map((memberId, position) => ({ themeId, memberId, position })))
        .onConflictDoUpdate({ target: [themeMembers.themeId, themeMembers.memberId], set: { position: sql`excluded.position` } });
      await tx.delete(themeMembers).where(and(eq(themeMembers.themeId, themeId), notInArray(themeMembers.memberId, memberIds)));
    }
  });
}
