import { z } from "zod";
import { type AssetPictureType, assetPictureTypes } from "./assets";

/**
 * A plugin's icon and screenshots (docs/plugins.md#icons-and-screenshots): the
 * limits as data (the server enforces them, the docs, the OpenAPI document and
 * the dashboard quote them), the addresses they are served at, and their schemas.
 */
export const pluginMediaLimits = {
  /** Screenshots per plugin. */
  maxScreenshots: 8,
  /** The largest icon upload, in bytes (1 MiB): refused while reading, 413 payload_too_large. */
  maxIconBytes: 1024 * 1024,
  /** The largest screenshot upload, in bytes (5 MiB). */
  maxScreenshotBytes: 5 * 1024 * 1024,
  /** Bounds of the decoding work, as the asset library's (sides, pixels of a frame, frames, pixels of all frames). */
  icon: { maxSide: 1024, maxPixels: 1024 * 1024, maxFrames: 60, maxTotalPixels: 16 * 1024 * 1024 },
  screenshot: { maxSide: 4096, maxPixels: 8 * 1024 * 1024, maxFrames: 300, maxTotalPixels: 32 * 1024 * 1024 },
  /** Characters of a screenshot's alt text. */
  maxAltLength: 300,
  /** Bytes of icons and screenshots one account may store, over all its plugins (64 MiB), after re-encoding. */
  storageBytesPerAccount: 64 * 1024 * 1024,
  /** The social preview image (og:image), in pixels: what link previews of chat and social sites expect. */
  social: { width: 1200, height: 630 },
  /** Side of the generated icon's drawing, in pixels (an SVG: it scales). */
  generatedIconSide: 256,
} as const;

/** Where a plugin's stored icon or screenshot is served: its content's SHA-256 and the extension of its type. */
export const pluginMediaUrl = (blobKey: string, contentType: AssetPictureType) => `/api/plugin-media/${blobKey}.${assetPictureTypes[contentType]}`;

/** The icon drawn for a plugin without one: a function of its slug alone. */
export const generatedIconUrl = (slug: string) => `/api/plugin-media/generated/${encodeURIComponent(slug)}.svg`;

/**
 * The plugin's social preview (a PNG for og:image and twitter:image). `v` changes with what it shows, so a link
 * shared after a change is not shown the old picture by sites that keep them; the server ignores it.
 */
export function socialImageUrl(listing: { slug: string; name: string; description: string; version: string; icon: { url: string } }): string {
  let hash = 2166136261;
  for (const char of `${listing.name}\n${listing.description}\n${listing.version}\n${listing.icon.url}`) {
    hash = Math.imul(hash ^ char.charCodeAt(0), 16777619) >>> 0;
  }
  return `/api/plugin-media/social/${encodeURIComponent(listing.slug)}.png?v=${hash.toString(36)}`;
}

export const pluginIconSchema = z
  .object({
    url: z.string().meta({
      description:
        "The uploaded icon (`/api/plugin-media/<sha256>.<png|jpg|webp|gif>`, public, immutable), or the generated one (`/api/plugin-media/generated/<slug>.svg`) when `iconGenerated`.",
    }),
    width: z.int(),
    height: z.int(),
  })
  .meta({ id: "PluginIcon" });
export type PluginIcon = z.infer<typeof pluginIconSchema>;

export const screenshotAltSchema = z
  .string()
  .trim()
  .max(pluginMediaLimits.maxAltLength, `Alt text has at most ${pluginMediaLimits.maxAltLength} characters.`)
  .meta({ description: `What the screenshot shows, for people who cannot see it; 0–${pluginMediaLimits.maxAltLength} characters (trimmed).` });

export const pluginScreenshotSchema = z
  .object({
    id: z.uuid(),
    url: z.string().meta({ description: "`/api/plugin-media/<sha256>.<png|jpg|webp|gif>`: public, immutable, cacheable for a year." }),
    width: z.int(),
    height: z.int().meta({ description: "Of one frame, for an animation." }),
    alt: z.string(),
  })
  .meta({ id: "PluginScreenshot" });
export type PluginScreenshot = z.infer<typeof pluginScreenshotSchema>;

export const pluginScreenshotsSchema = z.object({ screenshots: z.array(pluginScreenshotSchema).meta({ description: "In the order shown." }) });

export const pluginSlugInputSchema = z.object({ slug: z.string().max(100) });
export const screenshotInputSchema = pluginSlugInputSchema.extend({ screenshotId: z.uuid("Not a screenshot id.") });
export const screenshotAltInputSchema = screenshotInputSchema.extend({ alt: screenshotAltSchema });
export const screenshotOrderInputSchema = pluginSlugInputSchema.extend({
  ids: z
    .array(z.uuid("Not a screenshot id."))
    .max(pluginMediaLimits.maxScreenshots)
    .meta({ description: "Every screenshot's id, each once, in the new order." }),
});
