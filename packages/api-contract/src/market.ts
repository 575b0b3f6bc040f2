import { planNameSchema } from "@streamkit/plans";
import { z } from "zod";
import { catalogPaging, cursorPaging } from "./limits";
import { catalogQuerySchema } from "./overlays";
import { isoTimestamp } from "./time";

/**
 * The streamer's market and inventory (docs/api.md#operations, docs/api.md#limits): requests and answers,
 * shared by the API and the website's pages.
 */
export const itemKinds = ["widget", "overlay", "theme"] as const;
export const itemKindSchema = z.enum(itemKinds).meta({ id: "ItemKind" });
export type ItemKind = z.infer<typeof itemKindSchema>;

/** Limits of the market's requests, as data: the schemas, the document and docs/ quote them. */
export const marketLimits = { maxQueryLength: 100, maxSlugLength: 100 } as const;

export const marketSlugSchema = z.string().min(1).max(marketLimits.maxSlugLength);

const previewSchema = z
  .object({ url: z.string(), type: z.literal("image/svg+xml"), width: z.int(), height: z.int() })
  .meta({ description: "An SVG drawn by the service's renderer (GET /market/{slug}/preview), cacheable for an hour." });

export const themeMemberSchema = z
  .object({ slug: z.string(), name: z.string(), itemKind: z.enum(["widget", "overlay"]), plan: planNameSchema, preview: previewSchema })
  .meta({ id: "ThemeMember" });
export type ThemeMemberInfo = z.infer<typeof themeMemberSchema>;

export const marketItemSchema = z
  .object({
    itemKind: itemKindSchema,
    slug: z.string(),
    name: z.string(),
    description: z.string(),
    plan: planNameSchema.meta({
      description: "The plan that may add it (/docs/guides/api#plans). A theme's is the most demanding of its members' plans, computed, never stored.",
    }),
    canvas: z.object({ width: z.int(), height: z.int() }).nullable().meta({ description: "The document's canvas; null for a theme." }),
    preview: previewSchema,
    members: z.array(themeMemberSchema).optional().meta({ description: "A theme's members in order; absent for a widget or an overlay." }),
  })
  .meta({ id: "MarketItem" });
export type MarketItem = z.infer<typeof marketItemSchema>;

export const marketQuerySchema = catalogQuerySchema.extend({
  itemKind: itemKindSchema.optional().meta({ description: "Only widgets, overlays or themes." }),
  plan: planNameSchema.optional().meta({ description: "Only items of this plan (a theme by its computed plan)." }),
  q: z
    .string()
    .trim()
    .max(marketLimits.maxQueryLength)
    .optional()
    .meta({ description: `Text search over name, slug and description (case-insensitive substring, at most ${marketLimits.maxQueryLength} characters).` }),
});
export type MarketQuery = z.infer<typeof marketQuerySchema>;

export const marketListSchema = z.object({
  items: z.array(marketItemSchema),
  nextOffset: z.int().nullable().meta({ description: "Pass as `offset` for the next page; null at the end." }),
});

export const marketSlugInputSchema = z.object({ slug: marketSlugSchema });
export const marketItemResponseSchema = z.object({ item: marketItemSchema });

export const inventoryItemSchema = marketItemSchema
  .extend({
    id: z.uuid().meta({ description: "The inventory item's id (DELETE /inventory/{itemId})." }),
    locked: z.boolean().meta({
      description:
        "True when the account's current plan no longer allows this item (its `plan` is above the plan's marketplace tier); derived on every request.",
    }),
    addedAt: isoTimestamp,
  })
  .meta({ id: "InventoryItem" });
export type InventoryItemInfo = z.infer<typeof inventoryItemSchema>;

export const inventoryQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(cursorPaging.maxLimit).default(cursorPaging.defaultLimit),
  cursor: z.string().max(cursorPaging.maxCursorLength).optional(),
});

export const inventoryListSchema = z.object({
  items: z.array(inventoryItemSchema),
  nextCursor: z.string().nullable().meta({ description: "Pass as `cursor` for the next page; null at the end." }),
});

export const addInventoryInputSchema = z.object({ slug: marketSlugSchema.meta({ description: "A market item's slug (GET /market)." }) });
export const inventoryItemResponseSchema = z.object({
  item: inventoryItemSchema,
  added: z.boolean().meta({ description: "False when the account already held it (200); true when added now (201)." }),
});
export const inventoryItemIdInputSchema = z.object({ itemId: z.uuid("Not an inventory item id.") });

export { catalogPaging as marketPaging };
