import { priceStateSchema, purchaseListSchema, salesReportSchema, setPriceInputSchema } from "@streamkit/api-contract";
import { commerce } from "@streamkit/plans";
import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import { findCheckout, listPurchases, payBuiltinCheckout, salesReport, startCheckout } from "@streamkit/billing";
import { setPrice } from "../plugins";
import { accountProcedure } from "../shared/trpc";

/** Prices, purchases, sales: the author's and the buyer's side of paid plugins. */
export const commerceRouter = {
  setPrice: accountProcedure
    .meta({
      openapi: {
        method: "PUT",
        path: "/plugins/{slug}/price",
        tags: ["Paid plugins"],
        summary: "Set your plugin's price",
        description:
          "A tier (t1..t5) becomes a price request the operator reviews; the plugin keeps its current price while it is pending. `null` makes the plugin free at once. Either way a pending or rejected request is withdrawn; asking for the current tier only withdraws. Only the plugin's author may price it: anyone else gets 403 forbidden.",
      },
      rest: { auth: "key", scope: "plugins:write", errors: ["forbidden", "not_found"] },
    })
    .input(setPriceInputSchema.extend({ slug: z.string().max(100) }))
    .output(priceStateSchema)
    .mutation(({ ctx, input }) => setPrice(ctx.deps, ctx.caller, input.slug, input.tier)),

  purchases: accountProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/purchases",
        tags: ["Paid plugins"],
        summary: "Your purchases",
        description: `Newest first; amounts in paise (INR) or cents (USD). Purchases happen on the website only. A purchase can be refunded within ${commerce.refundWindowDays} days of paying.`,
      },
      rest: { auth: "key", scope: "plugins:read" },
    })
    .input(z.void())
    .output(purchaseListSchema)
    .query(async ({ ctx }) => ({
      items: (await listPurchases(ctx.deps.db, ctx.caller.account.id)).map(({ slug, name, currency, amount, status, paidAt }) => ({
        slug,
        name,
        currency,
        amount,
        status,
        paidAt,
      })),
    })),

  sales: accountProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/sales",
        tags: ["Paid plugins"],
        summary: "Your sales, earnings and payouts",
        description: `Authors get ${commerce.authorShareBasisPoints / 100} % of each sale (rounded down to the paisa or cent). A sale is held for the ${commerce.refundWindowDays}-day refund window, then payable; payable money is paid out once it reaches the minimum (₹${commerce.payoutMinimum.INR / 100} or $${commerce.payoutMinimum.USD / 100}). Every figure comes from one ledger: earned = held + payable + paidOut.`,
      },
      rest: { auth: "key", scope: "sales:read" },
    })
    .input(z.void())
    .output(salesReportSchema)
    .query(({ ctx }) => salesReport(ctx.deps.db, ctx.caller.account.id, ctx.deps.now())),

  startCheckout: accountProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/checkouts",
        tags: ["Paid plugins"],
        summary: "Start buying a plugin (website only)",
        description:
          "Purchases happen only on the website, signed in: API keys get 403 forbidden. The buyer pays in INR in India and in USD elsewhere, on the payment provider's page; the purchase exists once the provider confirms the payment.",
      },
      rest: { auth: "key", websiteOnly: true, successStatus: 201, errors: ["not_found", "conflict"] },
    })
    .input(
      z.object({
        slug: z.string().max(100),
        country: z
          .string()
          .regex(/^[A-Z]{2}$/)
          .nullable()
          .optional(),
      }),
    )
    .output(z.object({ checkoutId: z.string(), redirectUrl: z.string(), currency: z.string(), amount: z.int() }))
    .mutation(({ ctx, input }) => startCheckout(ctx.deps, ctx.caller, input.slug, input.country ?? null)),

  checkout: accountProcedure.input(z.object({ id: z.string() })).query(async ({ ctx, input }) => {
    const found = await findCheckout(ctx.deps, ctx.caller, input.id);
    return found
      ? {
          id: found.checkout.id,
          slug: found.slug,
          name: found.name,
          status: found.checkout.status,
          currency: found.checkout.currency,
          amount: found.checkout.amount,
          provider: found.checkout.provider,
        }
      : null;
  }),

  /** The built-in provider's "Pay" button (its hosted page is on this website): not part of /api/v1. */
  payBuiltinCheckout: accountProcedure
    .meta({ rest: { websiteOnly: true } })
    .input(z.object({ id: z.string().max(100) }))
    .mutation(({ ctx, input }) => payBuiltinCheckout(ctx.deps, ctx.caller, input.id)),

  myPurchases: accountProcedure.input(z.void()).query(({ ctx }) => listPurchases(ctx.deps.db, ctx.caller.account.id)),
} satisfies TRPCRouterRecord;
