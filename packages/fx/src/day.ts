import { z } from "zod";

/**
 * The two shapes rates travel in: what one feed said for one day (SourceDay), and
 * the blend of all feeds for one day (BlendedDay, the row the API stores per day).
 * In both, rates[X] is how many units of X one unit of the base buys (docs/exchange-rates.md#endpoints-parameters-and-defaults rule 1),
 * and the base itself is present with the value 1.
 */

export const isoDateSchema = z.iso.date().describe("A calendar day, YYYY-MM-DD (UTC)");
export const currencyCodeSchema = z
  .string()
  .regex(/^[A-Z]{3}$/)
  .describe("ISO 4217 alphabetic code, e.g. USD");
export const ratesSchema = z.record(currencyCodeSchema, z.number().positive()).describe("Currency code → units of that currency one unit of the base buys");

export const sourceIdSchema = z.string().regex(/^[a-z0-9-]+$/);
export type SourceId = z.infer<typeof sourceIdSchema>;

export const sourceDaySchema = z.object({
  source: sourceIdSchema,
  date: isoDateSchema,
  base: currencyCodeSchema,
  rates: ratesSchema,
});
export type SourceDay = z.infer<typeof sourceDaySchema>;

export const blendedDaySchema = z.object({
  date: isoDateSchema,
  pivot: z.literal("USD"),
  rates: ratesSchema,
  /** Which sources' values were used for each rate (after outliers were dropped). */
  contributors: z.record(currencyCodeSchema, z.array(sourceIdSchema)),
  /** Sources that contributed at least one rate, in priority order. */
  sources: z.array(sourceIdSchema),
});
export type BlendedDay = z.infer<typeof blendedDaySchema>;

/** The UTC calendar day of an instant. */
export function utcDate(instant: Date): string {
  return instant.toISOString().slice(0, 10);
}

/** Whole days from a to b (b − a), both YYYY-MM-DD. */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

export function isIsoDate(value: string): boolean {
  return isoDateSchema.safeParse(value).success;
}
