import {
  addInventoryInputSchema,
  cursorPaging,
  inventoryItemIdInputSchema,
  inventoryItemResponseSchema,
  inventoryListSchema,
  inventoryQuerySchema,
  marketSlugInputSchema,
} from "@streamkit/api-contract";
import { planNames, plans } from "@streamkit/plans";
import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import { addToInventory, holdsItem, listInventory, removeFromInventory } from "./inventory";
import { accountProcedure } from "../shared/trpc";

const tags = ["Inventory"];
const sizes = planNames.map((plan) => `${plans[plan].title} ${plans[plan].entitlements.inventory}`).join(", ");

/**
 * The inventory (docs/api.md#operations, docs/api.md#limits): what an account holds. All three need a key
 * with inventory:write, the one inventory scope (docs/api.md#authentication-and-scopes) — reading too, as
 * GET /overlays does.
 */
export const inventoryRouter = {
  list: accountProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/inventory",
        tags,
        summary: "Your inventory",
        description: `Newest first; each item carries its itemKind and plan, a theme its \`members\`. An item your current plan no longer allows comes back \`locked: true\` (derived on every request; a downgrade never deletes). Cursor paging (/docs/guides/api#paging): limit 1–${cursorPaging.maxLimit} (default ${cursorPaging.defaultLimit}); pass \`nextCursor\` back as \`cursor\`; null at the end; a cursor this service did not issue is 400 bad_request.`,
      },
      rest: { auth: "key", scope: "inventory:write" },
    })
    .input(inventoryQuerySchema)
    .output(inventoryListSchema)
    .query(({ ctx, input }) => listInventory(ctx.deps, ctx.caller, input)),

  add: accountProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/inventory",
        tags,
        summary: "Add a market item to your inventory",
        description: `Adds a widget, predefined overlay or theme (by slug, GET /market) your plan allows: Free the free ones, Pro free and Pro ones, Ultimate all; otherwise 403 plan_required with details.requiredPlan. 201 with the item (\`added: true\`); one you already hold answers 200 with that item (\`added: false\`), so adding is idempotent. A theme is one item with its members and counts once. Inventory sizes: ${sizes} items (403 limit_reached with details.limit, decided by the database under concurrency); your own overlays are not counted here. Unknown slug: 404 not_found.`,
      },
      rest: { auth: "key", scope: "inventory:write", successStatus: 201, errors: ["not_found", "plan_required", "limit_reached"] },
    })
    .input(addInventoryInputSchema)
    .output(inventoryItemResponseSchema)
    .mutation(async ({ ctx, input }) => {
      const result = await addToInventory(ctx.deps, ctx.caller, input.slug);
      if (!result.added) ctx.res.status = 200;
      return result;
    }),

  /** The website's own (not under /api/v1): whether the account holds a market item, for the mark on its page. */
  holds: accountProcedure
    .input(marketSlugInputSchema)
    .output(z.object({ held: z.boolean() }))
    .query(async ({ ctx, input }) => ({ held: await holdsItem(ctx.deps, ctx.caller, input.slug) })),

  remove: accountProcedure
    .meta({
      openapi: {
        method: "DELETE",
        path: "/inventory/{itemId}",
        tags,
        summary: "Remove an item from your inventory",
        description:
          "204, locked or not (removing is how an account over its size after a downgrade makes room). Another account's item, or one already removed: 404 not_found.",
      },
      rest: { auth: "key", scope: "inventory:write", successStatus: 204, errors: ["not_found"] },
    })
    .input(inventoryItemIdInputSchema)
    .output(z.void())
    .mutation(async ({ ctx, input }) => {
      await removeFromInventory(ctx.deps, ctx.caller, input.itemId);
    }),
} satisfies TRPCRouterRecord;
