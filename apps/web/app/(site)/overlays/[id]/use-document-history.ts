"use client";

import type { OverlayDocument } from "@streamkit/overlay";
import { useCallback, useReducer } from "react";

/**
 * Undo and redo over whole documents (edits are pure functions, so a step is
 * a document). Consecutive changes with the same `coalesce` key — one drag,
 * typing in one field — are one step. At most 200 steps are kept.
 */
interface History {
  past: OverlayDocument[];
  present: OverlayDocument;
  future: OverlayDocument[];
  lastKey: string | null;
}

type Action = { type: "apply"; next: OverlayDocument; coalesce?: string } | { type: "undo" } | { type: "redo" } | { type: "reset"; document: OverlayDocument };

const MAX_STEPS = 200;

function reduce(state: History, action: Action): History {
  switch (action.type) {
    case "apply": {
      if (action.next === state.present) return state;
      if (action.coalesce !== undefined && action.coalesce === state.lastKey) return { ...state, present: action.next, future: [] };
      return { past: [...state.past, state.present].slice(-MAX_STEPS), present: action.next, future: [], lastKey: action.coalesce ?? null };
    }
    case "undo": {
      const previous = state.past.at(-1);
      if (!previous) return state;
      return { past: state.past.slice(0, -1), present: previous, future: [state.present, ...state.future], lastKey: null };
    }
    case "redo": {
      const [next, ...rest] = state.future;
      if (!next) return state;
      return { past: [...state.past, state.present], present: next, future: rest, lastKey: null };
    }
    case "reset":
      return { past: [], present: action.document, future: [], lastKey: null };
  }
}

export function useDocumentHistory(initial: OverlayDocument) {
  const [state, dispatch] = useReducer(reduce, { past: [], present: initial, future: [], lastKey: null });
  return {
    document: state.present,
    canUndo: state.past.length > 0,
    canRedo: state.future.length > 0,
    apply: useCallback((next: OverlayDocument, coalesce?: string) => dispatch({ type: "apply", next, coalesce }), []),
    undo: useCallback(() => dispatch({ type: "undo" }), []),
    redo: useCallback(() => dispatch({ type: "redo" }), []),
    reset: useCallback((document: OverlayDocument) => dispatch({ type: "reset", document }), []),
  };
}
