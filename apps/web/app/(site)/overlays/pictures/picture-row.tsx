"use client";

import { type Asset, assetLimits, assetTypes } from "@streamkit/api-contract";
import Link from "next/link";
import { type FormEvent, useState, useTransition } from "react";
import { formatBytes, formatDate } from "@/components/format";
import { type DeleteResult, deletePicture, renamePicture } from "@/lib/server/asset-actions";
import styles from "./pictures.module.css";

/** One picture of the library: its thumbnail (served from its url), what it is, rename in place, and delete after a confirmation. */
export function PictureRow({ picture }: { picture: Asset }) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(picture.name);
  const [renameError, setRenameError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<Extract<DeleteResult, { ok: false }> | null>(null);
  const [pending, startTransition] = useTransition();

  function rename(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    startTransition(async () => {
      const result = await renamePicture({ assetId: picture.id, name: draft });
      if (!result.ok) return setRenameError(result.message);
      setRenameError(null);
      setEditing(false);
    });
  }

  function remove() {
    startTransition(async () => {
      const result = await deletePicture(picture.id);
      // On success the page re-reads without this row.
      setRefusal(result.ok ? null : result);
    });
  }

  return (
    <li className={`panel ${styles.picture}`} data-testid="picture-row" data-asset-id={picture.id}>
      <div className={styles.thumb}>
        {/* biome-ignore lint/performance/noImgElement: the library's own immutable address; next/image would fetch and re-encode it again. */}
        <img src={picture.url} alt="" width={picture.width} height={picture.height} loading="lazy" />
      </div>
      <div className={styles.details}>
        {editing ? (
          <form onSubmit={rename} aria-label={`Rename ${picture.name}`} className={styles.rename}>
            <label htmlFor={`name-${picture.id}`} className="visually-hidden">
              New name for {picture.name}
            </label>
            <input
              id={`name-${picture.id}`}
              name="name"
              value={draft}
              maxLength={assetLimits.maxNameLength}
              required
              disabled={pending}
              onChange={(event) => setDraft(event.target.value)}
            />
            <button type="submit" className="button small" disabled={pending}>
              {pending ? "Saving…" : "Save name"}
            </button>
            <button
              type="button"
              className="button secondary small"
              disabled={pending}
              onClick={() => {
                setEditing(false);
                setDraft(picture.name);
                setRenameError(null);
              }}
            >
              Cancel
            </button>
          </form>
        ) : (
          <h2>{picture.name}</h2>
        )}
        {renameError ? (
          <p className="form-error" role="alert">
            {renameError}
          </p>
        ) : null}
        <div className="meta-row">
          <span>{assetTypes[picture.contentType].toUpperCase()}</span>
          <span>
            {picture.width} × {picture.height}
          </span>
          <span>{formatBytes(picture.size)}</span>
          {picture.animated ? <span className="status">Animated</span> : null}
          <span>uploaded {formatDate(picture.createdAt)}</span>
        </div>
        {refusal ? (
          <div className="form-error" role="alert" data-testid="picture-in-use">
            <p>{refusal.message}</p>
            {refusal.overlays.length > 0 ? (
              <ul aria-label={`Overlays drawing ${picture.name}`}>
                {refusal.overlays.map((overlay) => (
                  <li key={overlay.overlayId}>
                    <Link href={`/overlays/${overlay.overlayId}`}>{overlay.name}</Link>
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        ) : null}
      </div>
      <div className="overlay-row-actions">
        {editing ? null : (
          <button
            type="button"
            className="button secondary small"
            aria-label={`Rename ${picture.name}`}
            onClick={() => {
              setDraft(picture.name);
              setEditing(true);
            }}
          >
            Rename
          </button>
        )}
        <details>
          <summary>Delete…</summary>
          <div className="confirm">
            <p>The picture is gone for good; overlays that drew it from an older revision draw nothing there.</p>
            <button type="button" className="button danger small" disabled={pending} onClick={remove}>
              {pending ? "Deleting…" : `Delete ${picture.name}`}
            </button>
          </div>
        </details>
      </div>
    </li>
  );
}
