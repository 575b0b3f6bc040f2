import type { OverlayDocument } from "./document";
import { renderSvg } from "./render";

/**
 * What the desktop app's plugins would show, for the still previews drawn
 * without it (the catalogue's and the market's): a preview shows a plausible
 * stream, not `{{plugin.…}}` placeholders. Every plugin key a predefined
 * overlay or widget uses has one (test/preview.test.ts).
 */
export const previewValues: Readonly<Record<string, string>> = {
  "plugin.alerts.name": "NightOwl",
  "plugin.chat-commands.latest": "NightOwl: !uptime — 2 h 14 min",
  "plugin.clock.time": "21:30",
  "plugin.countdown.remaining": "04:59",
  "plugin.donations.recent": "Mira $5 · Jon $10 · Ada $3",
  "plugin.followers.count": "1,284",
  "plugin.goal.current": "64",
  "plugin.hype.level": "72 %",
  "plugin.now-playing.artist": "Synthwave FM",
  "plugin.now-playing.title": "Midnight Drive",
};

/** A document drawn still, with the preview values: the catalogue's and the market's preview images. */
export function renderPreviewSvg(document: OverlayDocument): string {
  return renderSvg(document, { animate: false, values: previewValues });
}
