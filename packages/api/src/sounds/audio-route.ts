/**
 * A sound's audio (docs/api.md#operations, docs/market-and-sounds.md#sounds): the bytes streamed from the
 * blob store with their real Content-Type and Content-Length, Range → 206
 * (one range; several are answered whole), an unsatisfiable range → 416 with
 * `Content-Range: bytes *\/size`, a strong ETag (the blob's SHA-256) with
 * If-None-Match → 304 and If-Range, and a year of caching — `private`, since
 * the bytes are behind a key or a session and a shared cache must not hand
 * them to anyone else. HEAD answers the same headers without the body.
 *
 * Two doors, one handler: /api/v1 with a key or the desktop app's token
 * (scope sounds:read, the same check and error as the JSON operations), and
 * /api/sounds for the website's player with the signed-in session.
 */
import { soundLimits } from "@streamkit/api-contract";
import { accountDisabled } from "../shared/auth-errors";
import { blobStore } from "../shared/blobs/index";
import type { Context } from "../shared/context";
import { AppError, notFound } from "@streamkit/api-contract";
import { decideRange, ifRangeHolds } from "../rest/byte-range";
import { etagMatches } from "../rest/etag";
import type { RawInput, RawRoute } from "../rest/raw";
import type { RestResult } from "../rest/types";
import { findSound, soundEtag } from "./sounds";
import { checkScope } from "../shared/trpc";

export const soundAudioCacheControl = `private, max-age=${soundLimits.audioMaxAgeSeconds}, immutable`;

/** The audio of the sound `input.params.soundId`, whoever may have it: the routes below, and the OBS source's (overlays/source-sound-route.ts). */
export async function serveSoundAudio(input: RawInput, context: Context): Promise<RestResult> {
  const sound = await findSound(context.deps.db, input.params.soundId ?? "");
  if (!sound) throw notFound(`No sound with the id "${(input.params.soundId ?? "").slice(0, 80)}".`);
  return serveAudioBlob(input, context, { blobKey: sound.blobKey, size: sound.size, contentType: sound.format, fileName: sound.slug });
}

/**
 * Audio bytes of the blob store as the sounds answer them (ranges, ETag, private caching): a catalogue sound's, and
 * an uploaded alert sound's on the OBS source's route. `fileName` is a safe token (a slug, an asset's extension).
 */
export async function serveAudioBlob(
  input: RawInput,
  context: Context,
  sound: { blobKey: string; size: number; contentType: string; fileName: string },
): Promise<RestResult> {
  const db = context.deps.db;
  const etag = soundEtag(sound);
  const headers: Record<string, string> = {
    "accept-ranges": "bytes",
    "cache-control": soundAudioCacheControl,
    etag,
    "content-disposition": `inline; filename="${sound.fileName}"`,
  };
  if (etagMatches(input.header("if-none-match"), etag)) return { status: 304, headers, body: null };

  const range = input.header("range");
  const decision = range !== null && ifRangeHolds(input.header("if-range"), etag) ? decideRange(range, sound.size) : ({ kind: "whole" } as const);
  if (decision.kind === "unsatisfiable") {
    throw new AppError(
      "range_not_satisfiable",
      `The range ${range!.slice(0, 100)} lies outside the audio (${sound.size} bytes); ask for bytes 0-${sound.size - 1}.`,
      { size: sound.size },
      { "Content-Range": `bytes */${sound.size}`, "Accept-Ranges": "bytes" },
    );
  }
  const store = blobStore(db);
  headers["content-type"] = sound.contentType;
  if (decision.kind === "partial") {
    const { start, end } = decision.range;
    headers["content-range"] = `bytes ${start}-${end}/${sound.size}`;
    headers["content-length"] = String(end - start + 1);
    return { status: 206, headers, body: store.read(sound.blobKey, decision.range) };
  }
  headers["content-length"] = String(sound.size);
  return { status: 200, headers, body: store.read(sound.blobKey) };
}

/** GET /api/v1/sounds/{soundId}/audio: an API key or the desktop app's token with sounds:read. */
export const soundAudioRoute: RawRoute = {
  methods: ["GET"],
  path: "/api/v1/sounds/{soundId}/audio",
  auth: "key",
  async handle(input, context) {
    checkScope(context.caller, "sounds:read");
    return serveSoundAudio(input, context);
  },
};

/** GET /api/sounds/{soundId}/audio: the website's player, for a signed-in person (not counted, like the website's page reads). */
export const websiteSoundAudioRoute: RawRoute = {
  methods: ["GET"],
  path: "/api/sounds/{soundId}/audio",
  auth: "session",
  async handle(input, context) {
    if (context.caller.kind !== "account") throw new AppError("unauthorized", "Sign in on the website to play the catalogue's sounds.");
    if (context.caller.account.suspended) throw accountDisabled();
    return serveSoundAudio(input, context);
  },
};
