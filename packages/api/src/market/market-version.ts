/**
 * The market's version (packages/db market_version: bumped by triggers in
 * the transaction of any change of the catalogue's items or a theme's
 * members), read fresh and shared as shared/database-version.ts describes.
 * The REST core keeps GET /market and /market/{slug} per this version, and
 * the preview route its images.
 */
import { marketVersion } from "@streamkit/db";
import { databaseVersionOf } from "../shared/database-version";

/** The shared reader of a database (one per process and database). */
export const marketVersionOf = databaseVersionOf({
  table: marketVersion,
  id: marketVersion.id,
  version: marketVersion.version,
  statement: "market_version",
});
