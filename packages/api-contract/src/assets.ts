import { z } from "zod";
import { cursorPaging } from "./limits";
import { isoTimestamp } from "./time";

/**
 * The account's picture library (docs/overlays.md#pictures-and-the-asset-library): the limits
 * of an upload, as data (the server enforces them, the docs and the OpenAPI
 * document quote them), and the requests and answers of its operations.
 * How much an account may hold is its plan's `assetStorageBytes`.
 */
export const assetLimits = {
  /** The largest upload, in bytes (10 MiB): refused while reading, 413 payload_too_large. */
  maxUploadBytes: 10 * 1024 * 1024,
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

/** The types the library takes, as decided from the bytes; each is stored as re-encoded in the same type. */
export const assetTypes = { "image/png": "png", "image/jpeg": "jpg", "image/webp": "webp", "image/gif": "gif" } as const;
export type AssetContentType = keyof typeof assetTypes;
export type AssetExtension = (typeof assetTypes)[AssetContentType];
export const assetContentTypes = Object.keys(assetTypes) as AssetContentType[];

/** Where a stored picture is served: its blob's SHA-256 and the extension of its type. */
export const assetUrl = (blobKey: string, contentType: AssetContentType) => `/api/assets/${blobKey}.${assetTypes[contentType]}`;

export const assetNameSchema = z
  .string()
  .trim()
  .min(1, "Give the picture a name.")
  .max(assetLimits.maxNameLength, `A name has at most ${assetLimits.maxNameLength} characters.`)
  .meta({ description: `The picture's name in the library, 1–${assetLimits.maxNameLength} characters (trimmed).` });

export const assetIdSchema = z.uuid("Not an asset id.");

export const assetUsageSchema = z
  .object({
    overlayId: z.uuid(),
    name: z.string(),
  })
  .meta({ id: "AssetUser", description: "An overlay whose current or live document draws this picture." });

export const assetSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    contentType: z.enum(assetContentTypes as [AssetContentType, ...AssetContentType[]]).meta({
      description: "The stored picture's type, decided from the uploaded bytes (never their name or declared type) and re-encoded in it.",
    }),
    size: z.int().meta({ description: "Bytes stored (after re-encoding); what counts against the plan's storage." }),
    width: z.int(),
    height: z.int().meta({ description: "Of one frame, for an animation." }),
    animated: z.boolean().meta({ description: "More than one frame (an animated GIF or WebP)." }),
    url: z.string().meta({
      description: "Where the picture is served, `/api/assets/<sha256>.<png|jpg|webp|gif>`: public, immutable, cacheable for a year.",
      example: "/api/assets/9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08.png",
    }),
    createdAt: isoTimestamp,
    updatedAt: isoTimestamp,
  })
  .meta({ id: "Asset" });
export type Asset = z.infer<typeof assetSchema>;

export const assetDetailSchema = assetSchema
  .extend({ usedBy: z.array(assetUsageSchema).meta({ description: "The account's overlays that draw it now (current or live document)." }) })
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
});

export const assetListSchema = z.object({
  items: z.array(assetSchema),
  nextCursor: z.string().nullable().meta({ description: "Pass as `cursor` for the next page; null at the end." }),
  usage: assetUsageTotalsSchema,
});

export const assetIdInputSchema = z.object({ assetId: assetIdSchema });
export const renameAssetInputSchema = z.object({ assetId: assetIdSchema, name: assetNameSchema });
