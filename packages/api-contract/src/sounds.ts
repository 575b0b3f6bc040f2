import { z } from "zod";
import { catalogPaging } from "./limits";
import { isoTimestamp } from "./time";

/**
 * The sound catalogue's categories (docs/api.md#operations): data, in the order the
 * website lists them. A sound's `category` is one of these slugs.
 */
export const soundCategories = [
  { slug: "alerts", name: "Alerts and notifications" },
  { slug: "arcade", name: "Arcade and game" },
  { slug: "transitions", name: "Transitions" },
  { slug: "stingers", name: "Musical stingers" },
  { slug: "nature", name: "Nature and weather" },
  { slug: "reactions", name: "Reactions" },
] as const;
export type SoundCategorySlug = (typeof soundCategories)[number]["slug"];
export const soundCategorySlugs = soundCategories.map((category) => category.slug) as [SoundCategorySlug, ...SoundCategorySlug[]];
export const soundCategorySchema = z.enum(soundCategorySlugs).meta({ id: "SoundCategorySlug", description: "A category's slug." });

/** The catalogue's limits, as data: the search text, names, and what the operator may add. */
export const soundLimits = {
  maxQueryLength: 100,
  maxNameLength: 80,
  maxDescriptionLength: 500,
  /** The largest audio file the operator CLI takes. */
  maxAudioBytes: 20 * 1024 * 1024,
  /** How long the audio may be cached: a sound's bytes never change (content-addressed). */
  audioMaxAgeSeconds: 31_536_000,
} as const;

/** The audio formats the catalogue takes, recognised by their bytes (never by a file name). */
export const soundFormats = ["audio/wav", "audio/mpeg", "audio/ogg", "audio/flac", "audio/webm", "audio/mp4"] as const;
export type SoundFormat = (typeof soundFormats)[number];

export const soundSchema = z
  .object({
    id: z.uuid(),
    slug: z.string(),
    name: z.string(),
    category: soundCategorySchema,
    description: z.string(),
    durationMs: z.int().meta({ description: "Length of the audio in milliseconds." }),
    format: z.enum(soundFormats).meta({ description: "The audio's media type; the audio is served with it as Content-Type." }),
    size: z.int().meta({ description: "Size of the audio in bytes." }),
    licence: z.string().meta({ description: "SPDX identifier or the licence's name, e.g. CC0-1.0." }),
    attribution: z.string().meta({ description: "Who to credit." }),
    audio: z.object({
      url: z.string().meta({ description: "GET it with the same credentials (scope sounds:read); Range requests are answered with 206." }),
      type: z.enum(soundFormats),
      etag: z.string().meta({ description: "The audio's strong ETag: its SHA-256 in hex, quoted." }),
    }),
    createdAt: isoTimestamp,
  })
  .meta({ id: "Sound" });
export type SoundItem = z.infer<typeof soundSchema>;

export const soundListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(catalogPaging.maxLimit).default(catalogPaging.defaultLimit),
  offset: z.coerce.number().int().min(0).max(catalogPaging.maxOffset).default(0),
  category: soundCategorySchema.optional(),
  q: z
    .string()
    .trim()
    .max(soundLimits.maxQueryLength)
    .optional()
    .meta({ description: "Words to find in the name, description or category (case-insensitive); every word must match." }),
});
export type SoundListQuery = z.infer<typeof soundListQuerySchema>;

export const soundListSchema = z.object({
  items: z.array(soundSchema),
  nextOffset: z.int().nullable().meta({ description: "Pass as `offset` for the next page; null at the end." }),
});

export const soundCategoryListSchema = z.object({
  items: z.array(
    z.object({ slug: soundCategorySchema, name: z.string(), count: z.int().meta({ description: "How many sounds it holds." }) }).meta({ id: "SoundCategory" }),
  ),
});

/** A sound's id in a path: anything that is not one of the catalogue's ids is 404 not_found, never 400. */
export const soundIdInputSchema = z.object({ soundId: z.string().max(200) });
