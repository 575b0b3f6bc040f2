/**
 * The demo data's desktop app "builds" (docs/desktop.md#the-app-updater): one small
 * text file per platform, named as Tauri names its update bundles, whose bytes
 * follow from the version, target and arch alone. This server serves them
 * (demo-downloads-route.ts) and the demo releases sign them
 * (updater/demo-releases.ts), so an update can be tried end to end with no
 * storage of its own.
 */
import type { ReleaseArch, ReleaseTarget } from "@streamkit/api-contract";

export const DEMO_DOWNLOADS_PATH = "/downloads/demo";
export const DEMO_VERSION = "1.0.0";
/** The demo releases' publication time: also the signatures' timestamp, so signing again gives the same bytes. */
export const DEMO_PUB_DATE = "2026-01-15T09:00:00.000Z";

export interface DemoArtefact {
  target: ReleaseTarget;
  arch: ReleaseArch;
  file: string;
}

/** The platforms the demo releases cover, with Tauri-like bundle names. */
export const demoArtefacts: readonly DemoArtefact[] = [
  { target: "linux", arch: "x86_64", file: `Streamkit_${DEMO_VERSION}_amd64.AppImage` },
  { target: "windows", arch: "x86_64", file: `Streamkit_${DEMO_VERSION}_x64-setup.exe` },
  { target: "darwin", arch: "x86_64", file: `Streamkit_${DEMO_VERSION}_x64.app.tar.gz` },
  { target: "darwin", arch: "aarch64", file: `Streamkit_${DEMO_VERSION}_aarch64.app.tar.gz` },
];

/** The artefact of that name, or undefined. */
export function demoArtefact(file: string): DemoArtefact | undefined {
  return demoArtefacts.find((artefact) => artefact.file === file);
}

/** The artefact's bytes: a short text saying what it is, the same on every server. */
export function demoArtefactBytes(artefact: DemoArtefact): Buffer {
  return Buffer.from(
    [
      `Streamkit ${DEMO_VERSION}: a demo build for ${artefact.target}/${artefact.arch} (${artefact.file}).`,
      "This file is not an app. A Streamkit server's demo data offers it to the desktop app's updater, so that an update",
      "can be tried end to end; its signature is a real minisign signature made with the server's demo release key,",
      "which the server's /download page shows.",
      "",
    ].join("\n"),
  );
}

/** Where this site serves the artefact. */
export function demoArtefactUrl(publicUrl: string, artefact: DemoArtefact): string {
  return `${publicUrl}${DEMO_DOWNLOADS_PATH}/${encodeURIComponent(artefact.file)}`;
}
