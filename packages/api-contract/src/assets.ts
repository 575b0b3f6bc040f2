import { z } from "zod";
import { cursorPaging } from "./limits";
import { isoTimestamp } from "./time";

/**
 * The account's asset library (docs/overlays.md#pictures-and-the-asset-library): pictures and, since
 * docs/overlays.md#uploaded-alert-sounds, sounds; the limits
 * of an upload, as data (the server enforces them, the docs and the OpenAPI
 * document quote them), and the requests and answers of its operations.
 * How much an account may hold is its plan's `assetStorageBytes`.
 */
export const assetLimits = {
  /** The largest upload, in bytes (10 MiB): refused while reading, 413 payload_too_large. */
  maxUploadBytes: 10 * 1024 * 1024,
  /**
   * The largest sound, in bytes (5 MiB: about 30 s of CD-quality WAV, minutes of MP3 or Ogg). The body is read up to
   * maxUploadBytes, since its type is known only from its bytes; a sound past this is 413 payload_too_large then.
   */
  maxSoundBytes: 5 * 1024 * 1024,
  /** The longest side of a picture, in pixels (a canvas is at most 8192 a side too). */
  maxSide: 8192,
  /** Pixels of one frame (width × height, 16 Mi): bounds the decoding work and memory of a still picture. */
  maxPixels: 16 * 1024 * 1024,
  /** Frames of an animated GIF or WebP. */
  maxFrames: 500,
  /** Pixels of all the frames together (32 Mi, 128 MiB decoded): bounds the work of an animation. */
  maxTotalPixels: 32 * 1024 * 1024,
  /** Characters of an asset's name. */
  maxNameLength: 100,
  /** How long a served picture may be cached: its address names its content. */
  maxAgeSeconds: 31_536_000,
  /**
   * Each process keeps the bytes of pictures it served (hot ones are asked for
   * by every OBS source and editor): at most this many, of at most this size
   * each and together. Bytes of a key never change; whether some asset still
   * holds the key is asked of the database on every request.
   */
  servedCache: { maxEntries: 512, maxEntryBytes: 1024 * 1024, maxBytes: 32 * 1024 * 1024 },
} as const;

/** The picture types the library takes, as decided from the bytes; each is stored as re-encoded in the same type. */
export const assetPictureTypes = { "image/png": "png", "image/jpeg": "jpg", "image/webp": "webp", "image/gif": "gif" } as const;
/**
 * The sound types the library takes, as decided from the bytes (magic numbers), stored as uploaded (an MP3's ID3
 * tags dropped): what OBS's browser source plays. MP4/AAC and WebM are not taken (OBS's browser cannot play AAC).
 */
export const assetSoundTypes = { "audio/mpeg": "mp3", "audio/ogg": "ogg", "audio/wav": "wav", "audio/flac": "flac" } as const;
/** Every type of the library, with the extension of its address. */
export const assetTypes = { ...assetPictureTypes, ...assetSoundTypes } as const;
export type AssetContentType = keyof typeof assetTypes;
export type AssetPictureType = keyof typeof assetPictureTypes;
export type AssetSoundType = keyof typeof assetSoundTypes;
export type AssetExtension = (typeof assetTypes)[AssetContentType];
export const assetContentTypes = Object.keys(assetTypes) as AssetContentType[];
export const assetPictureContentTypes = Object.keys(assetPictureTypes) as AssetPictureType[];
export const assetSoundContentTypes = Object.keys(assetSoundTypes) as AssetSoundType[];

/** A library entry is a picture or a sound; its type says which. */
export const assetKinds = ["picture", "sound"] as const;
export type AssetKind = (typeof assetKinds)[number];
export const assetKindOf = (contentType: string): AssetKind => (contentType.startsWith("audio/") ? "sound" : "picture");

/** Where a stored picture or sound is served: its blob's SHA-256 and the extension of its type. */
export const assetUrl = (blobKey: string, contentType: AssetContentType) => `/api/assets/${blobKey}.${assetTypes[contentType]}`;

export const assetNameSchema = z
  .string()
  .trim()
  .min(1, "Give the picture or sound a name.")
  .max(assetLimits.maxNameLength, `A name has at most ${assetLimits.maxNameLength} characters.`)
  .meta({ description: `The picture's or sound's name in the library, 1–${assetLimits.maxNameLength} characters (trimmed).` });

export const assetIdSchema = z.uuid("Not an asset id.");

export const assetUsageSchema = z
  .object({
    overlayId: z.uuid(),
    name: z.string(),
  })
  .meta({
    id: "AssetUser",
    description: "An overlay whose current or live document draws this picture (a picture layer) or plays this sound (an alert sound).",
  });

export const assetSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    kind: z.enum(assetKinds).meta({ description: "`picture` (image/*) or `sound` (audio/*), as its type says." }),
    contentType: z.enum(assetContentTypes as [AssetContentType, ...AssetContentType[]]).meta({
      description:
        "The stored type, decided from the uploaded bytes (never their name or declared type): a picture re-encoded in it, a sound stored as uploaded (an MP3 without its ID3 tags).",
    }),
    size: z.int().meta({ description: "Bytes stored (a picture after re-encoding); what counts against the plan's storage." }),
    width: z.int().nullable().meta({ description: "A picture's width in pixels; null for a sound." }),
    height: z.int().nullable().meta({ description: "A picture's height in pixels (of one frame, for an animation); null for a sound." }),
    animated: z.boolean().meta({ description: "More than one frame (an animated GIF or WebP); false for a sound." }),
    url: z.string().meta({
      description: "Where the bytes are served, `/api/assets/<sha256>.<png|jpg|webp|gif|mp3|ogg|wav|flac>`: public, immutable, cacheable for a year.",
      example: "/api/assets/9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08.png",
    }),
    createdAt: isoTimestamp,
    updatedAt: isoTimestamp,
  })
  .meta({ id: "Asset" });
export type Asset = z.infer<typeof assetSchema>;

export const assetDetailSchema = assetSchema
  .extend({
    usedBy: z
      .array(assetUsageSchema)
      .meta({ description: "The account's overlays that draw it (a picture) or play it with an alert (a sound) now: current or live document." }),
  })
  .meta({ id: "AssetDetail" });

export const assetUsageTotalsSchema = z
  .object({
    bytes: z.int().meta({ description: "Bytes the library holds." }),
    quotaBytes: z.int().meta({ description: "Bytes the plan allows (its assetStorageBytes; 0 on Free)." }),
  })
  .meta({ id: "AssetStorage" });

export const assetListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(cursorPaging.maxLimit).default(cursorPaging.defaultLimit),
  cursor: z.string().max(cursorPaging.maxCursorLength).optional(),
  kind: z.enum(assetKinds).optional().meta({ description: "Only pictures or only sounds; both when left out." }),
});

export const assetListSchema = z.object({
  items: z.array(assetSchema),
  nextCursor: z.string().nullable().meta({ description: "Pass as `cursor` for the next page; null at the end." }),
  usage: assetUsageTotalsSchema,
});

export const assetIdInputSchema = z.object({ assetId: assetIdSchema });
export const renameAssetInputSchema = z.object({ assetId: assetIdSchema, name: assetNameSchema });
