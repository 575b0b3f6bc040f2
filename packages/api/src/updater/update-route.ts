/**
 * GET /api/app/update/{target}/{arch}/{current}: the desktop app's updater,
 * Tauri v2's dynamic update server contract (docs/api.md#operations; under /api, not
 * /api/v1). 204 with no body when `current` is the newest offered version or
 * newer (SemVer precedence: 1.3.0-beta.2 < 1.3.0); otherwise 200
 * `{ version, url, signature, notes, pub_date }`. An unknown target or arch
 * is 404 and a `current` that is not SemVer 400, both in the envelope.
 * Staged releases are offered by the installation id the app may send in
 * `X-Streamkit-Installation`. Cacheable for five minutes (per installation
 * id: `Vary`).
 */
import { type ReleaseArch, type ReleaseTarget, releaseArches, releaseTargets } from "@streamkit/api-contract";
import { compareVersions, explainInvalidVersion } from "@streamkit/plugin-rules";
import { AppError, notFound } from "@streamkit/api-contract";
import { jsonResult, type RawRoute } from "../rest/raw";
import { appUpdate, offeredRelease } from "./releases";

export const UPDATE_PATH = "/api/app/update/{target}/{arch}/{current}";
export const INSTALLATION_HEADER = "x-streamkit-installation";

export const updaterRoute: RawRoute = {
  methods: ["GET"],
  path: UPDATE_PATH,
  auth: "none",
  async handle(input, context) {
    const { target, arch, current } = input.params as { target: string; arch: string; current: string };
    if (!releaseTargets.includes(target as ReleaseTarget))
      throw notFound(`No releases for the target "${target.slice(0, 40)}": it is one of ${releaseTargets.join(", ")}.`);
    if (!releaseArches.includes(arch as ReleaseArch))
      throw notFound(`No releases for the arch "${arch.slice(0, 40)}": it is one of ${releaseArches.join(", ")}.`);
    const problem = current.length > 256 ? "it is longer than 256 characters" : explainInvalidVersion(current);
    if (problem) throw new AppError("bad_request", `The current version is not SemVer: ${problem}.`);
    const installation = input.header(INSTALLATION_HEADER)?.slice(0, 200) ?? null;
    const headers = { "cache-control": "public, max-age=300", vary: "X-Streamkit-Installation" };
    const release = await offeredRelease(context.deps.db, target as ReleaseTarget, arch as ReleaseArch, installation);
    if (!release || compareVersions(release.version, current) <= 0) return { status: 204, headers, body: null };
    return jsonResult(200, appUpdate(release), headers);
  },
};
