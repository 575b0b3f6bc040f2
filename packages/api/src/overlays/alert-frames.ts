import type { TestAlertType } from "@streamkit/api-contract";
import { alertSoundFor, alertSoundRef, pictureAssetIds, renderSvg } from "@streamkit/overlay";
import type { AppDeps } from "../shared/deps";
import { readSourceDocument } from "./overlay-source";
import { resolveAssets } from "../assets";

/** A test alert as the hub's notice carries it across processes: its values, never its drawing. */
export interface AlertNotice {
  id: string;
  type: TestAlertType;
  values: Record<string, string>;
  durationMs: number;
}

/**
 * The `alert` event of a test alert (docs/overlays.md#test-alerts): the overlay
 * as its sources show it (readSourceDocument) drawn with the alert's values,
 * `{{keys}}` without one blank as on stream. No `id:` line, so a reconnecting
 * source's Last-Event-ID still names the frame it shows. Null once deleted.
 * `sound` is the sound the document plays for the alert's type (docs/overlays.md#alert-sounds), a catalogue sound or
 * an uploaded one (`kind`), or null: the page fetches either from its own token's route, so the event is the same
 * for every source.
 */
export async function alertEvent(deps: AppDeps, overlayId: string, alert: AlertNotice): Promise<string | null> {
  const shown = await readSourceDocument(deps, overlayId);
  if (!shown) return null;
  const { width, height } = shown.document.canvas;
  const assets = await resolveAssets(deps.db, shown.accountId, pictureAssetIds(shown.document));
  const svg = renderSvg(shown.document, { values: alert.values, missing: "blank", assets });
  const chosen = alertSoundFor(shown.document.alertSounds, alert.type);
  const ref = chosen ? alertSoundRef(chosen.sound, shown.document.vars) : null;
  const sound = chosen && ref ? { id: ref.id.toLowerCase(), kind: ref.kind, volume: chosen.volume } : null;
  // The id first: a client can tell its alerts apart without parsing the drawing.
  const data = JSON.stringify({
    id: alert.id,
    type: alert.type,
    values: alert.values,
    durationMs: alert.durationMs,
    rev: shown.rev,
    width,
    height,
    sound,
    svg,
  });
  return `event: alert\ndata: ${data}\n\n`;
}
