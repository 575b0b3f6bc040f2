import svgpath from "svgpath";

/**
 * Why an SVG path's data does not parse (the grammar of SVG 1.1's `d`
 * attribute, read by svgpath), or null when it does. An empty path draws
 * nothing and is refused too.
 */
export function pathProblem(data: string): string | null {
  if (data.trim() === "") return "The path is empty: draw at least a move and a line (e.g. M0 0 L100 0).";
  const parsed = svgpath(data) as unknown as { err: string; segments: unknown[] };
  if (parsed.err) return `The path does not parse: ${parsed.err.replace(/^SvgPath: /, "")}.`;
  return null;
}
