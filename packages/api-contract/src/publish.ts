import { z } from "zod";
import { listingDetailSchema, listingSchema, publisherSchema, reviewReasonSchema } from "./listing";
import { packageSignatureFields } from "./signing";
import { isoTimestamp } from "./time";

/** Limits of the publish request that are not packing rules (those live in @streamkit/plugin-rules). */
export const publishLimits = { maxChangelogLength: 10_000 } as const;

export const packageFileSchema = z
  .object({
    path: z.string().meta({ description: "Relative to the plugin folder, `/`-separated, e.g. `lib/util.lua`." }),
    content: z.string().meta({ description: "The file's text (UTF-8)." }),
  })
  .meta({ id: "PackageFile" });

export const publishRequestSchema = z
  .object({
    files: z.array(packageFileSchema).min(1, "Send at least plugin.json and the main Lua file.").meta({
      description:
        "Every file of the plugin folder. The packing rules (paths, sizes, plugin.json, Lua syntax, permissions) are checked as a whole and reported together as 400 invalid_package.",
    }),
    changelog: z
      .string()
      .trim()
      .min(1, "Describe what changed in this version.")
      .max(publishLimits.maxChangelogLength)
      .meta({ description: `What changed in this version, shown in the version history (1 to ${publishLimits.maxChangelogLength} characters).` }),
  })
  .meta({ id: "PublishRequest" });
export type PublishRequest = z.infer<typeof publishRequestSchema>;

export const publishedVersionSchema = z
  .object({
    slug: z.string(),
    version: z.string(),
    changelog: z.string(),
    createdAt: isoTimestamp,
    files: z.array(z.object({ path: z.string(), bytes: z.int().min(0).meta({ description: "Size in UTF-8 bytes." }) })),
    review: z
      .object({
        status: z.enum(["listed", "held"]).meta({
          description:
            "`listed`: in the marketplace now; `held`: waiting for the operators' review (reasons say why), not listed nor downloadable by others meanwhile.",
        }),
        reasons: z.array(reviewReasonSchema),
      })
      .meta({ description: "What the scan decided for this version (docs/plugins.md)." }),
  })
  .meta({ id: "PublishedVersion" });

export const publishResponseSchema = z
  .object({
    version: publishedVersionSchema,
    item: listingSchema.meta({ description: "The plugin's listing after this version." }),
  })
  .meta({ id: "PublishResponse" });
export type PublishResponse = z.infer<typeof publishResponseSchema>;

export const pluginPackageSchema = z
  .object({
    listingId: z.string(),
    id: z.string().meta({ description: "The plugin id." }),
    version: z.string().meta({ description: "Latest version." }),
    publisher: publisherSchema,
    files: z.array(packageFileSchema).meta({ description: "Every file of the latest version's folder, plugin.json first." }),
    ...packageSignatureFields,
  })
  .meta({ id: "Package" });
export type PluginPackage = z.infer<typeof pluginPackageSchema>;

export const myPluginsSchema = z
  .object({
    items: z.array(listingSchema).meta({ description: "The caller's plugins, most recently updated first, including hidden and removed ones." }),
    staff: z.boolean().meta({ description: "True when the caller is one of the service's operators." }),
  })
  .meta({ id: "MyPlugins" });

/** The dashboard's list of the author's plugins, each with every version (the website's own procedure, not under /api/v1). */
export const myPluginsWithVersionsSchema = z.object({
  items: z.array(listingDetailSchema),
});
export type MyPluginsWithVersions = z.infer<typeof myPluginsWithVersionsSchema>;
