import { explainInvalidVersion, PLUGIN_ID_PATTERN } from "@streamkit/plugin-rules";
import { z } from "zod";
import { priceSchema } from "./listing";
import { takenDownSchema } from "./moderation";
import { packageSignatureFields, permissionChangeSchema } from "./signing";
import { isoTimestamp } from "./time";

/** Bounds of POST /plugins/updates (docs/desktop.md#plugin-updates-in-one-call), as data. */
export const pluginUpdateLimits = {
  /** Installed plugins one request may ask about. */
  maxInstalled: 200,
  /** Changelog entries per plugin in an answer, newest first; `changesTruncated` says when older ones were left out. */
  maxChanges: 20,
} as const;

const installedPluginSchema = z.object({
  id: z
    .string()
    .max(100)
    .regex(PLUGIN_ID_PATTERN, "A plugin id is lower-case letters and digits in groups joined by single hyphens, as plugin.json's `id`.")
    .meta({ description: "The plugin's id (plugin.json `id`, the marketplace's slug)." }),
  version: z
    .string()
    .superRefine((value, context) => {
      const problem = explainInvalidVersion(value);
      if (problem) context.addIssue({ code: "custom", message: `Not a SemVer version: ${problem}.` });
    })
    .meta({ description: "The installed version (SemVer), as in its plugin.json." }),
});

export const pluginUpdatesRequestSchema = z
  .object({
    installed: z
      .array(installedPluginSchema)
      .min(1, "Name at least one installed plugin.")
      .max(pluginUpdateLimits.maxInstalled, `At most ${pluginUpdateLimits.maxInstalled} installed plugins per request: send the rest in another.`)
      .superRefine((items, context) => {
        const seen = new Set<string>();
        items.forEach((item, index) => {
          if (seen.has(item.id)) context.addIssue({ code: "custom", path: [index, "id"], message: `"${item.id}" is named twice: name each plugin once.` });
          seen.add(item.id);
        });
      })
      .meta({ description: `The app's installed plugins, each once (1–${pluginUpdateLimits.maxInstalled}).` }),
  })
  .meta({ id: "PluginUpdatesRequest" });
export type PluginUpdatesRequest = z.infer<typeof pluginUpdatesRequestSchema>;

const asked = {
  permissions: z.array(z.string()).meta({ description: "The version's manifest `permissions`." }),
  optionalPermissions: z.array(z.string()).meta({ description: "The version's manifest `optional_permissions`." }),
};

export const pluginUpdateLatestSchema = z
  .object({
    version: z.string(),
    createdAt: isoTimestamp,
    ...asked,
    ...packageSignatureFields,
    download: z.string().meta({ description: "Where its package is: GET /api/v1/plugins/{slug}/package (the path, percent-encoded)." }),
  })
  .meta({ id: "PluginUpdateLatest" });

const entry = {
  id: z.string().meta({ description: "The id as sent." }),
  installedVersion: z.string().meta({ description: "The version as sent." }),
};

export const pluginUpdateSchema = z
  .discriminatedUnion("status", [
    z.object({
      status: z.literal("update_available"),
      ...entry,
      latest: pluginUpdateLatestSchema.meta({ description: "The version to install, signed: check the signature before installing it." }),
      changes: z
        .array(z.object({ version: z.string(), changelog: z.string(), createdAt: isoTimestamp }))
        .meta({ description: `The listed versions after the installed one up to \`latest\`, newest first, at most ${pluginUpdateLimits.maxChanges}.` }),
      changesTruncated: z.boolean().meta({ description: "True when older versions between the installed one and `latest` were left out of `changes`." }),
      installedKnown: z.boolean().meta({
        description:
          "False when the installed version is not one this plugin ever published (a local build): `permissionChanges` then counts everything `latest` asks for as added.",
      }),
      permissionChanges: z.object({ permissions: permissionChangeSchema, optionalPermissions: permissionChangeSchema }).meta({
        description: "What `latest` asks for beyond (added) or no longer (removed) compared with the installed version.",
      }),
      permissionsWidened: z.boolean().meta({
        description: "True when `permissionChanges` adds anything: the app should ask the person to agree before installing.",
      }),
    }),
    z.object({ status: z.literal("up_to_date"), ...entry, latest: pluginUpdateLatestSchema }),
    z.object({
      status: z.literal("purchase_required"),
      ...entry,
      version: z.string().meta({ description: "The latest version, which needs the purchase." }),
      price: priceSchema,
      buyUrl: z.string().meta({ description: "The page to buy it on the website." }),
    }),
    z.object({
      status: z.literal("taken_down"),
      ...entry,
      takenDown: takenDownSchema.meta({ description: "When and why the operators took it down; the app should disable it." }),
    }),
    z.object({ status: z.literal("not_found"), ...entry }),
  ])
  .meta({ id: "PluginUpdate" });
export type PluginUpdate = z.infer<typeof pluginUpdateSchema>;

export const pluginUpdatesSchema = z
  .object({ items: z.array(pluginUpdateSchema).meta({ description: "One per installed plugin, in the order sent." }) })
  .meta({ id: "PluginUpdates" });
export type PluginUpdates = z.infer<typeof pluginUpdatesSchema>;
