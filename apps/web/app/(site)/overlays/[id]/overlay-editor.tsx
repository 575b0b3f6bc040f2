"use client";

import type { OverlayRecord } from "@streamkit/api-contract";
import {
  addLayer,
  canvasPresets,
  type NewLayerType,
  type OverlayDocument,
  overlayDocumentSchema,
  reapplyChanges,
  setCanvas,
  type TextLayer,
} from "@streamkit/overlay";
import { useCallback, useEffect, useMemo, useRef, useState, useTransition } from "react";
import { loadOverlay, publishOverlay, saveOverlay } from "@/lib/server/overlay-actions";
import { AlertSoundsPanel } from "./alert-sounds-panel";
import { BrowserSourcePanel } from "./browser-source-panel";
import type { EditorPicture } from "./editor-picture";
import type { EditorSound, EditorUploadedSound } from "./editor-sounds";
import { HistoryPanel } from "./history-panel";
import { CanvasStage } from "./canvas-stage";
import { LayerList } from "./layer-list";
import { LayerProperties } from "./layer-properties";
import { PictureUploaded, withUploadedPicture } from "./picture-properties";
import { PlacingToolbar } from "./placing-toolbar";
import { SettingsPanel } from "./settings-panel";
import { ShortcutsSheet } from "./shortcuts-sheet";
import { TestAlertPanel } from "./test-alert-panel";
import { FontStylesheet } from "./text-style-properties";
import { fontLoading, hugText } from "./text-fit";
import styles from "./overlay-editor.module.css";
import { useDocumentHistory } from "./use-document-history";
import { usePlacing } from "./use-placing";

type Problem = { path: string; message: string };

/** What a save needs to know: the version the editor started from. */
interface Base {
  rev: number;
  name: string;
  document: OverlayDocument;
}

/**
 * The overlay editor: the canvas, the layers, the selected layer's
 * properties, undo and redo, and Save with the rev it started from. Save
 * keeps a draft off stream; Publish puts it on stream (saving first when
 * there are changes), docs/overlays.md#drafts-and-live. When
 * someone saved elsewhere in between, the save is refused (409) and nothing
 * typed here is lost: "Load the newer version and re-apply my changes" puts
 * these changes on top of the newer version, to check and save. Leaving with
 * unsaved changes asks first.
 */
export function OverlayEditor({
  initial,
  pictures: loaded,
  sounds,
  uploadedSounds,
  canUpload,
}: {
  initial: OverlayRecord;
  pictures: EditorPicture[];
  sounds: EditorSound[];
  /** The account's uploaded sounds (the Alert sounds panel's "Your sounds"). */
  uploadedSounds: EditorUploadedSound[];
  /** The plan has library storage: the Alert sounds panel offers an upload. */
  canUpload: boolean;
}) {
  // The account's pictures as loaded, and those uploaded since from a picture layer (newest first, as loaded).
  const [pictures, setPictures] = useState(loaded);
  const assets = useMemo(() => Object.fromEntries(pictures.map(({ id, url, width, height }) => [id, { url, width, height }])), [pictures]);
  const [record, setRecord] = useState(initial);
  const [base, setBase] = useState<Base>({ rev: initial.rev, name: initial.name, document: initial.document });
  const [name, setName] = useState(initial.name);
  const history = useDocumentHistory(initial.document);
  const { document, apply } = history;
  // The document as last rendered, for work that finishes later (a font loading before a new text is measured, an upload).
  const current = useRef(document);
  current.current = document;
  // The selection, in the order picked; ids an undo removed drop out.
  const [picked, setSelection] = useState<string[]>([]);
  const selection = picked.filter((id) => document.layers.some((layer) => layer.id === id));
  const setSelectedId = (id: string | null) => setSelection(id === null ? [] : [id]);
  const [snapping, setSnapping] = useState(true);
  const sheet = useRef<HTMLDialogElement>(null);
  const openShortcuts = () => sheet.current?.showModal();
  const placing = usePlacing({ document, apply, selection, select: setSelection, openShortcuts });
  const [saving, startSaving] = useTransition();
  const [status, setStatus] = useState<{ kind: "saved" | "error" | "info"; text: string } | null>(null);
  const [problems, setProblems] = useState<Problem[]>([]);
  const [conflict, setConflict] = useState<{ currentRev: number } | null>(null);

  // An upload ends after the editor may have moved on: its picture is set on the document as it is then.
  const pictureUploaded = useCallback(
    (picture: EditorPicture, layerId: string) => {
      setPictures((list) => [picture, ...list.filter((known) => known.id !== picture.id)]);
      apply(withUploadedPicture(current.current, layerId, picture.id));
    },
    [apply],
  );

  const dirty = name !== base.name || JSON.stringify(document) !== JSON.stringify(base.document);
  const selected = selection.length === 1 ? (document.layers.find((layer) => layer.id === selection[0]) ?? null) : null;

  // Leaving with unsaved changes asks first: closing the tab or reloading (beforeunload), and links inside the site.
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = "";
    };
    const onClick = (event: MouseEvent) => {
      const link = (event.target as Element | null)?.closest?.("a[href]");
      if (!link || link.getAttribute("target") === "_blank" || event.defaultPrevented) return;
      if (!window.confirm("Leave the editor? Your unsaved changes to this overlay will be lost.")) {
        event.preventDefault();
        event.stopPropagation();
      }
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    window.document.addEventListener("click", onClick, true);
    return () => {
      window.removeEventListener("beforeunload", onBeforeUnload);
      window.document.removeEventListener("click", onClick, true);
    };
  }, [dirty]);

  // Undo and redo from the keyboard, except while typing in a field (it has its own).
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey)) return;
      const target = event.target as HTMLElement;
      if (target.closest("input, textarea, select")) return;
      const key = event.key.toLowerCase();
      if (key === "z" && !event.shiftKey) {
        event.preventDefault();
        history.undo();
      } else if ((key === "z" && event.shiftKey) || key === "y") {
        event.preventDefault();
        history.redo();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [history.undo, history.redo]);

  function add(type: NewLayerType) {
    // A new text hugs its text measured in its font: once the site's default font is loaded (at once, but for the first moments).
    const loading = type === "text" ? fontLoading(addLayer(document, type).document.layers.at(-1) as TextLayer) : null;
    if (loading) {
      // A font that fails to load: the text is added all the same, measured in the fallback it will be drawn in.
      void loading.catch(() => undefined).then(() => addTo(current.current, type));
      return;
    }
    addTo(document, type);
  }
  function addTo(document: OverlayDocument, type: NewLayerType) {
    // A new picture shows the newest upload when there is one; otherwise a picture variable to fill in.
    const newest = pictures[0];
    const added = addLayer(document, type, type === "picture" && newest ? { source: { kind: "asset", id: newest.id } } : {});
    apply(type === "text" ? hugText(added.document, added.id) : added.document);
    setSelectedId(added.id);
  }

  /** Save (a draft) or, with `live`, save and put on stream in the same step. */
  function save(live = false) {
    const checked = overlayDocumentSchema.safeParse(document);
    if (!checked.success) {
      setProblems(checked.error.issues.map((issue) => ({ path: ["document", ...issue.path].join("."), message: issue.message })));
      setStatus({ kind: "error", text: "Not saved: fix the problems below." });
      return;
    }
    startSaving(async () => {
      const result = await saveOverlay({ overlayId: record.id, baseRev: base.rev, name, document, draft: !live });
      if (result.ok) {
        setRecord(result.item);
        setBase({ rev: result.item.rev, name: result.item.name, document: result.item.document });
        setProblems([]);
        setConflict(null);
        setStatus({
          kind: "saved",
          text: live ? `Saved and published: rev ${result.item.rev} is on stream.` : `Saved as a draft: rev ${result.item.rev}. Publish to put it on stream.`,
        });
        return;
      }
      if ("conflict" in result) {
        setConflict(result.conflict);
        setStatus(null);
        return;
      }
      setProblems("problems" in result ? result.problems : []);
      setStatus({ kind: "error", text: `Not saved: ${result.message}` });
    });
  }

  /** Publish: the changes saved and live at once, or the saved draft put on stream over the live rev the editor knows. */
  function publish() {
    if (dirty) return save(true);
    startSaving(async () => {
      const result = await published(await publishOverlay({ overlayId: record.id, rev: base.rev, baseLiveRev: record.liveRev }));
      if (result) setStatus({ kind: "saved", text: `Published: rev ${base.rev} is on stream.` });
    });
  }

  /** The outcome of a publish (the button or the history's "Put on stream"): the record on success, else the reason on the page. */
  async function published(result: Awaited<ReturnType<typeof publishOverlay>>): Promise<boolean> {
    if (result.ok) {
      setRecord(result.item);
      return true;
    }
    if ("conflict" in result) {
      const { currentLiveRev } = result.conflict;
      setRecord((current) => ({ ...current, liveRev: currentLiveRev }));
      setStatus({ kind: "error", text: `Not published: it was published elsewhere, and rev ${currentLiveRev} is on stream now. Check, then publish again.` });
      return false;
    }
    setStatus({ kind: "error", text: `Not published: ${result.message}` });
    return false;
  }

  /** A restore is a save made by the history panel: the editor takes the new saved version as if it had loaded it. */
  function restored(item: OverlayRecord, rev: number) {
    setRecord(item);
    setConflict(null);
    setProblems([]);
    setBase({ rev: item.rev, name: item.name, document: item.document });
    history.reset(item.document);
    setName(item.name);
    setSelectedId(null);
    setStatus({ kind: "saved", text: `Restored rev ${rev} as a draft, rev ${item.rev}. Publish to put it on stream.` });
  }

  function loadNewer(keepMine: boolean) {
    startSaving(async () => {
      const result = await loadOverlay(record.id);
      if (!result.ok) return setStatus({ kind: "error", text: result.message });
      const theirs = result.item;
      setRecord(theirs);
      setConflict(null);
      setBase({ rev: theirs.rev, name: theirs.name, document: theirs.document });
      if (!keepMine) {
        history.reset(theirs.document);
        setName(theirs.name);
        setSelectedId(null);
        setStatus({ kind: "info", text: `Loaded rev ${theirs.rev}; your changes were discarded.` });
        return;
      }
      const { document: merged, overlapping } = reapplyChanges(base.document, document, theirs.document);
      apply(merged);
      if (name === base.name) setName(theirs.name);
      const names = overlapping.map((id) => merged.layers.find((layer) => layer.id === id)?.name ?? id);
      setStatus({
        kind: "info",
        text: `Loaded rev ${theirs.rev} and re-applied your changes${names.length ? `; both of you changed ${names.join(", ")}: yours were kept, check them` : ""}. Save to keep the result.`,
      });
    });
  }

  const presetIndex = canvasPresets.findIndex((preset) => preset.width === document.canvas.width && preset.height === document.canvas.height);
  return (
    <div className={styles.editor}>
      <FontStylesheet />
      <div className={styles.toolbar} role="toolbar" aria-label="Overlay">
        <div className={styles.field}>
          <label htmlFor="overlay-name">Name</label>
          <input id="overlay-name" value={name} maxLength={100} onChange={(event) => setName(event.target.value)} />
        </div>
        <div className={styles.field}>
          <label htmlFor="canvas-preset">Canvas</label>
          <select
            id="canvas-preset"
            value={presetIndex}
            onChange={(event) => {
              const preset = canvasPresets[Number(event.target.value)];
              if (preset) apply(setCanvas(document, preset.width, preset.height));
            }}
          >
            {presetIndex < 0 ? (
              <option value={-1}>
                {document.canvas.width} × {document.canvas.height} (custom)
              </option>
            ) : null}
            {canvasPresets.map((preset, index) => (
              <option key={preset.label} value={index}>
                {preset.label}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.buttons}>
          <button type="button" className="button secondary small" onClick={() => add("text")}>
            Add text
          </button>
          <button type="button" className="button secondary small" onClick={() => add("shape")}>
            Add shape
          </button>
          <button type="button" className="button secondary small" onClick={() => add("group")}>
            Add group
          </button>
          <button type="button" className="button secondary small" onClick={() => add("picture")}>
            Add picture
          </button>
          <button type="button" className="button secondary small" disabled={!history.canUndo} onClick={history.undo} aria-keyshortcuts="Control+Z">
            Undo
          </button>
          <button type="button" className="button secondary small" disabled={!history.canRedo} onClick={history.redo} aria-keyshortcuts="Control+Shift+Z">
            Redo
          </button>
          <button type="button" className="button secondary small" disabled={saving || !dirty || conflict !== null} onClick={() => save()}>
            {saving ? "Saving…" : "Save"}
          </button>
          <button type="button" className="button small" disabled={saving || conflict !== null || (!dirty && record.liveRev === base.rev)} onClick={publish}>
            Publish
          </button>
        </div>
        <p className={styles.saveState} aria-live="polite" data-testid="save-state">
          {dirty ? "Unsaved changes" : `Saved · rev ${base.rev}`}
        </p>
        <p className={styles.saveState} aria-live="polite" data-testid="live-state">
          {record.liveRev === base.rev && !dirty ? `On stream: rev ${record.liveRev}` : `On stream: rev ${record.liveRev} · not published yet`}
        </p>
      </div>

      {conflict ? (
        <div className={`panel ${styles.conflict}`} role="alert" data-testid="save-conflict">
          <h2>Someone saved this overlay elsewhere</h2>
          <p>
            It is at rev {conflict.currentRev} now; you started from rev {base.rev}. Nothing was overwritten, and your changes are still here.
          </p>
          <div className="form-actions">
            <button type="button" className="button small" disabled={saving} onClick={() => loadNewer(true)}>
              Load the newer version and re-apply my changes
            </button>
            <button type="button" className="button secondary small" disabled={saving} onClick={() => loadNewer(false)}>
              Discard my changes and load it
            </button>
          </div>
        </div>
      ) : null}
      {status ? (
        <p className={status.kind === "error" ? "form-error" : "form-done"} role="status">
          {status.text}
        </p>
      ) : null}
      {problems.length > 0 ? (
        <ul className="form-error" aria-label="Problems">
          {problems.map((problem) => (
            <li key={`${problem.path}:${problem.message}`}>
              <code>{problem.path}</code>: {problem.message}
            </li>
          ))}
        </ul>
      ) : null}

      <div className={styles.workspace}>
        <div className={styles.canvasColumn}>
          <PlacingToolbar count={selection.length} snapping={snapping} onSnapping={setSnapping} actions={placing} onShortcuts={openShortcuts} />
          {placing.message ? (
            <p className={placing.message.kind === "error" ? "form-error" : "form-done"} role="status" data-testid="placing-message">
              {placing.message.text}
            </p>
          ) : null}
          <CanvasStage document={document} assets={assets} selection={selection} snapping={snapping} onSelect={setSelection} onChange={apply} />
          <p className="hint">
            Click a layer to select it (Shift+click: several), drag on the empty canvas to select with a box, drag to move (snapping to edges and centres; Alt:
            no snapping), drag the corner to resize. With the canvas focused, arrow keys move the selection (Shift: 10 px). Press ? for every shortcut.
          </p>
          <ShortcutsSheet ref={sheet} />
        </div>
        <div className={styles.sideColumn}>
          <section className="panel" aria-labelledby="layers-title">
            <h2 id="layers-title">Layers</h2>
            <LayerList document={document} selection={selection} onSelect={setSelection} onChange={apply} />
          </section>
          <section className="panel" aria-labelledby="properties-title">
            <h2 id="properties-title">{selected ? `Properties of ${selected.name}` : "Properties"}</h2>
            {selected ? (
              <PictureUploaded value={pictureUploaded}>
                <LayerProperties document={document} layer={selected} pictures={pictures} onChange={apply} />
              </PictureUploaded>
            ) : (
              <p className="muted">
                {selection.length > 1 ? `${selection.length} layers selected: place them with the tools above the canvas.` : "Select a layer to change it."}
              </p>
            )}
          </section>
          <SettingsPanel document={document} sounds={sounds} onChange={apply} />
          <BrowserSourcePanel overlay={record} onChanged={(item) => setRecord((current) => ({ ...current, browserSource: item.browserSource }))} />
          <TestAlertPanel overlayId={record.id} />
          <AlertSoundsPanel document={document} sounds={sounds} uploads={uploadedSounds} canUpload={canUpload} onChange={apply} />
          <HistoryPanel
            overlay={record}
            saved={base}
            dirty={dirty}
            assets={assets}
            onRestored={restored}
            onPublish={async (rev) => {
              const ok = await published(await publishOverlay({ overlayId: record.id, rev, baseLiveRev: record.liveRev }));
              if (ok) setStatus({ kind: "saved", text: `Rev ${rev} is on stream.` });
              return ok;
            }}
          />
        </div>
      </div>
    </div>
  );
}
