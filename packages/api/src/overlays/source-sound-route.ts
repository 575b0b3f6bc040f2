import { AppError, type AssetSoundType, assetSoundTypes } from "@streamkit/api-contract";
import { alertSoundAssetIds, alertSoundIds } from "@streamkit/overlay";
import { findSoundAsset } from "../assets";
import type { RawRoute } from "../rest/raw";
import { serveAudioBlob, serveSoundAudio } from "../sounds";
import { readBrowserSource, readSourceDocument } from "./overlay-source";

const gone = () =>
  new AppError("not_found", "No such sound for this overlay: the address was revoked, the overlay is locked, or its alerts do not play this sound.");

/**
 * GET /api/overlay-source/{token}/sounds/{soundId} (docs/overlays.md#alert-sounds): an alert sound's audio for the
 * OBS source, which has only its token. Only while the address is live, the overlay unlocked, and its live document
 * names the sound in `alertSounds` — a catalogue sound, or an uploaded sound (an asset id) of the overlay's owner —
 * so the token opens nothing else of the catalogue or the library; then the sounds' own answer (ranges, ETag,
 * caching: sounds/audio-route.ts). Anything else is the same 404, telling nothing about the token.
 */
export const browserSourceSoundRoute: RawRoute = {
  methods: ["GET"],
  path: "/api/overlay-source/{token}/sounds/{soundId}",
  auth: "none",
  async handle(input, context) {
    const token = input.params.token!;
    const soundId = (input.params.soundId ?? "").toLowerCase();
    const frame = token.length <= 200 ? await readBrowserSource(context.deps, token) : null;
    if (!frame || frame.locked) throw gone();
    const shown = await readSourceDocument(context.deps, frame.overlayId);
    if (!shown) throw gone();
    const named = (ids: string[]) => ids.some((id) => id.toLowerCase() === soundId);
    if (named(alertSoundIds(shown.document.alertSounds, shown.document.vars))) {
      return serveSoundAudio({ ...input, params: { ...input.params, soundId } }, context);
    }
    if (!named(alertSoundAssetIds(shown.document.alertSounds))) throw gone();
    // The owner's own sound only: an id of another account's asset, or of a picture, plays nothing.
    const asset = await findSoundAsset(context.deps.db, shown.accountId, soundId);
    if (!asset) throw gone();
    const contentType = asset.contentType as AssetSoundType;
    return serveAudioBlob(input, context, { blobKey: asset.blobKey, size: asset.size, contentType, fileName: `sound.${assetSoundTypes[contentType]}` });
  },
};
