import { amountParamSchema, currencyCodeParamSchema, FX_LIMITS, symbolsParamSchema } from "@streamkit/fx";
import { z } from "zod";
import { FX_SERVICE } from "./config";

/**
 * Query parameters of the exchange-rate endpoints, with their defaults (the
 * the specification leaves them to us; docs/exchange-rates.md lists them).
 * Codes are read case-insensitively ("usd" is USD). Anything that is not a
 * currency code, a number or a date answers 400 bad_request listing every
 * problem; a well-formed code with no rate today answers 404 not_found.
 */

const code = (description: string) => currencyCodeParamSchema.meta({ description });

const base = code(`The currency the rates are quoted against: \`rates[X]\` is how many X one unit of it buys. Default ${FX_SERVICE.defaultBase}.`)
  .optional()
  .default(FX_SERVICE.defaultBase);

const symbols = symbolsParamSchema
  .meta({
    description: `Comma-separated currency codes to include, at most ${FX_LIMITS.maxSymbols} (e.g. \`EUR,GBP,JPY\`). Default: every currency with a rate.`,
  })
  .optional();

export const latestQuerySchema = z.object({ base, symbols });

export const convertQuerySchema = z.object({
  from: code("The currency of `amount` (required)."),
  to: code("The currency to convert into (required)."),
  amount: amountParamSchema
    .meta({ description: `The amount of \`from\`, a decimal number (e.g. \`100\`, \`-2.5\`, \`1e3\`) within ±${FX_LIMITS.maxAbsAmount}. Default 1.` })
    .optional()
    .default(1),
});

const isoDate = (description: string) => z.iso.date({ message: "Expected a calendar date as YYYY-MM-DD" }).meta({ description });

export const historyQuerySchema = z.object({
  base,
  symbols,
  from: isoDate("First day of the range, YYYY-MM-DD (UTC). Default: `to` − (`days` − 1).").optional(),
  to: isoDate("Last day of the range, YYYY-MM-DD (UTC). Default: the date of the current rates (as in /fx/latest).").optional(),
  days: z.coerce
    .number()
    .int()
    .min(1)
    .max(FX_LIMITS.historyMaxDays)
    .meta({
      description: `Length of the range in days, 1 to ${FX_LIMITS.historyMaxDays}. Default ${FX_SERVICE.historyDefaultDays} when neither \`from\` nor both dates are given. Give at most two of \`from\`, \`to\` and \`days\`.`,
    })
    .optional(),
});

export const noQuerySchema = z.object({});
