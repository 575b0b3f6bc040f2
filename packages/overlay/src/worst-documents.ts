import { DRAWING_BUDGET, OVERLAY_LIMITS as L } from "./limits";

/**
 * Documents at the edge of the limits, for the tests and the bench that hold
 * the renderer to its budget: what an account could send to make a drawing as
 * large and slow as possible. Plain JSON, as a request carries it.
 */
const fill = { kind: "solid", color: "#ffffff" };
const particlesLayer = (id: string, count: number) => ({
  type: "particles",
  id,
  name: id,
  frame: { x: 0, y: 0, w: 1920, h: 1080 },
  props: { count, colors: ["#ff3366", "#33ccff", "#ffee00"], size: { min: 2, max: 8 }, speed: 120, direction: "burst" },
});
const textLayer = (id: string, text: string) => ({
  type: "text",
  id,
  name: id,
  frame: { x: 0, y: 0, w: 1920, h: 1080 },
  props: { text, fontFamily: "Inter", fontSize: 12, fill },
});
const document = (layers: unknown[], vars: Record<string, unknown> = {}) => ({ schema: 1, canvas: { width: 1920, height: 1080 }, vars, layers });

/** The two documents that used to exhaust a server's heap within the old limits: 500 × 500 particles, and 100 texts of 400 `{{v}}` over a 2,000-character var. */
export function overBudgetDocuments() {
  return {
    particles: document(Array.from({ length: L.maxLayers }, (_, i) => particlesLayer(`p${i}`, L.particlesMaxCount))),
    text: document(
      Array.from({ length: 100 }, (_, i) => textLayer(`t${i}`, "{{v}}".repeat(L.textMaxLength / 5))),
      { v: { type: "text", value: "x".repeat(L.varValueMaxLength) } },
    ),
  };
}

/**
 * The largest drawing the budget lets a document make: every particle
 * (animated), every character of text as escaped quotes on lines of their own
 * (the most markup per character), layers up to the limit, and the rest of
 * the document's bytes in path data.
 */
export function worstValidDocument() {
  const layers: unknown[] = [];
  for (let i = 0; i < DRAWING_BUDGET.particles / L.particlesMaxCount; i++) layers.push(particlesLayer(`p${i}`, L.particlesMaxCount));
  const perText = L.textMaxLength;
  for (let i = 0; i < DRAWING_BUDGET.textCharacters / perText; i++) layers.push(textLayer(`t${i}`, '"\n'.repeat(perText / 2)));
  const path = `M0 0${" L1 1".repeat(Math.floor((L.pathMaxLength - 4) / 5))}`;
  const shape = (id: string) => ({ type: "shape", id, name: id, frame: { x: 0, y: 0, w: 100, h: 100 }, props: { shape: "path", path, fill } });
  // Shapes and empty texts fill the layer count; as many shapes as the document's bytes allow.
  const slots = L.maxLayers - layers.length;
  const filler = (i: number) => textLayer(`e${i}`, "");
  const bytesOf = (value: unknown) => JSON.stringify(value).length + 1;
  const room = L.maxDocumentBytes - bytesOf(document(layers)) - slots * bytesOf(filler(999)) - 64;
  const shapes = Math.min(slots, Math.floor(room / (bytesOf(shape("s999")) - bytesOf(filler(999)))));
  for (let i = 0; i < shapes; i++) layers.push(shape(`s${i}`));
  for (let i = layers.length; i < L.maxLayers; i++) layers.push(filler(i));
  return document(layers);
}
