/**
 * Desktop app releases and the updater (docs/api.md#operations, Tauri v2's dynamic update
 * server contract): the platforms are data, a release is what the operator
 * publishes, an update is what the app is told.
 */
import { explainInvalidVersion } from "@streamkit/plugin-rules";
import { z } from "zod";
import { isoTimestamp } from "./time";

/** Tauri's `{{target}}` and `{{arch}}` values for the platforms the app ships on. */
export const releaseTargets = ["linux", "windows", "darwin"] as const;
export const releaseArches = ["x86_64", "aarch64", "i686", "armv7"] as const;
export type ReleaseTarget = (typeof releaseTargets)[number];
export type ReleaseArch = (typeof releaseArches)[number];

export const releaseLimits = { urlMaxLength: 2_000, signatureMaxLength: 4_000, notesMaxLength: 10_000 } as const;

export const releaseVersionSchema = z
  .string()
  .max(256)
  .superRefine((version, ctx) => {
    const problem = explainInvalidVersion(version);
    if (problem) ctx.addIssue({ code: "custom", message: `Not a SemVer version: ${problem}.` });
  });

export const publishReleaseSchema = z.object({
  version: releaseVersionSchema,
  target: z.enum(releaseTargets, { error: `The target is one of ${releaseTargets.join(", ")}.` }),
  arch: z.enum(releaseArches, { error: `The arch is one of ${releaseArches.join(", ")}.` }),
  url: z.url({ protocol: /^https?$/, error: "The url is the artefact's http(s) address." }).max(releaseLimits.urlMaxLength),
  signature: z.string().trim().min(1, "The signature is the content of the artefact's .sig file.").max(releaseLimits.signatureMaxLength),
  notes: z.string().max(releaseLimits.notesMaxLength).default(""),
  pubDate: z.iso.datetime({ offset: true, error: "The publication date is an RFC 3339 time, e.g. 2026-11-24T08:00:00Z." }).optional(),
  rollout: z.int().min(0).max(100).default(100),
});
export type PublishRelease = z.input<typeof publishReleaseSchema>;

export const releaseSchema = z.object({
  id: z.uuid(),
  version: z.string(),
  target: z.enum(releaseTargets),
  arch: z.enum(releaseArches),
  url: z.string(),
  signature: z.string(),
  notes: z.string(),
  pubDate: isoTimestamp,
  rollout: z.int(),
  withdrawnAt: isoTimestamp.nullable(),
  createdAt: isoTimestamp,
});
export type Release = z.infer<typeof releaseSchema>;

/** What the updater answers when there is a newer version (Tauri v2): 204 otherwise. */
export const appUpdateSchema = z
  .object({
    version: z.string(),
    url: z.string(),
    signature: z.string(),
    notes: z.string(),
    pub_date: z.string().meta({ description: "RFC 3339." }),
  })
  .meta({ id: "AppUpdate" });
export type AppUpdate = z.infer<typeof appUpdateSchema>;

/** The operator withdraws one version on one platform (the website's /admin; the CLI may also withdraw it everywhere). */
export const withdrawReleaseSchema = z.object({
  version: releaseVersionSchema,
  target: z.enum(releaseTargets, { error: `The target is one of ${releaseTargets.join(", ")}.` }),
  arch: z.enum(releaseArches, { error: `The arch is one of ${releaseArches.join(", ")}.` }),
});
export type WithdrawRelease = z.infer<typeof withdrawReleaseSchema>;

/** A release as /download shows it; `demo` when the demo data's key signed it (docs/desktop.md#the-app-updater). */
export const downloadableReleaseSchema = releaseSchema
  .pick({ id: true, version: true, target: true, arch: true, url: true, notes: true, pubDate: true })
  .extend({
    demo: z.boolean(),
  });
export type DownloadableRelease = z.infer<typeof downloadableReleaseSchema>;

/** What /download shows: the newest full release per platform, the updater's address for the app's config, and the demo releases' public key. */
export const downloadsSchema = z.object({
  releases: z.array(downloadableReleaseSchema),
  /** Tauri's `plugins.updater.endpoints` entry for this site. */
  updaterEndpoint: z.string(),
  demoPublicKey: z.object({
    keyId: z.string(),
    /** The minisign public key file's text. */
    text: z.string(),
    /** That text base64-encoded: Tauri's `plugins.updater.pubkey`. */
    tauri: z.string(),
  }),
});
export type Downloads = z.infer<typeof downloadsSchema>;
