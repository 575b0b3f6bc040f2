/** A search term for `LIKE`/`ILIKE` anywhere in a column: `%`, `_` and `\` are literal. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
