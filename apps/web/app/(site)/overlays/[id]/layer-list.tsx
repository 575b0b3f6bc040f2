"use client";

import { type Layer, type OverlayDocument, removeLayer, reorderLayer, setHidden, setLocked } from "@streamkit/overlay";
import styles from "./overlay-editor.module.css";

const typeNames: Record<Layer["type"], string> = { text: "Text", shape: "Shape", group: "Group", particles: "Particles", picture: "Picture" };

/** A layer's depth in its groups, for indenting the list. */
function depth(document: OverlayDocument, layer: Layer): number {
  let level = 0;
  for (let parent = layer.groupId; parent !== undefined && level < 50; level++) parent = document.layers.find((l) => l.id === parent)?.groupId;
  return level;
}

/** An eye, struck through when the layer is hidden: the site's own drawing (an emoji is an empty box where the system has no emoji font). */
function VisibilityIcon({ shown }: { shown: boolean }) {
  return (
    <svg className={styles.visibleIcon} viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false" data-testid="visibility-icon">
      <path d="M2 12s3.6-6.5 10-6.5S22 12 22 12s-3.6 6.5-10 6.5S2 12 2 12Z" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
      <circle cx="12" cy="12" r="3" fill="currentColor" />
      {shown ? null : <path d="M4 20 20 4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />}
    </svg>
  );
}

/** A padlock, open when the layer is unlocked. */
function LockIcon({ locked }: { locked: boolean }) {
  return (
    <svg className={styles.visibleIcon} viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <rect x="5" y="11" width="14" height="10" rx="2" fill="currentColor" />
      <path d={locked ? "M8 11V8a4 4 0 0 1 8 0v3" : "M8 11V8a4 4 0 0 1 7.5-2"} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

/**
 * The layers, the topmost first (the order they are drawn in, reversed):
 * select one (Shift+click adds or removes it), show or hide it, lock it,
 * bring it forward or send it back, delete it. Members are indented under
 * their group. A locked layer is selected here only, not on the canvas.
 */
export function LayerList({
  document,
  selection,
  onSelect,
  onChange,
}: {
  document: OverlayDocument;
  selection: string[];
  onSelect: (ids: string[]) => void;
  onChange: (next: OverlayDocument) => void;
}) {
  const ordered = [...document.layers].reverse();
  if (ordered.length === 0) return <p className="muted">No layers yet: add text, a shape or a group.</p>;
  return (
    <ol className={styles.layers} aria-label="Layers, topmost first">
      {ordered.map((layer, index) => (
        <li
          key={layer.id}
          className={selection.includes(layer.id) ? styles.selectedLayer : undefined}
          style={{ paddingLeft: `${depth(document, layer) * 1.1 + 0.4}rem` }}
          data-testid="layer-row"
        >
          <button
            type="button"
            className={styles.layerName}
            aria-pressed={selection.includes(layer.id)}
            onClick={(event) =>
              onSelect(!event.shiftKey ? [layer.id] : selection.includes(layer.id) ? selection.filter((id) => id !== layer.id) : [...selection, layer.id])
            }
          >
            {layer.name} <small className="muted">{typeNames[layer.type]}</small>
          </button>
          <button
            type="button"
            className={styles.lock}
            aria-pressed={layer.locked === true}
            aria-label={`Lock ${layer.name}`}
            title={layer.locked ? "Locked: not picked or moved on the canvas" : "Lock"}
            onClick={() => onChange(setLocked(document, layer.id, layer.locked !== true))}
          >
            <LockIcon locked={layer.locked === true} />
          </button>
          <label className={styles.visible}>
            <input type="checkbox" checked={layer.hidden !== true} onChange={(event) => onChange(setHidden(document, layer.id, !event.target.checked))} />
            <span className="visually-hidden">Show {layer.name}</span>
            <VisibilityIcon shown={layer.hidden !== true} />
          </label>
          <button
            type="button"
            className="button secondary small"
            disabled={index === 0}
            aria-label={`Bring ${layer.name} forward`}
            onClick={() => onChange(reorderLayer(document, layer.id, 1))}
          >
            ↑
          </button>
          <button
            type="button"
            className="button secondary small"
            disabled={index === ordered.length - 1}
            aria-label={`Send ${layer.name} backward`}
            onClick={() => onChange(reorderLayer(document, layer.id, -1))}
          >
            ↓
          </button>
          <button
            type="button"
            className="button secondary small"
            aria-label={`Delete ${layer.name}`}
            onClick={() => {
              if (selection.includes(layer.id)) onSelect(selection.filter((id) => id !== layer.id));
              onChange(removeLayer(document, layer.id));
            }}
          >
            ✕
          </button>
        </li>
      ))}
    </ol>
  );
}
