/**
 * GET /api/app/update/{target}/{arch}/{current}: the desktop app's updater,
 * Tauri v2's dynamic update server contract (docs/desktop.md#the-app-updater; under /api, not
 * /api/v1). 204 with no body when there is nothing to install; otherwise 200
 * `{ version, url, signature, notes, pub_date }` plus Streamkit's fields
 * `channel`, `required`, `minimumVersion` and `rollback` (decided in offer.ts).
 * The channel comes from `?channel=` or `X-Streamkit-Channel` (stable when
 * neither); staged releases are offered by the installation id the app may
 * send in `X-Streamkit-Installation`. An unknown target or arch is 404, a
 * `current` that is not SemVer or an unknown channel 400, in the envelope.
 * Cacheable for five minutes (per channel and installation: the URL and `Vary`).
 */
import {
  AppError,
  notFound,
  type ReleaseArch,
  type ReleaseChannel,
  type ReleaseTarget,
  releaseArches,
  releaseChannelNames,
  releaseTargets,
} from "@streamkit/api-contract";
import { DEFAULT_RELEASE_CHANNEL } from "@streamkit/api-contract";
import { explainInvalidVersion } from "@streamkit/plugin-rules";
import { jsonResult, type RawInput, type RawRoute } from "../rest/raw";
import { offerUpdate } from "./offer";

export const UPDATE_PATH = "/api/app/update/{target}/{arch}/{current}";
export const INSTALLATION_HEADER = "x-streamkit-installation";
export const CHANNEL_HEADER = "x-streamkit-channel";

/** The channel the app follows: the query parameter or the header (both only if they agree), else stable. */
function channelOf(input: RawInput): ReleaseChannel {
  const given = [...input.url.searchParams.getAll("channel"), ...(input.header(CHANNEL_HEADER) === null ? [] : [input.header(CHANNEL_HEADER)!.trim()])];
  const distinct = [...new Set(given)];
  if (distinct.length > 1)
    throw new AppError("bad_request", "The channel is given more than once, differently: send one ?channel= or one X-Streamkit-Channel.");
  const channel = distinct[0] ?? DEFAULT_RELEASE_CHANNEL;
  if (!releaseChannelNames.includes(channel as ReleaseChannel))
    throw new AppError("bad_request", `Unknown channel "${channel.slice(0, 40)}": it is one of ${releaseChannelNames.join(", ")}.`, {
      channel: channel.slice(0, 40),
      channels: releaseChannelNames,
    });
  return channel as ReleaseChannel;
}

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
    const channel = channelOf(input);
    const installation = input.header(INSTALLATION_HEADER)?.slice(0, 200) ?? null;
    const headers = { "cache-control": "public, max-age=300", vary: "X-Streamkit-Installation, X-Streamkit-Channel" };
    const update = await offerUpdate(context.deps.db, target as ReleaseTarget, arch as ReleaseArch, { channel, current, installation });
    if (!update) return { status: 204, headers, body: null };
    return jsonResult(200, update, headers);
  },
};
