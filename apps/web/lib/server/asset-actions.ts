"use server";

/**
 * The Pictures page's calls: rename and delete one of the account's pictures, through the same procedures as
 * /api/v1/assets as the signed-in account. A refusal comes back in words, and a picture still drawn by overlays
 * (409 asset_in_use) with those overlays, so the page can link to them. Uploading is not here: the browser sends
 * the bytes to POST /api/assets itself (lib/picture-upload.ts).
 */
import { type Asset, assetIdSchema, renameAssetInputSchema } from "@streamkit/api-contract";
import { revalidatePath } from "next/cache";
import { checkArgument, WRONG_CALL } from "./action-input";
import { api } from "./api";
import { domainError } from "./errors";

const gone = "That picture is not there any more: reload the page.";

export type RenameResult = { ok: true; item: Asset } | { ok: false; message: string };

export async function renamePicture(input: { assetId: string; name: string }): Promise<RenameResult> {
  const checked = checkArgument(renameAssetInputSchema, input);
  // The name's own rule in its words ("Give the picture or sound a name."); anything else was not sent by this site's page.
  if (!checked.ok) return { ok: false, message: checked.problems.find((problem) => problem.path === "name")?.message ?? WRONG_CALL };
  try {
    const item = await (await api()).assets.rename(checked.value);
    revalidatePath("/overlays/pictures");
    return { ok: true, item };
  } catch (error) {
    const known = domainError(error);
    if (!known) throw error;
    return { ok: false, message: known.code === "not_found" ? gone : known.message };
  }
}

export type DeleteResult = { ok: true } | { ok: false; message: string; overlays: { overlayId: string; name: string }[] };

export async function deletePicture(assetId: string): Promise<DeleteResult> {
  const checked = checkArgument(assetIdSchema, assetId);
  if (!checked.ok) return { ok: false, message: WRONG_CALL, overlays: [] };
  try {
    await (await api()).assets.remove({ assetId: checked.value });
    revalidatePath("/overlays/pictures");
    return { ok: true };
  } catch (error) {
    const known = domainError(error);
    if (!known) throw error;
    if (known.code === "asset_in_use") {
      const overlays = (known.details as { overlays?: { overlayId: string; name: string }[] } | undefined)?.overlays ?? [];
      return { ok: false, message: known.message, overlays };
    }
    return { ok: false, message: known.code === "not_found" ? gone : known.message, overlays: [] };
  }
}
