/**
 * What an upload is, decided from its bytes alone (docs/overlays.md#uploaded-alert-sounds): audio magic numbers of
 * a type the library takes make it a sound (audio.ts); anything else goes to the picture reader (pictures.ts), which
 * takes it or refuses it. A picture sent as audio/mpeg is a picture; a script named .mp3 is neither (400).
 */
import { AppError } from "@streamkit/api-contract";
import { audioSignature, isSoundType, processSound, refusedAudio, type StoredSound } from "./audio";
import { type Picture, processPicture } from "../shared/pictures";

export type StoredPicture = Picture & { kind: "picture" };
export type Stored = StoredPicture | StoredSound;

export async function processUpload(bytes: Uint8Array): Promise<Stored> {
  const audio = audioSignature(bytes);
  if (isSoundType(audio)) return processSound(bytes, audio);
  try {
    return { kind: "picture", ...(await processPicture(bytes)) };
  } catch (error) {
    // Audio the library does not take (MP4, WebM) that is no picture either: say why in its own words. (AVIF and HEIC start with ftyp too, and sharp names them.)
    if (audio && error instanceof AppError && error.code === "bad_request") throw refusedAudio(audio);
    throw error;
  }
}
