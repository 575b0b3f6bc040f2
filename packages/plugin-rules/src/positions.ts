/** A 1-based place in a text file, as editors show it (columns count UTF-16 code units, like VS Code). */
export interface Position {
  line: number;
  column: number;
}

/**
 * Maps string offsets to line and column. Line breaks follow Lua's lexer (and
 * therefore luaparse's): \n, \r, \r\n and \n\r each end one line, so positions
 * from the parser and from our own scans agree.
 */
export function lineIndex(text: string): (offset: number) => Position {
  const starts = [0];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c !== 10 && c !== 13) continue;
    const next = text.charCodeAt(i + 1);
    if ((next === 10 || next === 13) && next !== c) i++;
    starts.push(i + 1);
  }
  return (offset) => {
    const at = Math.max(0, Math.min(offset, text.length));
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= at) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: at - starts[lo]! + 1 };
  };
}
