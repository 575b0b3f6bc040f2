import type { AnalyticsGranularity } from "@streamkit/api-contract";
import { sql } from "drizzle-orm";

/** The first day (YYYY-MM-DD) of the period holding a date or UTC timestamp column, as date_trunc makes it. */
export const periodSql = (granularity: AnalyticsGranularity, column: unknown) =>
  sql<string>`to_char(date_trunc(${granularity}, ${column}::timestamp), 'YYYY-MM-DD')`;
