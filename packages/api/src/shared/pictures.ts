/**
 * What an uploaded picture becomes before it is stored — the asset library's (docs/overlays.md#pictures-and-the-asset-library)
 * and a plugin's icon and screenshots (docs/plugins.md#icons-and-screenshots):
 * its type decided from the bytes by sharp (never the name or the declared
 * type), only PNG, JPEG, WebP and GIF taken (SVG refused, not sanitised), the
 * decoding work bounded before anything is decoded (sides, pixels, frames),
 * and the pixels re-encoded in the same type: EXIF (GPS included), XMP, IPTC,
 * comments and bytes trailing a polyglot are dropped, EXIF orientation is
 * applied, colours are converted to sRGB and the profile dropped. Animations
 * keep their frames and timing.
 */
import { AppError, type AssetPictureType, assetLimits, assetPictureContentTypes } from "@streamkit/api-contract";
import sharp, { type Metadata, type OutputInfo } from "sharp";

/** The bounds an upload is held to: assetLimits, or tighter ones in tests. */
export type PictureLimits = { readonly [K in "maxSide" | "maxPixels" | "maxFrames" | "maxTotalPixels"]: number };

export interface Picture {
  bytes: Uint8Array;
  contentType: AssetPictureType;
  width: number;
  /** Of one frame. */
  height: number;
  animated: boolean;
}

const typeOfFormat: Record<string, AssetPictureType> = { png: "image/png", jpeg: "image/jpeg", webp: "image/webp", gif: "image/gif" };
const accepted = "PNG, JPEG, WebP or GIF";

/** How the refusals name what takes the picture and what else it takes: the asset library also takes sounds. */
export interface PictureWording {
  /** "the library", "a plugin's icon" … */
  taker: string;
  /** The 400 for an empty body and for bytes that are no image at all. */
  empty: string;
  unreadable: string;
}

export const libraryWording: PictureWording = {
  taker: "the library",
  empty: `The body is empty; send the bytes of a ${accepted} picture, or of a sound.`,
  unreadable: `The body is not a picture or sound the library can read (its bytes are no image or audio format); send the bytes of a ${accepted} picture, or an MP3, Ogg, WAV or FLAC sound.`,
};

/** Re-encodes an upload, or throws the domain error that says why it is refused. */
export async function processPicture(input: Uint8Array, limits: PictureLimits = assetLimits, wording: PictureWording = libraryWording): Promise<Picture> {
  const notAPicture = (reason: string) =>
    new AppError("bad_request", `The body is not a picture ${wording.taker} can read (${reason}); send the bytes of a ${accepted} file.`);
  if (input.byteLength === 0) throw new AppError("bad_request", wording.empty);
  let metadata: Metadata;
  try {
    // Headers only: nothing is decoded yet.
    metadata = await sharp(input, { limitInputPixels: false, animated: true }).metadata();
  } catch {
    // No image format at all (the asset library asked first whether it is a sound).
    throw new AppError("bad_request", wording.unreadable);
  }
  const format = metadata.format as string | undefined;
  if (format === "svg") {
    throw new AppError(
      "unsupported_media_type",
      `SVG pictures are not taken: they can carry scripts and outside loads. Export it as PNG or WebP; ${wording.taker} takes ${accepted}.`,
      { type: "image/svg+xml", accepted: assetPictureContentTypes },
    );
  }
  const contentType = format ? typeOfFormat[format] : undefined;
  if (!contentType) {
    throw new AppError("unsupported_media_type", `${(format ?? "This").toUpperCase()} pictures are not taken; ${wording.taker} takes ${accepted}.`, {
      type: format ?? null,
      accepted: assetPictureContentTypes,
    });
  }

  const frames = Math.max(1, metadata.pages ?? 1);
  const width = metadata.width ?? 0;
  const height = frames > 1 ? (metadata.pageHeight ?? 0) : (metadata.height ?? 0);
  if (width <= 0 || height <= 0) throw notAPicture("it has no width or height");
  checkBounds(width, height, frames, limits);

  const animated = frames > 1 && (contentType === "image/gif" || contentType === "image/webp");
  let output: { data: Buffer; info: OutputInfo };
  try {
    // failOn "error": a slightly damaged picture is still read; one that cannot be decoded is refused. The pixel bound holds even if the headers lied.
    const decoder = sharp(input, { limitInputPixels: limits.maxTotalPixels, failOn: "error", animated, pages: animated ? -1 : 1 });
    // Orientation is applied to stills (an animation's EXIF orientation is not a thing cameras write); no metadata is kept by default.
    const pipeline = animated ? decoder : decoder.rotate();
    const encoded =
      contentType === "image/png"
        ? pipeline.png()
        : contentType === "image/jpeg"
          ? pipeline.jpeg({ quality: 90 })
          : contentType === "image/webp"
            ? pipeline.webp({ quality: 90, effort: 4 })
            : pipeline.gif({ effort: 7 });
    output = await encoded.toBuffer({ resolveWithObject: true });
  } catch {
    throw notAPicture("it could not be decoded; it may be damaged or truncated");
  }
  const outFrames = Math.max(1, output.info.pages ?? 1);
  return {
    bytes: new Uint8Array(output.data.buffer, output.data.byteOffset, output.data.byteLength),
    contentType,
    width: output.info.width,
    height: outFrames > 1 ? (output.info.pageHeight ?? output.info.height) : output.info.height,
    animated: outFrames > 1,
  };
}

/** The picture's size against the limits, from its headers, before any decoding. */
function checkBounds(width: number, height: number, frames: number, limits: PictureLimits): void {
  const tooBig = (message: string) =>
    new AppError("payload_too_large", message, {
      width,
      height,
      frames,
      maxSide: limits.maxSide,
      maxPixels: limits.maxPixels,
      maxFrames: limits.maxFrames,
      maxTotalPixels: limits.maxTotalPixels,
    });
  if (width > limits.maxSide || height > limits.maxSide) {
    throw tooBig(`The picture is ${width}×${height} pixels; each side may be at most ${limits.maxSide}.`);
  }
  if (width * height > limits.maxPixels) {
    throw tooBig(`The picture has ${width * height} pixels (${width}×${height}); at most ${limits.maxPixels} are taken.`);
  }
  if (frames > limits.maxFrames) throw tooBig(`The animation has ${frames} frames; at most ${limits.maxFrames} are taken.`);
  if (width * height * frames > limits.maxTotalPixels) {
    throw tooBig(`The animation has ${width * height * frames} pixels in all its frames; at most ${limits.maxTotalPixels} are taken.`);
  }
}
