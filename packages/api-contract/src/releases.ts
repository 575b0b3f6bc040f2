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

/**
 * Update channels are data (docs/desktop.md#channels): a release belongs to
 * one channel, and an installation following a channel is offered the
 * releases of every channel that channel `follows`. Adding a channel
 * (say nightly: nightly, beta, stable) is one line here.
 */
export const releaseChannels = {
  stable: { follows: ["stable"] },
  beta: { follows: ["beta", "stable"] },
} as const satisfies Record<string, { follows: readonly string[] }>;
export type ReleaseChannel = keyof typeof releaseChannels;
export const releaseChannelNames = Object.keys(releaseChannels) as [ReleaseChannel, ...ReleaseChannel[]];
export const DEFAULT_RELEASE_CHANNEL: ReleaseChannel = "stable";
/** The channels whose releases an installation following `channel` is offered. */
export const channelsFollowedBy = (channel: ReleaseChannel): readonly ReleaseChannel[] => releaseChannels[channel].follows;
const channelSchema = z.enum(releaseChannelNames, { error: `The channel is one of ${releaseChannelNames.join(", ")}.` });

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
  channel: channelSchema.default(DEFAULT_RELEASE_CHANNEL),
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
  channel: z.enum(releaseChannelNames),
  withdrawnAt: isoTimestamp.nullable(),
  /** Withdrawn with rollback: installations on this version are offered the previous good release. */
  rollback: z.boolean(),
  createdAt: isoTimestamp,
  /** Bumped by every change: the operator's page sends the one it showed, and a change made meanwhile is 409 conflict. */
  revision: z.int(),
  updatedAt: isoTimestamp,
  /** Who made the last change (publish, change, withdrawal): an operator's account, or null for the operator CLI. */
  updatedBy: z.object({ id: z.uuid(), name: z.string() }).nullable(),
});
export type Release = z.infer<typeof releaseSchema>;

/** The operator changes a published release's channel or rollout, on one platform or every platform that has the version. */
export const changeReleaseSchema = z
  .object({
    version: releaseVersionSchema,
    target: z.enum(releaseTargets, { error: `The target is one of ${releaseTargets.join(", ")}.` }).optional(),
    arch: z.enum(releaseArches, { error: `The arch is one of ${releaseArches.join(", ")}.` }).optional(),
    channel: channelSchema.optional(),
    rollout: z.int({ error: "The rollout is a whole percentage from 0 to 100." }).min(0).max(100).optional(),
    /** The revision the change was made against (one platform only): another change in between is 409 conflict. */
    revision: z.int().min(1).optional(),
  })
  .refine((input) => input.channel !== undefined || input.rollout !== undefined, {
    message: "Nothing to change: give a channel or a rollout.",
    path: ["channel"],
  })
  .refine((input) => (input.target === undefined) === (input.arch === undefined), {
    message: "Give both the target and the arch, or neither (every platform).",
    path: ["arch"],
  })
  .refine((input) => input.revision === undefined || input.target !== undefined, {
    message: "A revision names one platform's release: give the target and arch.",
    path: ["revision"],
  });
export type ChangeRelease = z.infer<typeof changeReleaseSchema>;

/** The lowest version a platform's installations on a channel may run (docs/desktop.md#required-updates). */
export const releaseMinimumSchema = z.object({
  target: z.enum(releaseTargets),
  arch: z.enum(releaseArches),
  channel: z.enum(releaseChannelNames),
  version: z.string(),
  /** The lowest release that meets it (not withdrawn, in a channel the minimum's channel follows); null: none yet, so nobody is told to update. */
  satisfiedBy: z.string().nullable(),
  updatedAt: isoTimestamp,
  updatedBy: z.object({ id: z.uuid(), name: z.string() }).nullable(),
});
export type ReleaseMinimum = z.infer<typeof releaseMinimumSchema>;

/** Sets (version) or removes (version null) one platform's minimum on one channel. */
export const setReleaseMinimumSchema = z.object({
  target: z.enum(releaseTargets, { error: `The target is one of ${releaseTargets.join(", ")}.` }),
  arch: z.enum(releaseArches, { error: `The arch is one of ${releaseArches.join(", ")}.` }),
  channel: channelSchema.default(DEFAULT_RELEASE_CHANNEL),
  version: releaseVersionSchema.nullable(),
});
export type SetReleaseMinimum = z.input<typeof setReleaseMinimumSchema>;

/** What the updater answers when there is a newer version (Tauri v2): 204 otherwise. */
export const appUpdateSchema = z
  .object({
    version: z.string(),
    url: z.string(),
    signature: z.string(),
    notes: z.string(),
    pub_date: z.string().meta({ description: "RFC 3339." }),
    /** Streamkit's fields (Tauri passes them to the app as rawJson): docs/desktop.md#what-the-app-reads. */
    channel: z.enum(releaseChannelNames),
    required: z.boolean(),
    minimumVersion: z.string().nullable(),
    rollback: z.boolean(),
  })
  .meta({ id: "AppUpdate" });
export type AppUpdate = z.infer<typeof appUpdateSchema>;

/** The operator withdraws one version on one platform (the website's /admin; the CLI may also withdraw it everywhere). */
export const withdrawReleaseSchema = z.object({
  version: releaseVersionSchema,
  target: z.enum(releaseTargets, { error: `The target is one of ${releaseTargets.join(", ")}.` }),
  arch: z.enum(releaseArches, { error: `The arch is one of ${releaseArches.join(", ")}.` }),
  /** Also offer installations already on it the previous good release (docs/desktop.md#rollback). */
  rollback: z.boolean().default(false),
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
