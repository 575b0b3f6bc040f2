"use client";

import type { OverlayRecord, OverlayRevision, OverlayRevisionComparison, OverlayRevisionRecord } from "@streamkit/api-contract";
import { type OverlayDocument, pictureAssetIds, type RenderAsset, renderSvg } from "@streamkit/overlay";
import { useEffect, useRef, useState, useTransition } from "react";
import { listRevisions, readRevision, restoreRevision } from "@/lib/server/overlay-actions";
import styles from "./overlay-editor.module.css";

const surfaces = { web: "the website", rest: "the API", none: "before history was kept" } as const;

/** A drawing as an image: the renderer's own SVG, shown in an <img> so nothing in it can run; its pictures from `assets` (data: addresses). */
function Drawing({ document, label, assets }: { document: OverlayDocument; label: string; assets: Readonly<Record<string, RenderAsset>> }) {
  const svg = renderSvg(document, { assets });
  // biome-ignore lint/performance/noImgElement: a data: URL of the renderer's SVG; next/image would not optimise it.
  return <img className={styles.revisionImage} alt={label} src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`} />;
}

/**
 * The account's pictures that these drawings use, with their bytes as data: addresses: an SVG shown as an <img>
 * loads nothing it names (as the thumbnails, which inline theirs), so each is fetched once from its own address
 * and inlined. Until then, and for a picture the account no longer has, a layer draws the placeholder.
 */
function useInlinedPictures(documents: OverlayDocument[], assets: Readonly<Record<string, RenderAsset>>): Record<string, RenderAsset> {
  const [inlined, setInlined] = useState<Record<string, RenderAsset>>({});
  // Fetched (or being fetched) already: each picture once, whichever drawings come and go.
  const asked = useRef(new Set<string>());
  const key = [...new Set(documents.flatMap((document) => pictureAssetIds(document)))]
    .filter((id) => Object.hasOwn(assets, id) && !asked.current.has(id))
    .sort()
    .join(",");
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` names exactly the pictures still to fetch.
  useEffect(() => {
    if (!key) return;
    for (const id of key.split(",")) {
      asked.current.add(id);
      const asset = assets[id]!;
      fetch(asset.url)
        .then((response) => (response.ok ? response.blob() : Promise.reject(new Error(String(response.status)))))
        .then(
          (blob) =>
            new Promise<string>((resolve, reject) => {
              const reader = new FileReader();
              reader.onload = () => resolve(String(reader.result));
              reader.onerror = () => reject(reader.error);
              reader.readAsDataURL(blob);
            }),
        )
        .then((url) => setInlined((known) => ({ ...known, [id]: { ...asset, url } })))
        // Not there any more: its layer keeps the placeholder.
        .catch(() => undefined);
    }
  }, [key]);
  return inlined;
}

/** Layer names for the ids a comparison lists, from whichever side has the layer. */
function names(ids: string[], ...documents: OverlayDocument[]): string {
  return ids.map((id) => documents.flatMap((d) => d.layers).find((layer) => layer.id === id)?.name ?? id).join(", ");
}

/**
 * The overlay's history (docs/overlays.md#revision-history): the revisions its
 * saves replaced, newest first; any of them beside the saved version, with
 * what changed; Restore, a new save (a draft) of that revision with the rev
 * the editor holds (a save elsewhere in between is a conflict, as for Save);
 * and "Put on stream", a publish of that revision as it is (docs/overlays.md#drafts-and-live).
 */
export function HistoryPanel({
  overlay,
  saved,
  dirty,
  assets,
  onRestored,
  onPublish,
}: {
  overlay: OverlayRecord;
  /** The account's pictures, as the canvas draws them: the comparison draws them too. */
  assets: Readonly<Record<string, RenderAsset>>;
  saved: { rev: number; document: OverlayDocument };
  dirty: boolean;
  onRestored: (item: OverlayRecord, rev: number) => void;
  /** Puts a revision on stream; false when refused (the editor says why). */
  onPublish: (rev: number) => Promise<boolean>;
}) {
  const [open, setOpen] = useState(false);
  const [items, setItems] = useState<OverlayRevision[] | null>(null);
  const [nextCursor, setNextCursor] = useState<string | null>(null);
  const [viewing, setViewing] = useState<{ item: OverlayRevisionRecord; comparison: OverlayRevisionComparison } | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const pictures = useInlinedPictures(viewing ? [viewing.item.document, saved.document] : [], assets);

  // The list follows the saved rev: every save adds the rev it replaced.
  useEffect(() => {
    if (!open || saved.rev < 1) return;
    let current = true;
    listRevisions(overlay.id, null)
      .then((result) => {
        if (!current) return;
        if (!result.ok) return setMessage(result.message);
        setItems(result.items);
        setNextCursor(result.nextCursor);
      })
      .catch(() => current && setMessage("The history could not be read: reload the page."));
    return () => {
      current = false;
    };
  }, [open, overlay.id, saved.rev]);

  const more = () =>
    startTransition(async () => {
      if (!nextCursor) return;
      const result = await listRevisions(overlay.id, nextCursor);
      if (!result.ok) return setMessage(result.message);
      setItems((current) => [...(current ?? []), ...result.items]);
      setNextCursor(result.nextCursor);
    });

  const view = (rev: number) =>
    startTransition(async () => {
      const result = await readRevision({ overlayId: overlay.id, rev, currentRev: saved.rev });
      if (!result.ok) return setMessage(result.message);
      setMessage(null);
      setViewing({ item: result.item, comparison: result.comparison });
    });

  const restore = (rev: number) =>
    startTransition(async () => {
      const result = await restoreRevision({ overlayId: overlay.id, rev, baseRev: saved.rev, draft: true });
      if (result.ok) {
        setViewing(null);
        setMessage(`Restored rev ${rev} as a draft: the overlay is at rev ${result.item.rev}. Publish to put it on stream.`);
        return onRestored(result.item, rev);
      }
      setMessage(
        "conflict" in result ? `Not restored: it was saved elsewhere (now rev ${result.conflict.currentRev}). Load that version first.` : result.message,
      );
    });

  const putOnStream = (rev: number) =>
    startTransition(async () => {
      if (await onPublish(rev)) setMessage(`Rev ${rev} is on stream; the editor still holds rev ${saved.rev}.`);
    });

  return (
    <section className="panel" aria-labelledby="history-title" data-testid="history-panel">
      <h2 id="history-title">History</h2>
      {!open ? (
        <button type="button" className="button secondary small" onClick={() => setOpen(true)}>
          Show history
        </button>
      ) : items === null ? (
        <p className="muted">Loading…</p>
      ) : items.length === 0 ? (
        <p className="muted">No earlier revisions yet: each save keeps the one it replaces.</p>
      ) : (
        <>
          <ul className={styles.revisionList}>
            {items.map((item) => (
              <li key={item.rev} data-testid={`revision-${item.rev}`}>
                <span>
                  <strong>rev {item.rev}</strong> · {new Date(item.savedAt).toLocaleString("en-GB", { timeZone: "UTC" })} UTC · {item.savedBy.name} ·{" "}
                  {surfaces[item.surface ?? "none"]} · {Math.ceil(item.bytes / 1024)} KiB
                  {item.rev === overlay.liveRev ? <strong className={styles.liveBadge}> · on stream</strong> : null}
                </span>
                <button type="button" className="button secondary small" disabled={pending} onClick={() => view(item.rev)}>
                  Compare rev {item.rev}
                </button>
                {item.rev === overlay.liveRev ? null : (
                  <button type="button" className="button secondary small" disabled={pending} onClick={() => putOnStream(item.rev)}>
                    Put rev {item.rev} on stream
                  </button>
                )}
              </li>
            ))}
          </ul>
          {nextCursor ? (
            <button type="button" className="button secondary small" disabled={pending} onClick={more}>
              Older revisions
            </button>
          ) : null}
        </>
      )}
      {viewing ? (
        <div className={styles.revisionCompare} data-testid="revision-compare">
          <figure>
            <Drawing document={viewing.item.document} label={`rev ${viewing.item.rev}`} assets={pictures} />
            <figcaption>rev {viewing.item.rev}</figcaption>
          </figure>
          <figure>
            <Drawing document={saved.document} label={`rev ${saved.rev}, saved`} assets={pictures} />
            <figcaption>rev {saved.rev} (saved)</figcaption>
          </figure>
          <ul className={styles.revisionChanges} aria-label="What changed since then">
            {(["added", "removed", "moved", "restyled"] as const).map((kind) =>
              viewing.comparison[kind].length ? (
                <li key={kind}>
                  {kind[0]!.toUpperCase() + kind.slice(1)}: {names(viewing.comparison[kind], saved.document, viewing.item.document)}
                </li>
              ) : null,
            )}
            {(["added", "removed", "moved", "restyled"] as const).every((kind) => viewing.comparison[kind].length === 0) ? <li>No layer changed.</li> : null}
          </ul>
          <div className="form-actions">
            <button type="button" className="button small" disabled={pending || dirty} onClick={() => restore(viewing.item.rev)}>
              Restore rev {viewing.item.rev}
            </button>
            <button type="button" className="button secondary small" onClick={() => setViewing(null)}>
              Close
            </button>
          </div>
          {dirty ? <p className="hint">Save or undo your changes first: a restore replaces the saved version.</p> : null}
        </div>
      ) : null}
      {message ? (
        <p className="form-done" role="status">
          {message}
        </p>
      ) : null}
    </section>
  );
}
