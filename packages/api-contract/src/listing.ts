import { priceTierSchema } from "@streamkit/plans";
import { z } from "zod";
import { pluginPaging } from "./limits";
import { moderationWarningSchema, takenDownSchema } from "./moderation";
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
  .extend({ versions: z.array(versionEntrySchema).meta({ description: "Newest first." }) })
  .meta({ id: "ListingDetail" });
export type ListingDetail = z.infer<typeof listingDetailSchema>;

export const listPluginsQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .max(pluginPaging.maxQueryLength)
    .meta({
      description: `Text search over name, slug, description and publisher name (case-insensitive substring, at most ${pluginPaging.maxQueryLength} characters).`,
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
    .meta({ description: "The `next` value of the previous page (opaque). Send it with the same `q`; `limit` may change between pages." })
    .optional(),
});
export type ListPluginsQuery = z.infer<typeof listPluginsQuerySchema>;

export const pluginListSchema = z
  .object({
    items: z.array(listingSchema),
    next: z.string().nullable().meta({ description: "Cursor of the next page; null on the last page." }),
  })
  .meta({ id: "ListingPage" });

export const pluginDetailResponseSchema = z.object({ item: listingDetailSchema }).meta({ id: "ListingDetailResponse" });
