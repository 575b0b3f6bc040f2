"use client";

import { type Asset, assetLimits, assetTypes } from "@streamkit/api-contract";
import Link from "next/link";
import { type FormEvent, useState, useTransition } from "react";
import { formatBytes, formatDate } from "@/components/format";
import { type DeleteResult, deletePicture, renamePicture } from "@/lib/server/asset-actions";
import styles from "./pictures.module.css";

/**
 * One picture or sound of the library: its thumbnail (served from its url) or a player, what it is, rename in place,
 * and delete after a confirmation.
 */
export function PictureRow({ picture }: { picture: Asset }) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(picture.name);
  const [renameError, setRenameError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<Extract<DeleteResult, { ok: false }> | null>(null);
  const [pending, startTransition] = useTransition();
  const sound = picture.kind === "sound";

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
    <li className={`panel ${styles.picture}`} data-testid={sound ? "sound-row" : "picture-row"} data-asset-id={picture.id}>
      {sound ? (
        // biome-ignore lint/a11y/useMediaCaption: a short alert sound the streamer uploaded; there is no speech to caption.
        <audio className={styles.player} src={picture.url} controls preload="none" aria-label={`Play ${picture.name}`} />
      ) : (
        <div className={styles.thumb}>
          {/* biome-ignore lint/performance/noImgElement: the library's own immutable address; next/image would fetch and re-encode it again. */}
          <img src={picture.url} alt="" width={picture.width ?? undefined} height={picture.height ?? undefined} loading="lazy" />
        </div>
      )}
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
          {sound ? (
            <span>Sound</span>
          ) : (
            <span>
              {picture.width} × {picture.height}
            </span>
          )}
          <span>{formatBytes(picture.size)}</span>
          {picture.animated ? <span className="status">Animated</span> : null}
          <span>uploaded {formatDate(picture.createdAt)}</span>
        </div>
        {refusal ? (
          <div className="form-error" role="alert" data-testid="picture-in-use">
            <p>{refusal.message}</p>
            {refusal.overlays.length > 0 ? (
              <ul aria-label={`Overlays ${sound ? "playing" : "drawing"} ${picture.name}`}>
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
            <p>
              {sound
                ? "The sound is gone for good; an older revision restored that played it plays nothing there."
                : "The picture is gone for good; an older revision restored that drew it draws a placeholder there."}
            </p>
            <button type="button" className="button danger small" disabled={pending} onClick={remove}>
              {pending ? "Deleting…" : `Delete ${picture.name}`}
            </button>
          </div>
        </details>
      </div>
    </li>
  );
}
