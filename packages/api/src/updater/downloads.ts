/**
 * /download (docs/desktop.md#the-app-updater): the newest release every installation
 * is offered, per platform, and what an app developer configures the desktop
 * app with — the updater's address and, for the demo releases, their key.
 */
import type { Downloads } from "@streamkit/api-contract";
import type { AppDeps } from "../shared/deps";
import { keyIdHex, minisignPublicKeyText, signatureKeyId, tauriPublicKey } from "../shared/minisign";
import { latestFullReleases } from "./releases";

/** Tauri's template variables in `plugins.updater.endpoints`. */
export const TAURI_UPDATER_TEMPLATE = "/api/app/update/{{target}}/{{arch}}/{{current_version}}";

export async function downloads(deps: Pick<AppDeps, "db" | "env" | "demoReleaseKey">): Promise<Downloads> {
  const demoKeyId = keyIdHex(deps.demoReleaseKey.keyId);
  const releases = await latestFullReleases(deps.db);
  return {
    releases: releases.map(({ id, version, target, arch, url, notes, pubDate, signature }) => ({
      id,
      version,
      target,
      arch,
      url,
      notes,
      pubDate,
      demo: signatureKeyId(signature) === demoKeyId,
    })),
    updaterEndpoint: `${deps.env.PUBLIC_URL}${TAURI_UPDATER_TEMPLATE}`,
    demoPublicKey: { keyId: demoKeyId, text: minisignPublicKeyText(deps.demoReleaseKey), tauri: tauriPublicKey(deps.demoReleaseKey) },
  };
}
