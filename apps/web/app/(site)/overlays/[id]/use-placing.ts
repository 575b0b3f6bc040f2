"use client";

import {
  type Alignment,
  alignLayers,
  copyLayers,
  distributeLayers,
  duplicateLayers,
  type OverlayDocument,
  type PasteResult,
  pasteLayers,
  readClipboard,
  removeLayers,
  reorderLayers,
  type ZMove,
} from "@streamkit/overlay";
import { useEffect, useRef, useState } from "react";
import { keepCopied, keptCopied, readCopied, writeCopied } from "./editor-clipboard";

/** True when a key belongs to a field being typed in, never to the editor's shortcuts. */
export function typingIn(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest("input, textarea, select, [contenteditable='true']") !== null;
}

/**
 * The editor's placing actions on the selection (delete, duplicate, copy,
 * paste, align, distribute, drawing order), each one undo step, and their
 * keyboard shortcuts (docs/overlays.md#placing-things) outside text fields.
 */
export function usePlacing({
  document,
  apply,
  selection,
  select,
  openShortcuts,
}: {
  document: OverlayDocument;
  apply: (next: OverlayDocument) => void;
  selection: string[];
  select: (ids: string[]) => void;
  openShortcuts: () => void;
}) {
  const [message, setMessage] = useState<{ kind: "error" | "done"; text: string } | null>(null);

  function remove() {
    if (selection.length === 0) return;
    apply(removeLayers(document, selection));
    select([]);
  }

  function pasted(result: PasteResult, what: string) {
    if (!result.ok) return setMessage({ kind: "error", text: result.message });
    apply(result.document);
    select(result.ids);
    setMessage({ kind: "done", text: `${what} ${result.ids.length} layer${result.ids.length === 1 ? "" : "s"}.` });
  }

  const duplicate = () => selection.length > 0 && pasted(duplicateLayers(document, selection), "Duplicated");

  /** The selection as clipboard text, or null (nothing selected). */
  function copiedText(): string | null {
    const clipboard = copyLayers(document, selection);
    if (!clipboard) return null;
    setMessage({ kind: "done", text: `Copied ${clipboard.layers.length} layer${clipboard.layers.length === 1 ? "" : "s"}.` });
    return JSON.stringify(clipboard);
  }

  async function copy() {
    const text = copiedText();
    if (text) await writeCopied(text);
  }

  function pasteText(text: string | null) {
    if (!text) return setMessage({ kind: "error", text: "Nothing to paste: copy layers in an overlay editor first." });
    const read = readClipboard(text);
    if (!read.ok) return setMessage({ kind: "error", text: read.message });
    pasted(pasteLayers(document, read.clipboard), "Pasted");
  }

  const paste = async () => pasteText(await readCopied());
  const align = (alignment: Alignment) => apply(alignLayers(document, selection, alignment));
  const distribute = (axis: "horizontal" | "vertical") => apply(distributeLayers(document, selection, axis));
  const reorder = (move: ZMove) => apply(reorderLayers(document, selection, move));
  const selectAll = () => select(document.layers.filter((layer) => layer.locked !== true).map((layer) => layer.id));

  // The handlers read the latest render's actions (the listeners are added once).
  const latest = useRef({ remove, duplicate, reorder, selectAll, select, openShortcuts, copiedText, pasteText, selection });
  latest.current = { remove, duplicate, reorder, selectAll, select, openShortcuts, copiedText, pasteText, selection };

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (typingIn(event.target) || event.defaultPrevented) return;
      // Keys inside a dialog (the shortcuts sheet) are the dialog's.
      if (event.target instanceof Element && event.target.closest("dialog")) return;
      const actions = latest.current;
      const mod = event.ctrlKey || event.metaKey;
      const run = (action: () => void) => {
        event.preventDefault();
        action();
      };
      if (event.key === "?" && !mod) return run(actions.openShortcuts);
      if (event.key === "Escape" && actions.selection.length > 0) return run(() => actions.select([]));
      if ((event.key === "Delete" || event.key === "Backspace") && !mod && actions.selection.length > 0) return run(actions.remove);
      if (!mod || event.altKey) return;
      const key = event.key.toLowerCase();
      if (key === "a") return run(actions.selectAll);
      if (key === "d") return run(actions.duplicate);
      // By code, so Shift (which turns ] into } on many layouts) still counts.
      if (event.code === "BracketRight") return run(() => actions.reorder(event.shiftKey ? "front" : "forward"));
      if (event.code === "BracketLeft") return run(() => actions.reorder(event.shiftKey ? "back" : "backward"));
    };
    // Ctrl/Cmd+C and V arrive as the browser's copy and paste events: they carry the system clipboard without asking for a permission.
    const onCopy = (event: ClipboardEvent) => {
      if (typingIn(event.target) || window.getSelection()?.toString()) return;
      const text = latest.current.copiedText();
      if (!text) return;
      event.preventDefault();
      event.clipboardData?.setData("text/plain", text);
      keepCopied(text);
    };
    const onPaste = (event: ClipboardEvent) => {
      if (typingIn(event.target)) return;
      event.preventDefault();
      latest.current.pasteText(event.clipboardData?.getData("text/plain") || keptCopied());
    };
    window.addEventListener("keydown", onKey);
    window.document.addEventListener("copy", onCopy);
    window.document.addEventListener("paste", onPaste);
    return () => {
      window.removeEventListener("keydown", onKey);
      window.document.removeEventListener("copy", onCopy);
      window.document.removeEventListener("paste", onPaste);
    };
  }, []);

  return { message, setMessage, remove, duplicate, copy, paste, align, distribute, reorder, selectAll };
}
