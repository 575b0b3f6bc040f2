import { priceTierSchema, saleCurrencies } from "@streamkit/plans";
import { z } from "zod";
import { priceRequestSchema, priceSchema } from "./listing";
import { isoTimestamp } from "./time";

export const saleCurrencySchema = z.enum(saleCurrencies).meta({ id: "SaleCurrency" });

export const setPriceInputSchema = z
  .object({
    tier: priceTierSchema
      .nullable()
      .meta({ description: "A tier t1..t5 to request (the operator reviews it; the old price stays meanwhile), or null to make the plugin free at once." }),
  })
  .strict()
  .meta({ id: "SetPrice" });

export const priceStateSchema = z
  .object({
    price: priceSchema.nullable(),
    priceRequest: priceRequestSchema.optional().meta({ description: "Present while a request is pending or after it was turned down." }),
  })
  .meta({ id: "PriceState" });

export const purchaseSchema = z
  .object({
    slug: z.string(),
    name: z.string(),
    currency: saleCurrencySchema,
    amount: z.int().meta({ description: "In paise (INR) or cents (USD)." }),
    status: z.enum(["paid", "refunded"]),
    paidAt: isoTimestamp,
  })
  .meta({ id: "Purchase" });

export const purchaseListSchema = z.object({ items: z.array(purchaseSchema).meta({ description: "Newest first." }) }).meta({ id: "PurchaseList" });

export const earningsSchema = z
  .object({
    currency: saleCurrencySchema,
    earned: z.int().meta({ description: "Your share of every sale, minus refunds (minor units)." }),
    held: z.int().meta({ description: "Sales still inside the buyer's refund window." }),
    payable: z.int().meta({ description: "Past the refund window and not yet paid out; paid out once it reaches `minimum`." }),
    paidOut: z.int(),
    minimum: z.int().meta({ description: "Payout threshold." }),
  })
  .meta({ id: "Earnings" });

export const saleSchema = z
  .object({
    id: z.string(),
    slug: z.string(),
    name: z.string(),
    currency: saleCurrencySchema,
    amount: z.int().meta({ description: "What the buyer paid (minor units)." }),
    share: z.int().meta({ description: "Your part of it (minor units)." }),
    status: z.enum(["paid", "refunded"]),
    paidAt: isoTimestamp,
    payable: z.boolean().meta({ description: "Past the refund window (and not refunded)." }),
    paidOut: z.boolean().meta({ description: "Covered by a payout (payouts settle the oldest payable sales first)." }),
  })
  .meta({ id: "Sale" });

export const payoutSchema = z
  .object({
    id: z.string(),
    currency: saleCurrencySchema,
    amount: z.int(),
    method: z.string().meta({ description: "bank_transfer, upi, paypal or wise." }),
    reference: z.string().meta({ description: "The operator's reference for the transfer." }),
    createdAt: isoTimestamp,
  })
  .meta({ id: "Payout" });

export const salesReportSchema = z
  .object({
    earnings: z.array(earningsSchema).meta({ description: "One entry per currency (INR and USD)." }),
    sales: z.array(saleSchema).meta({ description: "The latest 100 sales, newest first." }),
    payouts: z.array(payoutSchema).meta({ description: "Newest first." }),
  })
  .meta({ id: "SalesReport" });
export type SalesReport = z.infer<typeof salesReportSchema>;
