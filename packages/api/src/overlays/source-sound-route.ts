import { AppError } from "@streamkit/api-contract";
import { alertSoundIds } from "@streamkit/overlay";
import type { RawRoute } from "../rest/raw";
import { serveSoundAudio } from "../sounds";
import { readBrowserSource, readSourceDocument } from "./overlay-source";

const gone = () =>
  new AppError("not_found", "No such sound for this overlay: the address was revoked, the overlay is locked, or its alerts do not play this sound.");

/**
 * GET /api/overlay-source/{token}/sounds/{soundId} (docs/overlays.md#alert-sounds): a catalogue sound's audio for the
 * OBS source, which has only its token. Only while the address is live, the overlay unlocked, and its live document
 * names the sound in `alertSounds`, so the token opens nothing else of the catalogue; then the sounds' own answer
 * (ranges, ETag, caching: sounds/audio-route.ts). Anything else is the same 404, telling nothing about the token.
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
    const named = alertSoundIds(shown?.document.alertSounds, shown?.document.vars).map((id) => id.toLowerCase());
    if (!named.includes(soundId)) throw gone();
    return serveSoundAudio({ ...input, params: { ...input.params, soundId } }, context);
  },
};
