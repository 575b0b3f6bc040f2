import { z } from "zod";
import { currencySchema } from "./currencies";
import { currencyCodeSchema, isoDateSchema, ratesSchema } from "./day";
import { FX_LIMITS } from "./limits";
import { parseAmount, parseCurrencyCode } from "./money";

/**
 * The docs/exchange-rates.md#endpoints-parameters-and-defaults response shapes, shared by the API (which serialises them and
 * generates OpenAPI from them) and the website (which reads them), plus the
 * building blocks for query parameters. Which defaults the endpoints use, and the
 * history range parameters, are the API's to decide and document.
 */

export { currencyCodeSchema, isoDateSchema, ratesSchema };

/** docs/api.md#exchange-rate-objects. When attribution is non-empty it must be shown, linked to url, wherever the numbers appear. */
export const providerSchema = z
  .object({
    name: z.string(),
    sources: z.array(z.string()),
    attribution: z.string(),
    url: z.string(),
  })
  .describe("Where the numbers come from");
export type Provider = z.infer<typeof providerSchema>;

export const latestResponseSchema = z.object({
  base: currencyCodeSchema,
  rates: ratesSchema,
  date: isoDateSchema,
  fetchedAt: z.iso.datetime().describe("When the service last read the feeds (ISO 8601, UTC)"),
  stale: z.boolean().describe("True when the feeds could not be read and older rates or the built-in table are served"),
  provider: providerSchema,
});
export type LatestResponse = z.infer<typeof latestResponseSchema>;

export const convertResponseSchema = z.object({
  from: currencyCodeSchema,
  to: currencyCodeSchema,
  amount: z.number(),
  result: z.number().describe("Rounded to the ISO 4217 minor units of `to`"),
  rate: z.number().positive().describe("Units of `to` one unit of `from` buys"),
  formatted: z.string().describe("`result` with the symbol of `to`, e.g. ₹8,312.50"),
  date: isoDateSchema,
  stale: z.boolean(),
  provider: providerSchema.pick({ name: true }),
});
export type ConvertResponse = z.infer<typeof convertResponseSchema>;

export const historyDaySchema = z.object({ date: isoDateSchema, rates: ratesSchema });
export const historyResponseSchema = z.object({
  base: currencyCodeSchema,
  from: isoDateSchema,
  to: isoDateSchema,
  days: z.array(historyDaySchema).max(FX_LIMITS.historyMaxDays).describe("Oldest first; only days the service kept"),
});
export type HistoryResponse = z.infer<typeof historyResponseSchema>;

export const currenciesResponseSchema = z.object({
  currencies: z.array(currencySchema).describe("Every currency with a rate today"),
  date: isoDateSchema,
});
export type CurrenciesResponse = z.infer<typeof currenciesResponseSchema>;

// ---- query parameter building blocks (strings in, typed values out) ----

/** A currency code as typed by a caller: trimmed, upper-cased, three letters. */
export const currencyCodeParamSchema = z.string().transform((raw, ctx) => {
  const code = parseCurrencyCode(raw);
  if (code === null) {
    ctx.addIssue({ code: "custom", message: "Not a currency code (three letters, e.g. USD)" });
    return z.NEVER;
  }
  return code;
});

/** "EUR,gbp, JPY" → ["EUR", "GBP", "JPY"] (duplicates removed, order kept). */
export const symbolsParamSchema = z.string().transform((raw, ctx) => {
  const parts = raw
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s !== "");
  const codes = parts.map(parseCurrencyCode);
  const bad = parts.filter((_, i) => codes[i] === null);
  if (bad.length > 0 || codes.length === 0) {
    ctx.addIssue({ code: "custom", message: `Not currency codes: ${bad.join(", ") || "(empty)"}` });
    return z.NEVER;
  }
  const unique = [...new Set(codes as string[])];
  if (unique.length > FX_LIMITS.maxSymbols) {
    ctx.addIssue({ code: "custom", message: `At most ${FX_LIMITS.maxSymbols} symbols` });
    return z.NEVER;
  }
  return unique;
});

/** An amount as typed by a caller: a finite decimal number within ±FX_LIMITS.maxAbsAmount. */
export const amountParamSchema = z.union([z.string(), z.number()]).transform((raw, ctx) => {
  const amount = parseAmount(raw);
  if (amount === null) {
    ctx.addIssue({ code: "custom", message: `Not a number within ±${FX_LIMITS.maxAbsAmount}` });
    return z.NEVER;
  }
  return amount;
});
