import { plans } from "@streamkit/plans";
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { api } from "@/lib/server/api";
import { requireCaller } from "@/lib/server/auth";
import { domainError } from "@/lib/server/errors";
import type { EditorPicture } from "./editor-picture";
import { type EditorSound, type EditorUploadedSound, loadEditorSounds } from "./editor-sounds";
import { OverlayEditor } from "./overlay-editor";

export const metadata: Metadata = { title: "Overlay editor" };

/** The editor for one of the account's overlays; another account's, or one that is gone, is the 404 page; a locked one says which plan unlocks it. */
export default async function OverlayEditorPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const caller = await requireCaller(`/overlays/${encodeURIComponent(id)}`);
  let item: Awaited<ReturnType<Awaited<ReturnType<typeof api>>["overlays"]["get"]>>["item"];
  let pictures: EditorPicture[];
  let sounds: EditorSound[];
  let uploadedSounds: EditorUploadedSound[];
  try {
    item = (await (await api()).overlays.get({ overlayId: id })).item;
    // The account's uploaded pictures: the picture layers' choices, and what the canvas draws them from.
    pictures = (await (await api()).overlays.pictureAssets()).items;
    // The sound catalogue: the Alert sounds panel's choices.
    sounds = await loadEditorSounds(await api());
    // The account's uploaded sounds: the panel's "Your sounds".
    uploadedSounds = (await (await api()).overlays.soundAssets()).items;
  } catch (error) {
    const known = domainError(error, "query");
    if (known?.code === "not_found" || known?.code === "bad_request" || known?.code === "validation_error") notFound();
    if (known?.code === "plan_required") {
      const required = (known.details as { requiredPlan?: keyof typeof plans } | undefined)?.requiredPlan ?? "pro";
      return (
        <div className="container">
          <div className="page-head">
            <div>
              <h1>This overlay is locked</h1>
              <p>
                It needs the {plans[required].title} plan. It is stored as it was, shows nothing on stream, and unlocks as soon as you are on{" "}
                {plans[required].title} again. You can still delete it from My overlays.
              </p>
            </div>
          </div>
          <div className="form-actions">
            <Link href="/plans" className="button">
              See plans
            </Link>
            <Link href="/overlays" className="button secondary">
              My overlays
            </Link>
          </div>
        </div>
      );
    }
    throw error;
  }
  return (
    <div className="container">
      <div className="page-head">
        <div>
          <h1>{item.name}</h1>
          <p>
            <Link href="/overlays">My overlays</Link> · {item.kind === "widget" ? "Widget" : "Overlay"}
            {item.forkedFrom ? " · copied from the catalogue" : ""}
          </p>
        </div>
      </div>
      <OverlayEditor
        initial={item}
        pictures={pictures}
        sounds={sounds}
        uploadedSounds={uploadedSounds}
        canUpload={plans[caller.account.plan].entitlements.assetStorageBytes > 0}
      />
    </div>
  );
}
