"use server";

/**
 * The streamer's overlays on the website: create, fork and delete (plain
 * form posts, they work without JavaScript), and the editor's calls — save
 * with baseRev, load the saved version, renew or revoke the OBS address. Each
 * calls the same procedures as /api/v1 as the signed-in account, so plan,
 * limit, lock and conflict rules are decided there; these turn a refusal into
 * words the page shows (and, for a save, what the editor needs to keep going).
 */
import {
  cursorPaging,
  type OverlayRecord,
  type OverlayRevision,
  type OverlayRevisionComparison,
  type OverlayRevisionRecord,
  overlayIdSchema,
  overlayNameSchema,
  publishOverlayInputSchema,
  restoreOverlayRevisionInputSchema,
  updateOverlayInputSchema,
} from "@streamkit/api-contract";
import { canvasPresets } from "@streamkit/overlay";
import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { checkArgument, isForm, WRONG_CALL } from "./action-input";
import { z } from "zod";
import { api } from "./api";
import type { ActionState } from "./commerce-actions";
import { domainError } from "./errors";

const text = (form: FormData, name: string) => String(form.get(name) ?? "").trim();

/** A refusal in words: the API's message, with the limit or the plan it names. */
function refusal(error: unknown): string {
  const known = domainError(error);
  if (!known) throw error;
  if (known.code === "validation_error") return "Check the name: 1 to 100 characters.";
  return known.message;
}

/** "New overlay": an empty canvas of the chosen preset, then its editor. */
export async function createOverlay(_state: ActionState, form: FormData): Promise<ActionState> {
  if (!isForm(form)) return { error: WRONG_CALL };
  const name = overlayNameSchema.safeParse(text(form, "name"));
  if (!name.success) return { error: name.error.issues[0]?.message ?? "Give the overlay a name." };
  const preset = canvasPresets[Number(text(form, "preset"))] ?? canvasPresets[0];
  let id: string;
  try {
    const { item } = await (await api()).overlays.create({
      name: name.data,
      document: { schema: 1, kind: "overlay", canvas: { width: preset.width, height: preset.height }, layers: [] },
    });
    id = item.id;
  } catch (error) {
    return { error: refusal(error) };
  }
  revalidatePath("/overlays");
  redirect(`/overlays/${id}`);
}

/** "Add to my overlays" on the catalogue: a copy of a predefined overlay, then its editor. */
export async function forkOverlay(_state: ActionState, form: FormData): Promise<ActionState> {
  if (!isForm(form)) return { error: WRONG_CALL };
  const name = overlayNameSchema.safeParse(text(form, "name"));
  if (!name.success) return { error: name.error.issues[0]?.message ?? "Give the copy a name." };
  let id: string;
  try {
    const { item } = await (await api()).overlays.fork({ slug: text(form, "slug").slice(0, 100), name: name.data });
    id = item.id;
  } catch (error) {
    return { error: refusal(error) };
  }
  revalidatePath("/overlays");
  redirect(`/overlays/${id}`);
}

export async function deleteOverlay(_state: ActionState, form: FormData): Promise<ActionState> {
  if (!isForm(form)) return { error: WRONG_CALL };
  const name = text(form, "name");
  try {
    await (await api()).overlays.remove({ overlayId: text(form, "id") });
  } catch (error) {
    const known = domainError(error);
    if (!known) throw error;
    // Deleted meanwhile (another tab), or an address that names no overlay.
    return { error: known.code === "not_found" || known.code === "validation_error" ? "That overlay is not there any more: reload the page." : known.message };
  }
  revalidatePath("/overlays");
  redirect(`/overlays?deleted=${encodeURIComponent(name.slice(0, 100))}`);
}

export type SaveResult =
  | { ok: true; item: OverlayRecord }
  | { ok: false; conflict: { currentRev: number }; message: string }
  | { ok: false; problems: { path: string; message: string }[]; message: string }
  | { ok: false; message: string };

/** The editor's Save: the name and document with the rev it started from (a draft: Publish puts it on stream); a save elsewhere in between is a conflict, nothing overwritten. */
export async function saveOverlay(input: {
  overlayId: string;
  baseRev: number;
  name: string;
  document: Record<string, unknown>;
  draft: boolean;
}): Promise<SaveResult> {
  // The API's own schema, so a call the editor never makes is refused in the editor's terms before anything runs.
  const checked = checkArgument(updateOverlayInputSchema, input);
  if (!checked.ok) return { ok: false, problems: checked.problems, message: WRONG_CALL };
  try {
    const { item } = await (await api()).overlays.update(checked.value);
    revalidatePath("/overlays");
    return { ok: true, item };
  } catch (error) {
    const known = domainError(error);
    if (!known) throw error;
    const details = known.details as { currentRev?: number } | { path: string; message: string }[] | undefined;
    if (known.code === "conflict" && details && !Array.isArray(details) && typeof details.currentRev === "number") {
      return { ok: false, conflict: { currentRev: details.currentRev }, message: known.message };
    }
    if (known.code === "validation_error" && Array.isArray(details)) return { ok: false, problems: details, message: known.message };
    return { ok: false, message: known.message };
  }
}

/** The saved version, for "Load the newer version". */
export async function loadOverlay(overlayId: string): Promise<{ ok: true; item: OverlayRecord } | { ok: false; message: string }> {
  if (!checkArgument(overlayIdSchema, overlayId).ok) return { ok: false, message: WRONG_CALL };
  try {
    return { ok: true, item: (await (await api()).overlays.get({ overlayId })).item };
  } catch (error) {
    const known = domainError(error, "query");
    if (!known) throw error;
    return { ok: false, message: known.message };
  }
}

const browserSourceChange = z.tuple([overlayIdSchema, z.enum(["renew", "revoke"])]);

/** A new OBS address (the old one stops answering), or none at all. */
export async function changeBrowserSource(
  overlayId: string,
  change: "renew" | "revoke",
): Promise<{ ok: true; item: OverlayRecord } | { ok: false; message: string }> {
  if (!checkArgument(browserSourceChange, [overlayId, change]).ok) return { ok: false, message: WRONG_CALL };
  try {
    const overlays = (await api()).overlays;
    const { item } = change === "renew" ? await overlays.renewBrowserSource({ overlayId }) : await overlays.revokeBrowserSource({ overlayId });
    return { ok: true, item };
  } catch (error) {
    const known = domainError(error);
    if (!known) throw error;
    return { ok: false, message: known.message };
  }
}

export type RevisionsResult = { ok: true; items: OverlayRevision[]; nextCursor: string | null } | { ok: false; message: string };

const revisionsCall = z.tuple([overlayIdSchema, z.string().max(cursorPaging.maxCursorLength).nullable()]);

/** The editor's history: the revisions this overlay replaced, newest first, a page at a time. */
export async function listRevisions(overlayId: string, cursor: string | null): Promise<RevisionsResult> {
  if (!checkArgument(revisionsCall, [overlayId, cursor]).ok) return { ok: false, message: WRONG_CALL };
  try {
    const page = await (await api()).overlays.revisions({ overlayId, limit: 10, ...(cursor ? { cursor } : {}) });
    return { ok: true, items: page.items, nextCursor: page.nextCursor };
  } catch (error) {
    const known = domainError(error, "query");
    if (!known) throw error;
    return { ok: false, message: known.message };
  }
}

export type RevisionResult = { ok: true; item: OverlayRevisionRecord; comparison: OverlayRevisionComparison } | { ok: false; message: string };

/** One revision with its document, and how the current rev differs from it, for the side-by-side view. */
export async function readRevision(input: { overlayId: string; rev: number; currentRev: number }): Promise<RevisionResult> {
  const checked = checkArgument(revisionView, input);
  if (!checked.ok) return { ok: false, message: WRONG_CALL };
  const { overlayId, rev, currentRev } = checked.value;
  try {
    const overlays = (await api()).overlays;
    const [{ item }, comparison] = await Promise.all([
      overlays.revision({ overlayId, rev }),
      overlays.compareRevisions({ overlayId, from: rev, to: currentRev }),
    ]);
    return { ok: true, item, comparison };
  } catch (error) {
    const known = domainError(error, "query");
    if (!known) throw error;
    return { ok: false, message: known.message };
  }
}

const revisionView = z.object({ overlayId: overlayIdSchema, rev: z.int().min(1), currentRev: z.int().min(1) });

/** "Restore": a new save (a draft, like the editor's) of that revision's document with the rev the editor holds; a save elsewhere in between is a conflict. */
export async function restoreRevision(input: { overlayId: string; rev: number; baseRev: number; draft: boolean }): Promise<SaveResult> {
  const checked = checkArgument(restoreOverlayRevisionInputSchema, input);
  if (!checked.ok) return { ok: false, problems: checked.problems, message: WRONG_CALL };
  try {
    const { item } = await (await api()).overlays.restoreRevision(checked.value);
    revalidatePath("/overlays");
    return { ok: true, item };
  } catch (error) {
    const known = domainError(error);
    if (!known) throw error;
    const details = known.details as { currentRev?: number } | undefined;
    if (known.code === "conflict" && details && typeof details.currentRev === "number") {
      return { ok: false, conflict: { currentRev: details.currentRev }, message: known.message };
    }
    return { ok: false, message: known.message };
  }
}

export type PublishResult =
  | { ok: true; item: OverlayRecord }
  | { ok: false; conflict: { currentLiveRev: number; currentRev: number }; message: string }
  | { ok: false; message: string };

/** "Publish" and "Put on stream": moves what OBS shows to `rev` over the live rev the editor holds; a publish elsewhere in between is a conflict. */
export async function publishOverlay(input: { overlayId: string; rev: number; baseLiveRev: number }): Promise<PublishResult> {
  const checked = checkArgument(publishOverlayInputSchema, input);
  if (!checked.ok) return { ok: false, message: WRONG_CALL };
  try {
    const { item } = await (await api()).overlays.publish(checked.value);
    revalidatePath("/overlays");
    return { ok: true, item };
  } catch (error) {
    const known = domainError(error);
    if (!known) throw error;
    const details = known.details as { currentLiveRev?: number; currentRev?: number } | undefined;
    if (known.code === "conflict" && typeof details?.currentLiveRev === "number" && typeof details.currentRev === "number") {
      return { ok: false, conflict: { currentLiveRev: details.currentLiveRev, currentRev: details.currentRev }, message: known.message };
    }
    return { ok: false, message: known.message };
  }
}
