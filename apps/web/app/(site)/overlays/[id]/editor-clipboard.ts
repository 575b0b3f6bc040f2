"use client";

/**
 * Where copied layers go: the system clipboard where the browser allows it,
 * and always a copy in localStorage, so paste works across overlays and tabs
 * where reading the system clipboard is refused (no permission, Firefox).
 */
const STORAGE_KEY = "streamkit.overlay-clipboard";

export function keepCopied(text: string): void {
  try {
    window.localStorage.setItem(STORAGE_KEY, text);
  } catch {
    // Storage full or refused (private mode): the system clipboard may still hold it.
  }
}

export function keptCopied(): string | null {
  try {
    return window.localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

/** Copies to the system clipboard when allowed, and to the page's own. */
export async function writeCopied(text: string): Promise<void> {
  keepCopied(text);
  try {
    await navigator.clipboard?.writeText(text);
  } catch {
    // Refused: the page's own clipboard has it.
  }
}

/** What to paste: the system clipboard's text when it can be read and is not empty, else the page's own copy (null: nothing copied). */
export async function readCopied(): Promise<string | null> {
  try {
    const text = await navigator.clipboard?.readText();
    if (text) return text;
  } catch {
    // Reading refused: fall back on the page's own clipboard.
  }
  return keptCopied();
}
