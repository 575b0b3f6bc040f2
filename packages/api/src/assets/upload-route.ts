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
 * Two doors, one handler: /api/v1/assets with a key or the desktop app's
 * token (scope inventory:write), and /api/assets for the website's editor
 * with the signed-in session, from the site's own pages only.
 */
import { AppError, assetLimits, assetNameSchema } from "@streamkit/api-contract";
import { accountDisabled } from "../shared/auth-errors";
import type { AccountCaller, Context } from "../shared/context";
import { countRequest } from "../shared/limits/index";
import { checkEntitlement, checkScope } from "../shared/trpc";
import { jsonResult, type RawInput, type RawRoute } from "../rest/raw";
import { sameOrigin } from "../rest/trpc-route";
import type { RestResult } from "../rest/types";
import { addAsset } from "./assets";
import { processUpload } from "./uploaded";

/** The upload's scope and entitlement: the security suite reads them (test/support/security-contract.ts). */
export const uploadRequirements = { scope: "inventory:write", entitlement: "assetStorageBytes" } as const;

async function upload(input: RawInput, context: Context, caller: AccountCaller): Promise<RestResult> {
  checkEntitlement(caller, uploadRequirements.entitlement);
  const names = input.url.searchParams.getAll("name");
  const parsed = assetNameSchema.safeParse(names.length === 1 ? names[0] : undefined);
  if (!parsed.success) {
    const problem = names.length > 1 ? "Give one name." : (parsed.error.issues[0]?.message ?? "Invalid name.");
    throw new AppError("bad_request", `Invalid query parameter — name: ${problem} Send it as ?name=<name>.`, [{ path: "name", message: problem }]);
  }
  const stored = await processUpload(await input.body());
  const asset = await addAsset(context.deps, caller, parsed.data, stored);
  return jsonResult(201, asset, { location: `/api/v1/assets/${asset.id}`, "cache-control": "no-store" });
}

/** POST /api/v1/assets?name=: an API key or the desktop app's token with inventory:write, on a plan with picture storage. */
export const assetUploadRoute: RawRoute = {
  methods: ["POST"],
  path: "/api/v1/assets",
  auth: "key",
  bodyLimit: assetLimits.maxUploadBytes,
  async handle(input, context) {
    const caller = context.caller as AccountCaller;
    checkScope(caller, uploadRequirements.scope);
    return upload(input, context, caller);
  },
};

/** POST /api/assets?name=: the website's editor, signed in, from the site's own pages (cookies ride along cross-site). */
export const websiteAssetUploadRoute: RawRoute = {
  methods: ["POST"],
  path: "/api/assets",
  auth: "session",
  bodyLimit: assetLimits.maxUploadBytes,
  async handle(input, context) {
    if (context.caller.kind !== "account") throw new AppError("unauthorized", "Sign in on the website to upload pictures and sounds.");
    if (!sameOrigin(input, context.deps.env.PUBLIC_URL)) {
      throw new AppError("forbidden", "Cross-site request refused: uploads must come from this site's own pages.");
    }
    if (context.caller.account.suspended) throw accountDisabled();
    await countRequest(context);
    return upload(input, context, context.caller);
  },
};
