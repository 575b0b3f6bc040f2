/**
 * `{{key}}` variables in text. Keys are a document's vars, or values a plugin
 * exposes with the `overlay` permission as `{{plugin.<id>.<name>}}` (docs/plugins.md#the-manifest),
 * filled by the desktop app while streaming.
 */
const VARIABLE = /\{\{\s*([^{}\s]+)\s*\}\}/g;

export const PLUGIN_KEY = /^plugin\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.[A-Za-z0-9_.-]{1,64}$/;

/** The keys a text names, in order, each once. */
export function templateKeys(text: string): string[] {
  return [...new Set(Array.from(text.matchAll(VARIABLE), (match) => match[1]!))];
}

/** The text with each `{{key}}` replaced by its value; keys without one stay as written, or become empty with `blank`. */
export function fillTemplate(text: string, values: Readonly<Record<string, string>>, blank = false): string {
  return text.replace(VARIABLE, (whole, key: string) => (Object.hasOwn(values, key) ? values[key]! : blank ? "" : whole));
}

/** The length fillTemplate's answer would have, found without making it (the renderer's budget is taken first). */
export function filledLength(text: string, values: Readonly<Record<string, string>>, blank = false): number {
  let length = text.length;
  for (const [whole, key] of text.matchAll(VARIABLE)) {
    const value = Object.hasOwn(values, key!) ? values[key!]! : blank ? "" : whole;
    length += value.length - whole.length;
  }
  return length;
}
