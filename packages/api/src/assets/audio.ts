/**
 * What a sound upload becomes before it is stored (docs/overlays.md#uploaded-alert-sounds): its type decided from
 * the bytes' magic numbers (shared/audio-format.ts, never the name or the declared type), only the types OBS's browser
 * source plays (assetSoundTypes), at most assetLimits.maxSoundBytes, and its structure checked enough that a file
 * merely starting like audio is refused. The bytes are stored as uploaded — there is no audio encoder here — except an
 * MP3's ID3 tags (titles, comments, embedded cover pictures), which are dropped like a picture's EXIF.
 */
import { AppError, type AssetSoundType, assetLimits, assetSoundContentTypes, assetSoundTypes } from "@streamkit/api-contract";
import { detectAudioFormat, readWavInfo } from "../shared/audio-format";

export interface StoredSound {
  kind: "sound";
  bytes: Uint8Array;
  contentType: AssetSoundType;
}

const accepted = "MP3, Ogg (Vorbis or Opus), WAV or FLAC";
const notASound = (type: string, reason: string) =>
  new AppError("bad_request", `The body starts like ${type} audio but is not a sound the library can read (${reason}); send the bytes of an ${accepted} file.`);

export const isSoundType = (type: string | null): type is AssetSoundType => type !== null && Object.hasOwn(assetSoundTypes, type);

/** The audio type these bytes start with, taken or not (null: no audio signature at all). */
export const audioSignature = (bytes: Uint8Array) => detectAudioFormat(bytes);

/** A sound type the library does not take (MP4/AAC, WebM): 415 with what it takes. */
export function refusedAudio(type: string): AppError {
  return new AppError("unsupported_media_type", `${type} sounds are not taken: OBS's browser source may not play them. Convert it to ${accepted}.`, {
    type,
    accepted: assetSoundContentTypes,
  });
}

/** Checks and trims a sound upload, or throws the domain error that says why it is refused. */
export function processSound(input: Uint8Array, contentType: AssetSoundType, limits: { maxSoundBytes: number } = assetLimits): StoredSound {
  if (input.byteLength > limits.maxSoundBytes) {
    throw new AppError(
      "payload_too_large",
      `The sound is ${input.byteLength} bytes; a sound may be at most ${limits.maxSoundBytes} bytes (${limits.maxSoundBytes / 1024 / 1024} MiB). Alert sounds are short: shorten it, or export it as MP3 or Ogg.`,
      { size: input.byteLength, maxSoundBytes: limits.maxSoundBytes },
    );
  }
  if (contentType === "audio/wav" && !readWavInfo(input)) throw notASound("WAV", "no readable fmt and data chunks");
  if (contentType === "audio/ogg" && input[4] !== 0) throw notASound("Ogg", "an unknown Ogg version");
  if (contentType === "audio/flac" && (input.byteLength < 42 || (input[4]! & 0x7f) !== 0)) throw notASound("FLAC", "no STREAMINFO block");
  if (contentType === "audio/mpeg") return { kind: "sound", contentType, bytes: withoutId3(input) };
  return { kind: "sound", contentType, bytes: input };
}

/** An MP3 without its ID3v2 tags (at the start) and ID3v1 tag (the last 128 bytes); what is left must start with a valid MPEG audio frame. */
function withoutId3(input: Uint8Array): Uint8Array {
  let start = 0;
  // ID3v2: "ID3", version, flags, then a 28-bit "syncsafe" size; a footer of 10 more bytes when flag 0x10 is set. Some files chain several.
  for (let tags = 0; tags < 4 && input.byteLength - start >= 10 && input[start] === 0x49 && input[start + 1] === 0x44 && input[start + 2] === 0x33; tags++) {
    const size = ((input[start + 6]! & 0x7f) << 21) | ((input[start + 7]! & 0x7f) << 14) | ((input[start + 8]! & 0x7f) << 7) | (input[start + 9]! & 0x7f);
    start += 10 + size + (input[start + 5]! & 0x10 ? 10 : 0);
  }
  // Encoders may pad between the tag and the first frame.
  for (let skipped = 0; start < input.byteLength && input[start] === 0 && skipped < 4096; skipped++) start++;
  let end = input.byteLength;
  if (end - start >= 128 + 4 && input[end - 128] === 0x54 && input[end - 127] === 0x41 && input[end - 126] === 0x47) end -= 128;
  const audio = input.subarray(start, end);
  if (!isMpegFrameHeader(audio)) throw notASound("MP3", "no MPEG audio frame after its tags");
  return audio;
}

/** Sync bits, a version and layer that exist, a bitrate that is not the "bad" one, a known sample rate. */
function isMpegFrameHeader(bytes: Uint8Array): boolean {
  if (bytes.byteLength < 4 || detectAudioFormat(bytes.subarray(0, 4)) !== "audio/mpeg" || bytes[0] !== 0xff) return false;
  const bitrate = bytes[2]! >> 4;
  const sampleRate = (bytes[2]! >> 2) & 0x03;
  return bitrate !== 0x0f && sampleRate !== 0x03;
}
