import { z } from "zod";
import { saleCurrencySchema } from "./commerce";

/**
 * Authors' analytics of one plugin (docs/analytics.md): downloads, sales and
 * refunds over a chosen range of UTC days, read from daily roll-ups. The
 * range is bounded so that one request's work is bounded too.
 */
export const analyticsLimits = {
  /** The most UTC days one request may cover, both ends included (a leap year). */
  maxRangeDays: 366,
} as const;

export const analyticsGranularities = ["day", "week", "month"] as const;
export type AnalyticsGranularity = (typeof analyticsGranularities)[number];

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A UTC calendar day, YYYY-MM-DD, that exists. */
export const utcDaySchema = z
  .string()
  .regex(DAY, "A day is written YYYY-MM-DD.")
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), "No such day.")
  .meta({ description: "A UTC calendar day, YYYY-MM-DD.", example: "2026-11-28", format: "date" });

/** Days from `from` to `to`, both included. */
export function daysInRange(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

export const analyticsQuerySchema = z
  .object({
    slug: z.string().max(100),
    from: utcDaySchema.meta({ description: "The first UTC day, included." }),
    to: utcDaySchema.meta({ description: `The last UTC day, included; at most ${analyticsLimits.maxRangeDays} days after \`from\` counting both.` }),
    granularity: z
      .enum(analyticsGranularities)
      .default("day")
      .meta({ description: "Periods of one UTC day, one ISO week (from Monday) or one calendar month; a period is named by its first day." }),
  })
  .superRefine((value, ctx) => {
    if (!DAY.test(value.from) || !DAY.test(value.to)) return;
    const days = daysInRange(value.from, value.to);
    if (days < 1) ctx.addIssue({ code: "custom", path: ["to"], message: "`to` comes before `from`." });
    else if (days > analyticsLimits.maxRangeDays)
      ctx.addIssue({ code: "custom", path: ["to"], message: `The range covers ${days} days; at most ${analyticsLimits.maxRangeDays} per request.` });
  });
export type AnalyticsQuery = z.infer<typeof analyticsQuerySchema>;

const count = z.number().int().nonnegative();
const minorUnits = z.number().int().meta({ description: "Integer minor units (paise, cents) of `currency`." });

export const analyticsMoneySchema = z
  .object({
    currency: saleCurrencySchema,
    sales: count.meta({ description: "Purchases paid in the period." }),
    gross: minorUnits.meta({ description: "What buyers paid in the period, in minor units." }),
    share: minorUnits.meta({ description: "The author's part of those sales, in minor units." }),
    refunds: count.meta({ description: "Purchases refunded in the period (whenever they were paid)." }),
    refundedGross: minorUnits.meta({ description: "What went back to buyers in the period, positive." }),
    refundedShare: minorUnits.meta({ description: "The author's part taken back in the period, positive." }),
    earned: minorUnits.meta({ description: "share − refundedShare: the sales view's `earned` over the same days." }),
  })
  .meta({ id: "AnalyticsMoney" });

export const analyticsPeriodSchema = z
  .object({
    period: utcDaySchema.meta({ description: "The period's first UTC day." }),
    downloads: count,
    money: z.array(analyticsMoneySchema).meta({ description: "One entry per currency with a sale or refund in the period." }),
  })
  .meta({ id: "AnalyticsPeriod" });

/** Reviews over time (docs/analytics.md#reviews): every period of the range. */
export const analyticsReviewsSchema = z
  .array(
    z.object({
      period: utcDaySchema,
      reviews: count.meta({ description: "Visible reviews first written in the period (UTC days; edits do not move a review)." }),
      averageRating: z.number().nullable().meta({ description: "Their average rating, to two decimals; null in a period without reviews." }),
    }),
  )
  .meta({ description: "Reviews per period, every period of the range; hidden reviews are not counted." });

export const pluginAnalyticsSchema = z
  .object({
    slug: z.string(),
    name: z.string(),
    from: utcDaySchema,
    to: utcDaySchema,
    granularity: z.enum(analyticsGranularities),
    totals: z.object({ downloads: count, money: z.array(analyticsMoneySchema) }),
    periods: z.array(analyticsPeriodSchema).meta({ description: "Every period of the range in order, empty ones included." }),
    versions: z.array(z.object({ version: z.string(), downloads: count })).meta({ description: "Downloads in the range by the version served, most first." }),
    countries: z.array(z.object({ country: z.string(), downloads: count })).meta({
      description:
        'Downloads in the range by the downloading account\'s country (ISO 3166-1 alpha-2), most first (ties by code, "unknown" last); accounts without one count as "unknown".',
    }),
    reviews: analyticsReviewsSchema,
  })
  .meta({ id: "PluginAnalytics" });
export type PluginAnalytics = z.infer<typeof pluginAnalyticsSchema>;
