import type { Paint } from "./layers";

/** The colour a paint draws: its fixed colour, or its variable's value when that is a hex colour; "none" otherwise. */
export function paintColor(paint: Paint | undefined, values: Record<string, string>): string {
  if (!paint) return "none";
  if (paint.kind === "solid") return paint.color;
  const value = values[paint.key];
  return value && /^#[0-9a-fA-F]{3,8}$/.test(value) ? value : "none";
}
