"use client";

import type { Alignment, ZMove } from "@streamkit/overlay";
import styles from "./overlay-editor.module.css";

const alignButtons: [Alignment, string][] = [
  ["left", "Align left"],
  ["center", "Align centre"],
  ["right", "Align right"],
  ["top", "Align top"],
  ["middle", "Align middle"],
  ["bottom", "Align bottom"],
];
const orderButtons: [ZMove, string][] = [
  ["front", "To front"],
  ["forward", "Forward"],
  ["backward", "Backward"],
  ["back", "To back"],
];

/**
 * The placing tools for the selection: align (to the selection's box, or the
 * canvas for one layer), distribute (three or more), drawing order,
 * duplicate, copy, paste, delete, the snapping switch and the shortcuts.
 */
export function PlacingToolbar({
  count,
  snapping,
  onSnapping,
  actions,
  onShortcuts,
}: {
  count: number;
  snapping: boolean;
  onSnapping: (on: boolean) => void;
  actions: {
    align: (alignment: Alignment) => void;
    distribute: (axis: "horizontal" | "vertical") => void;
    reorder: (move: ZMove) => void;
    duplicate: () => void;
    copy: () => void;
    paste: () => void;
    remove: () => void;
  };
  onShortcuts: () => void;
}) {
  const none = count === 0;
  return (
    <div className={styles.placing} role="toolbar" aria-label="Placing">
      <span className={styles.selectionCount} data-testid="selection-count" aria-live="polite">
        {none ? "Nothing selected" : `${count} selected`}
      </span>
      <div className={styles.buttons}>
        {alignButtons.map(([alignment, label]) => (
          <button key={alignment} type="button" className="button secondary small" disabled={none} onClick={() => actions.align(alignment)}>
            {label}
          </button>
        ))}
        <button type="button" className="button secondary small" disabled={count < 3} onClick={() => actions.distribute("horizontal")}>
          Distribute horizontally
        </button>
        <button type="button" className="button secondary small" disabled={count < 3} onClick={() => actions.distribute("vertical")}>
          Distribute vertically
        </button>
      </div>
      <div className={styles.buttons}>
        {orderButtons.map(([move, label]) => (
          <button key={move} type="button" className="button secondary small" disabled={none} onClick={() => actions.reorder(move)}>
            {label}
          </button>
        ))}
        <button type="button" className="button secondary small" disabled={none} onClick={actions.duplicate} aria-keyshortcuts="Control+D">
          Duplicate
        </button>
        <button type="button" className="button secondary small" disabled={none} onClick={actions.copy} aria-keyshortcuts="Control+C">
          Copy layers
        </button>
        <button type="button" className="button secondary small" onClick={actions.paste} aria-keyshortcuts="Control+V">
          Paste layers
        </button>
        <button type="button" className="button secondary small" disabled={none} onClick={actions.remove} aria-keyshortcuts="Delete">
          Delete selected
        </button>
      </div>
      <div className={styles.buttons}>
        <label className={styles.toggle}>
          <input type="checkbox" checked={snapping} onChange={(event) => onSnapping(event.target.checked)} /> Snap
        </label>
        <button type="button" className="button secondary small" onClick={onShortcuts} aria-keyshortcuts="Shift+?">
          Keyboard shortcuts
        </button>
      </div>
    </div>
  );
}
