/**
 * Finding plugins (docs/plugins.md#finding-plugins): the fixed list of
 * categories, the rules of authors' free tags, and the sorts and filters of
 * GET /plugins, as data — the API checks them, the OpenAPI document and the
 * website's filters quote them.
 */
import { PERMISSION_NAMES } from "@streamkit/plugin-rules";
import { z } from "zod";

/** The marketplace's categories, in the order the website lists them. A plugin has at most one; its author chooses it. */
export const pluginCategories = [
  { slug: "chat", name: "Chat", description: "Commands, bots, games in chat and chat tools." },
  { slug: "alerts", name: "Alerts", description: "Follows, subscriptions, donations and raids on stream." },
  { slug: "moderation", name: "Moderation", description: "Filters, timeouts and help for moderators." },
  { slug: "music", name: "Music", description: "Song requests, now playing and sound." },
  { slug: "games", name: "Games", description: "Games for viewers and game integrations." },
  { slug: "obs", name: "OBS control", description: "Scenes, sources and recording in OBS." },
  { slug: "points", name: "Points and predictions", description: "Channel points, currencies, redeems and predictions." },
  { slug: "accessibility", name: "Accessibility", description: "Captions, text to speech and readable streams." },
  { slug: "overlays", name: "Overlays and widgets", description: "Values and widgets for overlays." },
  { slug: "utilities", name: "Utilities", description: "Timers, hotkeys, lights and everything else." },
] as const;

export const categorySlugs = pluginCategories.map((c) => c.slug) as unknown as readonly [
  (typeof pluginCategories)[number]["slug"],
  ...(typeof pluginCategories)[number]["slug"][],
];
export type CategorySlug = (typeof pluginCategories)[number]["slug"];

export const categorySchema = z.enum(categorySlugs).meta({
  id: "Category",
  description: `One of the marketplace's categories: ${pluginCategories.map((c) => `\`${c.slug}\` (${c.name})`).join(", ")}.`,
});

/** The bounds of an author's tags (docs/plugins.md#categories-and-tags). */
export const tagLimits = {
  maxTags: 8,
  minLength: 2,
  maxLength: 24,
} as const;

const TAG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/**
 * A tag as it is stored: trimmed, lower case, every run of spaces and
 * underscores one hyphen (`Song Requests` → `song-requests`).
 */
export function normaliseTag(tag: string): string {
  return tag
    .normalize("NFKC")
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, "-");
}

export const tagSchema = z
  .string()
  .transform(normaliseTag)
  .pipe(
    z
      .string()
      .min(tagLimits.minLength, `A tag has at least ${tagLimits.minLength} characters.`)
      .max(tagLimits.maxLength, `A tag has at most ${tagLimits.maxLength} characters.`)
      .regex(TAG_PATTERN, "A tag is lowercase letters and digits, words joined by single hyphens (spaces become hyphens)."),
  );

/** PUT /plugins/{slug}/listing: what the author sets about a listing beyond its manifest. */
export const listingDetailsRequestSchema = z
  .object({
    category: categorySchema.nullable().meta({ description: "The plugin's category, or null for none." }),
    tags: z
      .array(tagSchema)
      .max(tagLimits.maxTags, `At most ${tagLimits.maxTags} tags.`)
      .transform((tags) => [...new Set(tags)])
      .meta({
        description: `At most ${tagLimits.maxTags} free tags, each ${tagLimits.minLength} to ${tagLimits.maxLength} characters after normalising (trimmed, lower case, spaces and underscores become hyphens; letters, digits and single hyphens); a repeated tag is kept once. An empty list removes them.`,
      }),
  })
  .strict()
  .meta({ id: "ListingDetailsRequest" });
export type ListingDetailsRequest = z.infer<typeof listingDetailsRequestSchema>;

/** The sorts of GET /plugins. `downloads` is the default and today's order; `relevance` only with `q`. */
export const pluginSorts = ["relevance", "downloads", "rating", "newest", "updated", "price", "name"] as const;
export type PluginSort = (typeof pluginSorts)[number];

/** What the sorts mean, for the OpenAPI document and the website. */
export const pluginSortLabels: Record<PluginSort, string> = {
  relevance: "Best match",
  downloads: "Most downloaded",
  rating: "Highest rated",
  newest: "Newest",
  updated: "Recently updated",
  price: "Price: free first",
  name: "Name",
};

/** Past this many matches, `total` is this bound and `totalExact` false: counting stops there. */
export const pluginCountBound = 10_000;

export const permissionFilterSchema = z.enum(PERMISSION_NAMES);

/**
 * The plugin API versions (SPEC §2.1: plugin.json's optional `api`, default 1): today only 1. The website's
 * "Runs on plugin API" choice offers these.
 */
export const pluginApiVersions = [1] as const;

/**
 * GET /plugins?api=N: the plugin API version a host supports; a listing matches when its `apiVersion` is at most N.
 * The bounds take any version a newer app may report, so its query is valid before the marketplace knows that version.
 */
export const apiVersionFilter = { min: 1, max: 99 } as const;
