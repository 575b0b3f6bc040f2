/**
 * The demo data's desktop app releases (docs/desktop.md#the-app-updater): one current
 * version for each demo platform, its url the artefact this server serves, its
 * signature a real minisign signature of those bytes in the form `tauri signer
 * sign` prints, made with the demo key derived from the master secret
 * (deps.demoReleaseKey). Ed25519 is deterministic and the trusted comment is
 * fixed, so the same key signs the same bytes the same way at every start.
 */
import type { PublishRelease } from "@streamkit/api-contract";
import { DEMO_PUB_DATE, DEMO_VERSION, demoArtefactBytes, demoArtefacts, demoArtefactUrl } from "./demo-artefacts";
import { type MinisignKey, tauriSignature } from "../shared/minisign";

export const DEMO_SIGNATURE_COMMENT = "signature from the Streamkit demo release key";

export function demoReleases(key: MinisignKey, publicUrl: string): PublishRelease[] {
  const timestamp = Math.floor(Date.parse(DEMO_PUB_DATE) / 1000);
  return demoArtefacts.map((artefact) => ({
    version: DEMO_VERSION,
    target: artefact.target,
    arch: artefact.arch,
    url: demoArtefactUrl(publicUrl, artefact),
    signature: tauriSignature(key, demoArtefactBytes(artefact), {
      trustedComment: `timestamp:${timestamp}\tfile:${artefact.file}`,
      untrustedComment: DEMO_SIGNATURE_COMMENT,
    }),
    notes: `Demo release ${DEMO_VERSION}: a signed stand-in for the desktop app, served by this site to try the updater. It is not an app.`,
    pubDate: DEMO_PUB_DATE,
    rollout: 100,
  }));
}
