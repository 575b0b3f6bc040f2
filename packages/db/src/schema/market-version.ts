import { sql } from "drizzle-orm";
import { bigint, check, pgTable, smallint } from "drizzle-orm/pg-core";

/**
 * One row: a counter that moves whenever what the market shows changes
 * (GET /api/v1/market, /market/{slug} and /market/{slug}/preview, and the
 * catalogue of predefined overlays): any change of `catalog_items` or
 * `theme_members` (migration 0028_market_version.sql). Triggers bump it in the
 * same transaction, at commit and once per transaction, so a release that
 * syncs the catalogue on start, the seed, or a hand-made UPDATE is seen by
 * every process sharing the database on its next request; a start that finds
 * the catalogue unchanged moves nothing. The REST core keeps the market's
 * answers per version (packages/api/src/market/market-version.ts).
 */
export const marketVersion = pgTable(
  "market_version",
  {
    id: smallint("id").primaryKey().default(1),
    version: bigint("version", { mode: "number" }).notNull().default(0),
  },
  (t) => [check("market_version_single_row", sql`${t.id} = 1`)],
);
