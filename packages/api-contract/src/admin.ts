import { planNameSchema, priceTierSchema, saleCurrencies } from "@streamkit/plans";
import { z } from "zod";
import { adminPaging } from "./limits";
import { isoTimestamp } from "./time";

/**
 * The operator's pages (/admin, through /api/trpc only; never part of /api/v1):
 * their searches, the accounts page's changes and what they answer.
 */

/** Control characters (NUL included) name nothing an operator searches for; refused before the database sees them. */
const hasControlCharacter = (text: string) => [...text].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);

export const adminSearchQuerySchema = z
  .object({
    q: z
      .string()
      .trim()
      .max(adminPaging.maxQueryLength, `Search for at most ${adminPaging.maxQueryLength} characters.`)
      .refine((text) => !hasControlCharacter(text), "Search text may not contain control characters.")
      .optional(),
    cursor: z.string().max(adminPaging.maxCursorLength, "That page link is not valid; start from the first page.").optional(),
    limit: z.int().min(1).max(adminPaging.maxLimit).default(adminPaging.defaultLimit),
  })
  .strict();
export type AdminSearchQuery = z.infer<typeof adminSearchQuerySchema>;

const person = z.object({ id: z.string(), name: z.string(), email: z.string().nullable() });

export const adminPurchaseSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  buyer: person,
  provider: z.string(),
  providerPaymentId: z.string(),
  currency: z.enum(saleCurrencies),
  amount: z.int(),
  status: z.enum(["paid", "refunded"]),
  paidAt: isoTimestamp,
  refundedAt: isoTimestamp.nullable(),
  refundableUntil: isoTimestamp,
});
export type AdminPurchase = z.infer<typeof adminPurchaseSchema>;

export const adminPurchasePageSchema = z.object({ items: z.array(adminPurchaseSchema), next: z.string().nullable() });

export const adminAccountSchema = z.object({
  id: z.string(),
  email: z.string().nullable(),
  name: z.string(),
  plan: planNameSchema,
  staff: z.boolean(),
  suspended: z.boolean(),
  official: z.boolean(),
  createdAt: isoTimestamp,
});
export type AdminAccount = z.infer<typeof adminAccountSchema>;

export const adminAccountPageSchema = z.object({ items: z.array(adminAccountSchema), next: z.string().nullable() });

export const adminAccountTotalsSchema = z.object({ accounts: z.int(), staff: z.int(), suspended: z.int() });

/** An account the operator acts on, by id (the page) — the CLI names accounts by email instead. */
const accountRef = z.object({ id: z.guid("Not an account id.") });

export const setAccountPlanInputSchema = accountRef.extend({ plan: planNameSchema }).strict();
export const setAccountStaffInputSchema = accountRef.extend({ staff: z.boolean() }).strict();
export const setAccountSuspendedInputSchema = accountRef.extend({ suspended: z.boolean() }).strict();

/**
 * A price request the operator decided. `superseded`: it was turned down and
 * the author has since asked again or made the plugin free.
 */
export const decidedPriceRequestSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  author: person,
  tier: priceTierSchema,
  outcome: z.enum(["approved", "rejected"]),
  superseded: z.boolean(),
  note: z.string().nullable(),
  requestedAt: isoTimestamp,
  decidedAt: isoTimestamp.nullable(),
  decidedBy: person.nullable().meta({ description: "The operator who decided on the website; null when it was decided with the operator CLI." }),
});
export type DecidedPriceRequest = z.infer<typeof decidedPriceRequestSchema>;
