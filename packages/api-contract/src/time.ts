import { z } from "zod";

/** ISO 8601 in UTC with milliseconds, e.g. 2026-11-22T04:42:30.462Z — the only timestamp format of the API. */
export const isoTimestamp = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/)
  .meta({ description: "ISO 8601 timestamp in UTC with milliseconds.", example: "2026-11-22T04:42:30.462Z", format: "date-time" });

export function toIso(date: Date): string {
  return date.toISOString();
}
