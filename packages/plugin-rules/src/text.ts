/**
 * Package files travel as JSON strings and are installed as UTF-8 text
 * files. A string can still hold what no text file should: NUL and other
 * control characters (a binary file read as text), or a lone UTF-16 surrogate
 * that has no UTF-8 form at all.
 */
import { lineIndex, type Position } from "./positions";

export type TextProblemKind = "nul" | "surrogate" | "control";

export interface TextProblem extends Position {
  kind: TextProblemKind;
  /** How many times this kind occurs in the file; the position is the first. */
  count: number;
  message: string;
}

/** Tab, line feed, vertical tab, form feed and carriage return: the control characters Lua reads as white space. */
const WHITESPACE_CONTROLS = new Set([9, 10, 11, 12, 13]);

function hex(code: number): string {
  return `U+${code.toString(16).toUpperCase().padStart(4, "0")}`;
}

function describe(kind: TextProblemKind, code: number, count: number): string {
  const more = count > 1 ? ` (and ${count - 1} more)` : "";
  switch (kind) {
    case "nul":
      return `contains a NUL character${more}, so it is probably a binary file: only UTF-8 text files can be published — remove the file or the character`;
    case "surrogate":
      return `contains ${hex(code)}, half of a UTF-16 surrogate pair with no UTF-8 form${more}: save the file as UTF-8 text`;
    case "control":
      return `contains the control character ${hex(code)}${more}, which is not text: remove it (tabs, line breaks and form feeds are fine)`;
  }
}

/** One problem per kind found, pointing at its first occurrence. */
export function textProblems(content: string): TextProblem[] {
  const first = new Map<TextProblemKind, { offset: number; code: number; count: number }>();
  const note = (kind: TextProblemKind, offset: number, code: number) => {
    const seen = first.get(kind);
    if (seen) seen.count++;
    else first.set(kind, { offset, code, count: 1 });
  };
  for (let i = 0; i < content.length; i++) {
    const code = content.charCodeAt(i);
    if (code === 0) note("nul", i, code);
    else if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) {
      if (!WHITESPACE_CONTROLS.has(code)) note("control", i, code);
    } else if (code >= 0xd800 && code <= 0xdbff) {
      const next = content.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
      else note("surrogate", i, code);
    } else if (code >= 0xdc00 && code <= 0xdfff) {
      note("surrogate", i, code);
    }
  }
  if (first.size === 0) return [];
  const position = lineIndex(content);
  return [...first.entries()]
    .sort((a, b) => a[1].offset - b[1].offset)
    .map(([kind, { offset, code, count }]) => ({ kind, count, ...position(offset), message: describe(kind, code, count) }));
}

/** Bytes the string takes as UTF-8 (a lone surrogate counts as the 3 bytes of U+FFFD it would become). */
export function utf8Length(content: string): number {
  let bytes = 0;
  for (let i = 0; i < content.length; i++) {
    const code = content.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && (content.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}
