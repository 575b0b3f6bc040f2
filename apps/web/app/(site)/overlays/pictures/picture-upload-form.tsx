"use client";

import { assetContentTypes, assetLimits } from "@streamkit/api-contract";
import { useRouter } from "next/navigation";
import { type DragEvent, type FormEvent, useEffect, useRef, useState } from "react";
import { formatBytes } from "@/components/format";
import { UploadProblem } from "@/components/pictures/upload-problem";
import { nameFromFile, type UploadOutcome, uploadPicture } from "@/lib/picture-upload";
import styles from "./pictures.module.css";

/**
 * Upload one picture or sound (the bytes decide which): chosen with the file field or dropped on the form, named after its file unless a name was
 * typed. The API decides the rest; its refusal is shown as it says it. The list re-reads after a success.
 */
export function PictureUploadForm() {
  const router = useRouter();
  const fileInput = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [name, setName] = useState("");
  const [named, setNamed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [over, setOver] = useState(false);
  const [outcome, setOutcome] = useState<UploadOutcome | null>(null);
  // Until the page runs, a drop or a submit would do nothing (or post the form as a plain GET): the button waits.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  function choose(chosen: File | null) {
    setFile(chosen);
    setOutcome(null);
    // The file's name, unless the streamer typed one of their own.
    if (chosen && !named) setName(nameFromFile(chosen.name));
  }

  function drop(event: DragEvent<HTMLFormElement>) {
    event.preventDefault();
    setOver(false);
    const dropped = event.dataTransfer.files[0];
    if (dropped) choose(dropped);
  }

  async function upload(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!file) return setOutcome({ ok: false, code: "bad_request", message: "Choose a picture or sound to upload first." });
    setBusy(true);
    setOutcome(null);
    const result = await uploadPicture(file, name);
    setBusy(false);
    setOutcome(result);
    if (!result.ok) return;
    setFile(null);
    setName("");
    setNamed(false);
    if (fileInput.current) fileInput.current.value = "";
    router.refresh();
  }

  return (
    <form
      className={`${styles.upload} ${over ? styles.dropping : ""}`}
      aria-label="Upload a picture or sound"
      aria-busy={busy}
      data-testid="picture-drop"
      data-hydrated={hydrated ? "" : undefined}
      onSubmit={upload}
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
    >
      <p className={styles.dropHint}>
        Drop a picture or sound here, or choose one. Pictures: PNG, JPEG, WebP or GIF (animated too), up to {formatBytes(assetLimits.maxUploadBytes)} and{" "}
        {assetLimits.maxSide.toLocaleString("en")} pixels a side; SVG is not taken: export it as PNG or WebP. Sounds: MP3, Ogg, WAV or FLAC, up to{" "}
        {formatBytes(assetLimits.maxSoundBytes)}.
      </p>
      <div className={styles.uploadFields}>
        <div className="field">
          <label htmlFor="picture-file">Picture or sound file</label>
          <input
            id="picture-file"
            ref={fileInput}
            type="file"
            accept={assetContentTypes.join(",")}
            disabled={busy}
            onChange={(event) => choose(event.target.files?.[0] ?? null)}
          />
        </div>
        <div className="field">
          <label htmlFor="picture-name">Name</label>
          <input
            id="picture-name"
            name="name"
            value={name}
            maxLength={assetLimits.maxNameLength}
            disabled={busy}
            onChange={(event) => {
              setName(event.target.value);
              setNamed(event.target.value !== "");
            }}
          />
        </div>
      </div>
      {file ? <p className="hint">{`${file.name}, ${formatBytes(file.size)}`}</p> : null}
      <div className="form-actions">
        <button type="submit" className={`button ${styles.uploadButton}`} disabled={busy || !hydrated}>
          {busy ? "Uploading…" : "Upload"}
        </button>
      </div>
      {outcome?.ok === false ? <UploadProblem problem={outcome} /> : null}
      {outcome?.ok ? (
        <p className="form-done" role="status">
          Uploaded “{outcome.asset.name}”.
        </p>
      ) : null}
    </form>
  );
}
