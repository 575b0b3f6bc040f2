import { priceTierSchema } from "@streamkit/plans";
import { z } from "zod";
import { apiVersionFilter, categorySchema, categorySlugs, permissionFilterSchema, pluginCountBound, pluginSorts, tagLimits, tagSchema } from "./discovery";
import { pluginPaging } from "./limits";
import { moderationWarningSchema, takenDownSchema } from "./moderation";
import { pluginIconSchema, pluginScreenshotSchema } from "./plugin-media";
import { ratingSchema } from "./plugin-reviews";
import { permissionChangeSchema } from "./signing";
import { isoTimestamp } from "./time";

export const publisherSchema = z
  .object({
    kind: z.enum(["official", "user"]).meta({ description: "`official` for the service's own plugins, `user` for everyone else." }),
    name: z.string(),
    verified: z.boolean(),
    handle: z.string().meta({
      description:
        "The publisher's handle: its page is /publishers/{handle} on the website and GET /api/v1/publishers/{handle} (additive to the specification).",
    }),
  })
  .meta({ id: "Publisher" });

export const priceSchema = z
  .object({
    tier: priceTierSchema,
    INR: z.int().meta({ description: "Whole rupees; what buyers in India pay." }),
    USD: z.int().meta({ description: "Whole dollars; what buyers everywhere else pay." }),
  })
  .meta({ id: "Price" });

export const priceRequestSchema = z
  .object({
    tier: priceTierSchema,
    status: z.enum(["pending", "rejected"]),
    note: z.string().nullable(),
    requestedAt: isoTimestamp,
  })
  .meta({ id: "PriceRequest" });

export const reviewReasonSchema = z
  .object({
    kind: z.enum(["lookalike_plugin", "lookalike_publisher"]).meta({
      description:
        "`lookalike_plugin`: the id or display name imitates a listed plugin of another publisher; `lookalike_publisher`: the display name or author imitates a verified publisher's name.",
    }),
    message: z.string(),
    imitates: z
      .object({ slug: z.string().optional(), name: z.string(), publisher: z.string().optional() })
      .meta({ description: "The listed plugin (slug, name, publisher) or the verified publisher (name) it resembles." }),
  })
  .meta({ id: "ReviewReason" });
export type ReviewReason = z.infer<typeof reviewReasonSchema>;

export const listingReviewSchema = z
  .object({
    status: z.enum(["held", "rejected"]).meta({
      description:
        "`held`: waiting for the operators' review, not listed; `rejected`: turned down (see note); the listing keeps showing the last listed version.",
    }),
    version: z.string().meta({ description: "The version under review or turned down." }),
    reasons: z.array(reviewReasonSchema),
    note: z.string().nullable().meta({ description: "The operator's note, when rejected." }),
    heldAt: isoTimestamp,
    decidedAt: isoTimestamp.nullable(),
  })
  .meta({ id: "ListingReview" });
export type ListingReview = z.infer<typeof listingReviewSchema>;

export const listingSchema = z
  .object({
    id: z.string().meta({ description: "Identifier of the listing." }),
    slug: z.string().meta({ description: "The plugin id from its manifest; used in paths as :slug." }),
    name: z.string(),
    description: z.string(),
    version: z.string().meta({ description: "Latest published version." }),
    permissions: z.array(z.string()),
    publisher: publisherSchema,
    downloads: z.int().min(0),
    homepage: z.string().nullable(),
    createdAt: isoTimestamp,
    updatedAt: isoTimestamp,
    status: z.enum(["published", "hidden", "removed", "taken_down"]).meta({
      description:
        "`published` in the marketplace. The author also sees `hidden` (taken out of the marketplace by the operator) and `removed` (deleted by the author) in GET /plugins/mine; the author and the plugin's holders see `taken_down` (the operator took it down after reports, see `takenDown`).",
    }),
    mine: z.boolean().meta({ description: "True when the caller published it." }),
    price: priceSchema.nullable().meta({ description: "null for a free plugin." }),
    owned: z.boolean().meta({ description: "True when the caller can install it: it is free, the caller bought it, or the caller made it." }),
    permissionsWidened: z.boolean().meta({
      description: "True when the latest version asks for a permission (or optional permission) the version before it did not. False for a first version.",
    }),
    priceRequest: priceRequestSchema
      .optional()
      .meta({ description: "Only for the plugin's author, only while a request is pending or after it was turned down." }),
    takenDown: takenDownSchema.optional().meta({
      description:
        "Present only while the plugin is taken down, for its author and for the accounts that hold it (bought it or downloaded it before): when, and the public reason. The author also gets the operator's message.",
    }),
    warning: moderationWarningSchema.optional().meta({ description: "Only for the plugin's author: the newest warning an operator sent about this plugin." }),
    rating: ratingSchema.meta({
      description:
        "People's reviews (GET /plugins/{slug}/reviews): the average rating of the visible ones, to two decimals (null while none), and their count.",
    }),
    review: listingReviewSchema.optional().meta({
      description:
        "Only for the plugin's author, only while its newest version is held for review or was rejected. Others never see held or rejected versions.",
    }),
    icon: pluginIconSchema.meta({ description: "What to show as the plugin's icon: the one its author uploaded, or the generated one (see `iconGenerated`)." }),
    iconGenerated: z.boolean().meta({ description: "True when the author uploaded no icon and `icon` is drawn from the slug (initials on a colour)." }),
    category: categorySchema.nullable().meta({ description: "The category its author chose (PUT /plugins/{slug}/listing), or null. Additive." }),
    tags: z.array(z.string()).meta({ description: "Its author's free tags, normalised (lower case, hyphens). Additive." }),
    apiVersion: z.int().min(1).meta({
      description:
        "The plugin API version its latest version needs: that version's plugin.json `api` (1 when left out; today 1 is the only one). It runs on a host whose plugin API version is this or higher (GET /plugins?api=N). Additive.",
    }),
  })
  .meta({ id: "Listing" });
export type Listing = z.infer<typeof listingSchema>;

export const versionEntrySchema = z
  .object({
    version: z.string(),
    changelog: z.string(),
    createdAt: isoTimestamp,
    permissions: z.array(z.string()).meta({ description: "The version's manifest `permissions`." }),
    optionalPermissions: z.array(z.string()).meta({ description: "The version's manifest `optional_permissions`." }),
    permissionChanges: z.object({ permissions: permissionChangeSchema, optionalPermissions: permissionChangeSchema }).meta({
      description: "What this version asks for beyond (added) or no longer (removed) compared with the version before it; empty lists for the first.",
    }),
    review: z
      .enum(["held", "rejected"])
      .optional()
      .meta({ description: "Only for the plugin's author: this version is held for review or was rejected (others see listed versions only)." }),
  })
  .meta({ id: "VersionEntry" });

export const listingDetailSchema = listingSchema
  .extend({
    versions: z.array(versionEntrySchema).meta({ description: "Newest first." }),
    screenshots: z.array(pluginScreenshotSchema).meta({ description: "The author's screenshots, in the order the author chose; empty when none." }),
  })
  .meta({ id: "ListingDetail" });
export type ListingDetail = z.infer<typeof listingDetailSchema>;

export const listPluginsQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .max(pluginPaging.maxQueryLength)
    .meta({
      description: `Search, at most ${pluginPaging.maxQueryLength} characters. A plugin matches when its name, slug, description or publisher name contains the text (case-insensitive), when the words match its name, tags, description or README (full-text search, English stemming: \`alerts\` finds \`alert\`; websearch syntax: \`"exact phrase"\`, \`-word\`, \`or\`), or when the text is close to its name or slug despite a typo (trigram word similarity of at least 0.6). Use \`sort=relevance\` to rank the matches.`,
    })
    .optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(pluginPaging.maxLimit)
    .default(pluginPaging.defaultLimit)
    .meta({ description: `Items per page, 1 to ${pluginPaging.maxLimit} (default ${pluginPaging.defaultLimit}).` }),
  cursor: z
    .string()
    .max(pluginPaging.maxCursorLength)
    .meta({
      description:
        "The `next` value of the previous page (opaque). Send it with the same `q`, `sort` and filters; `limit` may change between pages. A cursor of another sort is 400 bad_request.",
    })
    .optional(),
  sort: z
    .enum(pluginSorts)
    .meta({
      description:
        "`downloads` (the default): the service's own plugins first, then downloads, then listing id, all descending. `relevance` (needs `q`): exact name or slug matches first (a verified or official publisher's before others), then the match's score, then verified publishers, downloads and id. `newest`: first published, newest first. `updated`: last changed (a new version, a price, a removal undone), newest first. `price`: free first, then tier t1 to t5, then downloads. `name`: by name, case-insensitively, A to Z. Every sort ends with the listing id, so paging never skips or repeats a plugin.",
    })
    .optional(),
  category: z
    .enum(categorySlugs)
    .meta({ description: `Only plugins of this category: ${categorySlugs.map((slug) => `\`${slug}\``).join(", ")}.` })
    .optional(),
  tag: tagSchema
    .meta({
      description: `Only plugins carrying this tag (normalised as tags are: lower case, hyphens; ${tagLimits.minLength} to ${tagLimits.maxLength} characters).`,
    })
    .optional(),
  price: z.enum(["free", "paid"]).meta({ description: "`free`: only free plugins; `paid`: only priced ones." }).optional(),
  verified: z.enum(["true"]).meta({ description: "`true`: only plugins of verified publishers and the service's own." }).optional(),
  without: z
    .array(permissionFilterSchema)
    .max(10)
    .meta({
      description:
        "Only plugins whose latest version does not require this permission; repeat it for several (`without=network&without=ai`: no internet use, no AI). At most 10.",
    })
    .optional(),
  api: z.coerce
    .number()
    .int()
    .min(apiVersionFilter.min)
    .max(apiVersionFilter.max)
    .meta({
      description: `Only plugins that run on a host supporting plugin API version N (${apiVersionFilter.min} to ${apiVersionFilter.max}): those whose latest version's plugin.json \`api\` (\`apiVersion\` in the listing; 1 when left out) is at most N. Today every plugin is version 1, so \`api=1\` lists them all; a host sends the version it supports and never gets a plugin it cannot run.`,
    })
    .optional(),
});
export type ListPluginsQuery = z.infer<typeof listPluginsQuerySchema>;

export const pluginListSchema = z
  .object({
    items: z.array(listingSchema),
    next: z.string().nullable().meta({ description: "Cursor of the next page; null on the last page." }),
    total: z
      .int()
      .min(0)
      .meta({
        description: `How many plugins match the query and filters (all pages together): exact up to ${pluginCountBound.toLocaleString("en")}; past that, ${pluginCountBound.toLocaleString("en")} with \`totalExact\` false ("about 10,000 or more"). Additive.`,
      }),
    totalExact: z
      .boolean()
      .meta({ description: `False when more than ${pluginCountBound.toLocaleString("en")} plugins match and \`total\` is only the bound. Additive.` }),
  })
  .meta({ id: "ListingPage" });

export const pluginDetailResponseSchema = z.object({ item: listingDetailSchema }).meta({ id: "ListingDetailResponse" });
