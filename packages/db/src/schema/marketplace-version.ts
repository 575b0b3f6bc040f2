import { sql } from "drizzle-orm";
import { bigint, check, pgTable, smallint } from "drizzle-orm/pg-core";

/**
 * One row: a counter that moves whenever what anonymous browsing shows
 * changes (GET /api/v1/plugins and /plugins/{slug}). Triggers bump it in the
 * same transaction as the change — any plugin column but `downloads`, any
 * plugin version, a publisher's name, badges or suspension (migration
 * 0008_marketplace_version.sql) — so every process sharing the database sees
 * a change the moment it commits, whoever wrote it (the API, the operator CLI,
 * a hand-made UPDATE). The REST core keeps anonymous answers per version
 * (packages/api/src/shared/marketplace-version.ts).
 */
export const marketplaceVersion = pgTable(
  "marketplace_version",
  {
    id: smallint("id").primaryKey().default(1),
    version: bigint("version", { mode: "number" }).notNull().default(0),
  },
  (t) => [check("marketplace_version_single_row", sql`${t.id} = 1`)],
);
