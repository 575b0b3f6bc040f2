"use client";

import type { Asset } from "@streamkit/api-contract";
import { type ReactNode, useState } from "react";
import { UploadProblem } from "@/components/pictures/upload-problem";
import { nameFromFile, type UploadOutcome, uploadPicture } from "@/lib/picture-upload";
import styles from "./overlay-editor.module.css";

/**
 * The editor's upload fields (a picture layer's, the alert sounds'): the chosen file goes to the library, named
 * after the file; "Uploading …" while it goes, and a refusal — the API's, or `unusable`'s when the bytes turned out
 * to be the other kind (kept in the library, but of no use here) — under it.
 */
export function AssetUploadField({
  id,
  label,
  accept,
  fallbackName,
  hint,
  unusable,
  onUploaded,
  uploadedNote,
}: {
  id: string;
  label: string;
  accept: readonly string[];
  fallbackName: string;
  hint: ReactNode;
  /** Why an uploaded asset cannot be used here, or null when it can. */
  unusable: (asset: Asset) => string | null;
  onUploaded: (asset: Asset) => void;
  /** What to say once an upload is used (nothing when absent). */
  uploadedNote?: (asset: Asset) => ReactNode;
}) {
  const [busy, setBusy] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<UploadOutcome | null>(null);
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="file"
        accept={accept.join(",")}
        disabled={busy !== null}
        aria-describedby={`${id}-hint`}
        onChange={async (event) => {
          const input = event.currentTarget;
          const file = input.files?.[0];
          if (!file) return;
          const name = nameFromFile(file.name, fallbackName);
          setBusy(name);
          setOutcome(null);
          const result = await uploadPicture(file, name);
          input.value = "";
          setBusy(null);
          const refusal = result.ok ? unusable(result.asset) : null;
          if (refusal) return setOutcome({ ok: false, code: "bad_request", message: refusal });
          setOutcome(result);
          if (result.ok) onUploaded(result.asset);
        }}
      />
      <p className="hint" id={`${id}-hint`}>
        {hint}
      </p>
      {busy ? (
        <p className="hint" role="status">
          Uploading {busy}…
        </p>
      ) : null}
      {outcome?.ok === false ? <UploadProblem problem={outcome} /> : null}
      {outcome?.ok && uploadedNote ? uploadedNote(outcome.asset) : null}
    </div>
  );
}
