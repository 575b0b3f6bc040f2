import { httpLimits } from "@streamkit/api-contract";
import { AppError } from "@streamkit/api-contract";

/** PostgreSQL's text cannot hold U+0000, so no input may carry it: refused up front, never a failed statement. */
export const nulRefused = () => new AppError("bad_request", "Text may not contain the NUL character (U+0000).");

/** A path or query string carrying a NUL, encoded or not. */
export function checkUrlText(url: URL): void {
  const text = url.pathname + url.search;
  if (text.includes("\u0000") || /%00/i.test(text)) throw nulRefused();
}

/**
 * Bounds the work a parsed JSON body can cause before it reaches validation:
 * a body of a million tiny values or of deep nesting is refused here, in one
 * cheap walk, instead of costing a schema check of every item.
 */
export function checkJsonBounds(
  value: unknown,
  limits: { maxDepth: number; maxValues: number } = { maxDepth: httpLimits.maxJsonDepth, maxValues: httpLimits.maxJsonValues },
): void {
  let values = 0;
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    values += 1;
    if (values > limits.maxValues)
      throw new AppError("bad_request", `The JSON body holds more than ${limits.maxValues} values.`, { maxValues: limits.maxValues });
    if (typeof node === "string" && node.includes("\u0000")) throw nulRefused();
    if (node === null || typeof node !== "object") continue;
    if (depth > limits.maxDepth)
      throw new AppError("bad_request", `The JSON body is nested deeper than ${limits.maxDepth} levels.`, { maxDepth: limits.maxDepth });
    if (!Array.isArray(node) && Object.keys(node).some((key) => key.includes("\u0000"))) throw nulRefused();
    const children = Array.isArray(node) ? node : Object.values(node);
    for (const child of children) stack.push([child, depth + 1]);
  }
}
