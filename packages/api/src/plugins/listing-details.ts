/**
 * PUT /plugins/{slug}/listing: the author sets what the marketplace shows
 * about a plugin beyond its manifest — its category and free tags
 * (docs/plugins.md#categories-and-tags). Not in plugin.json: the manifest
 * refuses unknown properties, and a category is the marketplace's word, not
 * the package's. One UPDATE decides: only the owner's row matches.
 */
import {
  listingDetailsRequestSchema,
  notFound,
  pluginCategories,
  pluginDetailResponseSchema,
  tagLimits,
  type ListingDetailsRequest,
} from "@streamkit/api-contract";
import { plugins } from "@streamkit/db";
import type { TRPCRouterRecord } from "@trpc/server";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { AccountCaller } from "../shared/context";
import type { AppDeps } from "../shared/deps";
import { accountProcedure } from "../shared/trpc";
import { getPluginDetail } from "./listings";

export async function setListingDetails(deps: AppDeps, caller: AccountCaller, slug: string, input: ListingDetailsRequest) {
  const updated = await deps.db
    .update(plugins)
    .set({ category: input.category, tags: input.tags })
    .where(and(eq(plugins.slug, slug), eq(plugins.ownerId, caller.account.id)))
    .returning({ id: plugins.id });
  // Another author's plugin is not revealed: 404, as for every other operation on it.
  if (updated.length === 0) throw notFound(`No plugin "${slug}" of yours.`);
  return { item: await getPluginDetail(deps.db, caller, slug) };
}

export const listingDetailsProcedures = {
  setListing: accountProcedure
    .meta({
      openapi: {
        method: "PUT",
        path: "/plugins/{slug}/listing",
        tags: ["Plugins"],
        summary: "Set your plugin's category and tags",
        description: [
          `The marketplace's category of your plugin and its free tags, which browsing filters by (GET /plugins?category=…&tag=…) and search reads. Not part of plugin.json; publishing keeps them. \`category\` is one of ${pluginCategories.map((c) => `\`${c.slug}\``).join(", ")}, or null.`,
          "",
          `\`tags\`: at most ${tagLimits.maxTags}, each ${tagLimits.minLength} to ${tagLimits.maxLength} characters once normalised — trimmed, lower case, spaces and underscores become hyphens (\`Song Requests\` → \`song-requests\`) — of letters, digits and single hyphens; a repeated tag is kept once. The request replaces both: send [] to remove the tags. Anything else is 400 validation_error naming each problem (\`tags[2]\`: …).`,
          "",
          "Answers the listing with its versions, as GET /plugins/{slug}. Anyone else's plugin, or an unknown slug: 404 not_found. Any plan.",
        ].join("\n"),
      },
      rest: { auth: "key", scope: "plugins:write", errors: ["not_found"] },
    })
    .input(listingDetailsRequestSchema.extend({ slug: z.string().max(100) }))
    .output(pluginDetailResponseSchema)
    .mutation(({ ctx, input }) => {
      const { slug, ...details } = input;
      return setListingDetails(ctx.deps, ctx.caller, slug, details);
    }),
} satisfies TRPCRouterRecord;
