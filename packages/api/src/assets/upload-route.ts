/**
 * Uploading a picture or a sound (docs/overlays.md#pictures-and-the-asset-library,
 * docs/overlays.md#uploaded-alert-sounds): the raw bytes as the body, any Content-Type
 * (the type, and so which of the two it is, is decided from the bytes), the name in the query.
 * A raw route of the REST core, since the body is not JSON: credentials are
 * resolved and counted, and the scope, the plan and the name checked, before
 * a byte of the body is read; the body is refused as soon as it passes
 * assetLimits.maxUploadBytes (413), then a picture is decoded within bounds and re-encoded,
 * a sound held to assetLimits.maxSoundBytes (413) and checked (uploaded.ts).
 *
 * Two doors, one handler (shared/upload-doors.ts): /api/v1/assets with a key or the desktop app's
 * token (scope inventory:write), and /api/assets for the website's editor
 * with the signed-in session, from the site's own pages only.
 */
import { assetLimits, assetNameSchema } from "@streamkit/api-contract";
import type { AccountCaller, Context } from "../shared/context";
import { checkEntitlement } from "../shared/trpc";
import { uploadDoors, uploadParameter } from "../shared/upload-doors";
import { jsonResult, type RawInput, type RawRoute } from "../rest/raw";
import type { RestResult } from "../rest/types";
import { addAsset } from "./assets";
import { processUpload } from "./uploaded";

/** The upload's scope and entitlement: the security suite reads them (test/support/security-contract.ts). */
export const uploadRequirements = { scope: "inventory:write", entitlement: "assetStorageBytes" } as const;

async function upload(input: RawInput, context: Context, caller: AccountCaller): Promise<RestResult> {
  checkEntitlement(caller, uploadRequirements.entitlement);
  const name = uploadParameter(input.url, "name", assetNameSchema);
  const stored = await processUpload(await input.body());
  const asset = await addAsset(context.deps, caller, name, stored);
  return jsonResult(201, asset, { location: `/api/v1/assets/${asset.id}`, "cache-control": "no-store" });
}

const doors = uploadDoors({
  methods: ["POST"],
  keyPath: "/api/v1/assets",
  websitePath: "/api/assets",
  scope: uploadRequirements.scope,
  bodyLimit: assetLimits.maxUploadBytes,
  signIn: "Sign in on the website to upload pictures and sounds.",
  handle: upload,
});

/** POST /api/v1/assets?name=: an API key or the desktop app's token with inventory:write, on a plan with picture storage. */
export const assetUploadRoute: RawRoute = doors.keyRoute;

/** POST /api/assets?name=: the website's editor, signed in, from the site's own pages. */
export const websiteAssetUploadRoute: RawRoute = doors.websiteRoute;
