/**
 * The marketplace's version (the one-row counter that triggers bump in the
 * transaction of every change anonymous browsing shows; packages/db
 * marketplace_version), read fresh and shared as shared/database-version.ts
 * describes.
 */
import { marketplaceVersion } from "@streamkit/db";
import { databaseVersionOf } from "./database-version";

/** The shared reader of a database (one per process and database). */
export const marketplaceVersionOf = databaseVersionOf({
  table: marketplaceVersion,
  id: marketplaceVersion.id,
  version: marketplaceVersion.version,
  statement: "marketplace_version",
});
