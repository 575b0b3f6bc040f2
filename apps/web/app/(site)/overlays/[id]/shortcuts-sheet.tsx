"use client";

import { forwardRef } from "react";
import styles from "./overlay-editor.module.css";

/** The editor's keyboard shortcuts, as docs/overlays.md#placing-things lists them. */
export const shortcuts: readonly [keys: string, action: string][] = [
  ["Click, Shift+click", "Select a layer, add or remove one from the selection"],
  ["Drag on the empty canvas", "Select the layers the box touches"],
  ["Ctrl/⌘+A", "Select every unlocked layer"],
  ["Escape", "Clear the selection"],
  ["Arrows, Shift+arrows", "Move the selection by 1 px, 10 px"],
  ["Alt+arrows", "Resize the selected layer"],
  ["Alt while dragging", "Move without snapping"],
  ["Shift while rotating", "Rotate in 15° steps"],
  ["Delete, Backspace", "Delete the selection"],
  ["Ctrl/⌘+D", "Duplicate the selection"],
  ["Ctrl/⌘+C, Ctrl/⌘+V", "Copy, paste (into this or another overlay)"],
  ["Ctrl/⌘+], Ctrl/⌘+[", "Bring forward, send backward"],
  ["Ctrl/⌘+Shift+], Ctrl/⌘+Shift+[", "Bring to front, send to back"],
  ["Ctrl/⌘+Z, Ctrl/⌘+Shift+Z", "Undo, redo"],
  ["?", "Show these shortcuts"],
];

/** The shortcuts sheet: a modal dialog (the browser's own, so Escape and focus work), opened with "?" or its button. */
export const ShortcutsSheet = forwardRef<HTMLDialogElement>(function ShortcutsSheet(_props, ref) {
  return (
    <dialog ref={ref} className={`panel ${styles.sheet}`} aria-labelledby="shortcuts-title" data-testid="shortcuts-sheet">
      <h2 id="shortcuts-title">Keyboard shortcuts</h2>
      <table className={styles.shortcuts}>
        <tbody>
          {shortcuts.map(([keys, action]) => (
            <tr key={keys}>
              <th scope="row">
                <kbd>{keys}</kbd>
              </th>
              <td>{action}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <form method="dialog" className="form-actions">
        <button type="submit" className="button small">
          Close
        </button>
      </form>
    </dialog>
  );
});
