import type { ItemKind, MarketItem, MarketQuery, ThemeMemberInfo } from "@streamkit/api-contract";
import { catalogItems, type Db, themeMembers, likePattern } from "@streamkit/db";
import { type OverlayDocument, renderPreviewSvg, renderThemeSvg, themeGrid } from "@streamkit/overlay";
import { type PlanName, planNames } from "@streamkit/plans";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { AppDeps } from "../shared/deps";
import { planOfRank, rankOf } from "../shared/plan-sql";

/**
 * The market (docs/api.md#operations, docs/api.md#limits, docs/api.md#versioning): widgets, predefined overlays and themes
 * from `catalog_items`. A theme's plan is computed in SQL from its members
 * (the most demanding), never stored, so filtering by plan and paging by
 * offset stay in one statement.
 */

/** A catalogue item's plan: its own, or for a theme the most demanding of its members' (the highest rank). */
// The outer row is named in full: inside the subquery a bare column would resolve to the member's.
export const effectivePlanSql = sql<string>`coalesce("catalog_items"."plan", (select ${planOfRank(sql`max(${rankOf(sql`m.plan`)})`)} from theme_members tm join catalog_items m on m.id = tm.member_id where tm.theme_id = "catalog_items"."id"), '${sql.raw(planNames[0])}')`;

const kindOrder = sql`case ${catalogItems.itemKind} when 'widget' then 0 when 'overlay' then 1 else 2 end`;

export const itemColumns = {
  id: catalogItems.id,
  slug: catalogItems.slug,
  itemKind: catalogItems.itemKind,
  name: catalogItems.name,
  description: catalogItems.description,
  plan: effectivePlanSql,
  document: catalogItems.document,
};

export interface ItemRow {
  id: string;
  slug: string;
  itemKind: string;
  name: string;
  description: string;
  plan: string;
  document: unknown;
}

export const previewUrl = (deps: AppDeps, slug: string) => `${deps.env.PUBLIC_URL}/api/v1/market/${encodeURIComponent(slug)}/preview`;

const member = alias(catalogItems, "member");

/** The members of these themes, in order, by theme id. */
async function membersOf(deps: AppDeps, themeIds: string[]): Promise<Map<string, ThemeMemberInfo[]>> {
  const byTheme = new Map<string, ThemeMemberInfo[]>();
  if (themeIds.length === 0) return byTheme;
  const rows = await deps.db
    .select({ themeId: themeMembers.themeId, slug: member.slug, name: member.name, itemKind: member.itemKind, plan: member.plan, document: member.document })
    .from(themeMembers)
    .innerJoin(member, eq(member.id, themeMembers.memberId))
    .where(inArray(themeMembers.themeId, themeIds))
    .orderBy(asc(themeMembers.themeId), asc(themeMembers.position));
  for (const row of rows) {
    const canvas = (row.document as OverlayDocument).canvas;
    const info: ThemeMemberInfo = {
      slug: row.slug,
      name: row.name,
      itemKind: row.itemKind as "widget" | "overlay",
      plan: row.plan as PlanName,
      preview: { url: previewUrl(deps, row.slug), type: "image/svg+xml", width: canvas.width, height: canvas.height },
    };
    byTheme.set(row.themeId, [...(byTheme.get(row.themeId) ?? []), info]);
  }
  return byTheme;
}

/** Catalogue rows as market items, a theme with its members (one query for all the themes among them). */
export async function toMarketItems(deps: AppDeps, rows: ItemRow[]): Promise<MarketItem[]> {
  const members = await membersOf(
    deps,
    rows.filter((row) => row.itemKind === "theme").map((row) => row.id),
  );
  return rows.map((row) => {
    const kind = row.itemKind as ItemKind;
    const base = { itemKind: kind, slug: row.slug, name: row.name, description: row.description, plan: row.plan as PlanName };
    if (kind === "theme") {
      const list = members.get(row.id) ?? [];
      const grid = themeGrid(list.length);
      return {
        ...base,
        canvas: null,
        preview: { url: previewUrl(deps, row.slug), type: "image/svg+xml", width: grid.width, height: grid.height },
        members: list,
      };
    }
    const canvas = (row.document as OverlayDocument).canvas;
    return { ...base, canvas, preview: { url: previewUrl(deps, row.slug), type: "image/svg+xml", width: canvas.width, height: canvas.height } };
  });
}

/** One page of the market: widgets, then overlays, then themes, each in catalogue order; nextOffset null at the end. */
export async function listMarket(deps: AppDeps, query: MarketQuery) {
  const pattern = query.q ? likePattern(query.q) : null;
  const rows = await deps.db
    .select(itemColumns)
    .from(catalogItems)
    .where(
      and(
        query.itemKind ? eq(catalogItems.itemKind, query.itemKind) : undefined,
        query.plan ? sql`${effectivePlanSql} = ${query.plan}` : undefined,
        pattern
          ? sql`(${catalogItems.name} ilike ${pattern} or ${catalogItems.slug} ilike ${pattern} or ${catalogItems.description} ilike ${pattern})`
          : undefined,
      ),
    )
    .orderBy(kindOrder, asc(catalogItems.position), asc(catalogItems.slug))
    .limit(query.limit + 1)
    .offset(query.offset);
  const more = rows.length > query.limit;
  return { items: await toMarketItems(deps, rows.slice(0, query.limit)), nextOffset: more ? query.offset + query.limit : null };
}

/** A catalogue row by slug (any kind), or null. */
export async function findMarketRow(db: Db, slug: string): Promise<ItemRow | null> {
  if (slug.length > 100) return null;
  const [row] = await db.select(itemColumns).from(catalogItems).where(eq(catalogItems.slug, slug));
  return row ?? null;
}

export async function getMarketItem(deps: AppDeps, slug: string): Promise<MarketItem | null> {
  const row = await findMarketRow(deps.db, slug);
  return row ? (await toMarketItems(deps, [row]))[0]! : null;
}

/** The item's preview SVG, still, drawn by the one renderer; a theme's is a grid of its members. Null for an unknown slug. */
export async function marketPreviewSvg(db: Db, slug: string): Promise<string | null> {
  const row = await findMarketRow(db, slug);
  if (!row) return null;
  if (row.itemKind !== "theme") return renderPreviewSvg(row.document as OverlayDocument);
  const members = await db
    .select({ document: member.document })
    .from(themeMembers)
    .innerJoin(member, eq(member.id, themeMembers.memberId))
    .where(eq(themeMembers.themeId, row.id))
    .orderBy(asc(themeMembers.position));
  return renderThemeSvg(members.map((m) => m.document as OverlayDocument));
}
