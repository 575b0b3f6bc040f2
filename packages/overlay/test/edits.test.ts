import { describe, expect, it } from "vitest";
import { type OverlayDocument, overlayDocumentSchema } from "../src/document";
import { addLayer, membersOf, moveLayer, removeLayer, reorderLayer, setCanvas, setFrame, setGroup, setHidden } from "../src/edits";
import { reapplyChanges } from "../src/reapply";

const text = (id: string, x = 0, extra: object = {}) => ({
  type: "text" as const,
  id,
  name: id,
  frame: { x, y: 0, w: 100, h: 40 },
  props: { text: id, fontFamily: "Inter", fontSize: 20, fill: { kind: "solid" as const, color: "#ffffff" } },
  ...extra,
});
const group = (id: string, extra: object = {}) => ({ type: "group" as const, id, name: id, frame: { x: 0, y: 0, w: 10, h: 10 }, props: {}, ...extra });

function doc(layers: unknown[]): OverlayDocument {
  return overlayDocumentSchema.parse({ schema: 1, canvas: { width: 1920, height: 1080 }, layers });
}
const valid = (document: OverlayDocument) => overlayDocumentSchema.safeParse(document).success;

describe("editing a document", () => {
  it("adds text, shape and group layers on top with unused ids, each valid", () => {
    let document = doc([text("text-1")]);
    for (const type of ["text", "shape", "group"] as const) {
      const added = addLayer(document, type);
      document = added.document;
      expect(document.layers.at(-1)!.id).toBe(added.id);
    }
    expect(document.layers.map((l) => l.id)).toEqual(["text-1", "text-2", "shape-1", "group-1"]);
    expect(valid(document)).toBe(true);
  });

  it("moves a layer, and a group with its members (nested too); frames stay within the limits, rounded", () => {
    const document = doc([group("g"), group("inner", { groupId: "g" }), text("a", 10, { groupId: "inner" }), text("b", 50)]);
    expect(membersOf(document, "g")).toEqual(["inner", "a"]);
    const moved = moveLayer(document, "g", 5.123, -3);
    expect(moved.layers.map((l) => l.frame.x)).toEqual([5.12, 5.12, 15.12, 50]);
    expect(moveLayer(document, "b", 1e9, 0).layers[3]!.frame.x).toBe(100_000);
    expect(setFrame(document, "b", { x: 1, y: 2, w: -5, h: 3 }).layers[3]!.frame).toEqual({ x: 1, y: 2, w: 0, h: 3 });
  });

  it("reorders, hides and shows, and groups without cycles", () => {
    const document = doc([text("a"), text("b"), group("g"), group("h", { groupId: "g" })]);
    expect(reorderLayer(document, "a", 1).layers.map((l) => l.id)).toEqual(["b", "a", "g", "h"]);
    expect(reorderLayer(document, "a", -1)).toBe(document);
    expect(setHidden(document, "a", true).layers[0]!.hidden).toBe(true);
    expect(setHidden(setHidden(document, "a", true), "a", false).layers[0]).not.toHaveProperty("hidden");
    expect(setGroup(document, "a", "g").layers[0]!.groupId).toBe("g");
    expect(setGroup(document, "g", "h")).toBe(document); // h is inside g
    expect(setGroup(document, "a", "b")).toBe(document); // b is not a group
    expect(setGroup(setGroup(document, "a", "g"), "a", null).layers[0]).not.toHaveProperty("groupId");
  });

  it("removes a layer; a removed group's members move to its parent", () => {
    const document = doc([group("outer"), group("g", { groupId: "outer" }), text("a", 0, { groupId: "g" })]);
    const next = removeLayer(document, "g");
    expect(next.layers.map((l) => [l.id, l.groupId])).toEqual([
      ["outer", undefined],
      ["a", "outer"],
    ]);
    expect(valid(next)).toBe(true);
  });

  it("sets the canvas within 1..8192", () => {
    expect(setCanvas(doc([]), 1080, 1920).canvas).toEqual({ width: 1080, height: 1920 });
    expect(setCanvas(doc([]), 0, 99999).canvas).toEqual({ width: 1, height: 8192 });
  });
});

describe("re-applying my changes to a newer version", () => {
  const base = doc([text("a"), text("b"), text("c")]);

  it("keeps their changes to layers I did not touch, mine to the ones I did, my new layers on top, my removals", () => {
    const mine = removeLayer(addLayer(moveLayer(base, "a", 10, 0), "text").document, "c");
    const theirs = doc([text("a"), text("b", 99), text("c"), text("theirs-new")]);
    const { document, overlapping } = reapplyChanges(base, mine, theirs);
    expect(document.layers.map((l) => [l.id, l.frame.x])).toEqual([
      ["a", 10],
      ["b", 99],
      ["theirs-new", 0],
      ["text-1", expect.any(Number)],
    ]);
    expect(overlapping).toEqual([]);
    expect(valid(document)).toBe(true);
  });

  it("reports the layers both changed, keeping mine", () => {
    const mine = moveLayer(base, "b", 5, 0);
    const theirs = moveLayer(base, "b", 0, 7);
    const { document, overlapping } = reapplyChanges(base, mine, theirs);
    expect(document.layers[1]!.frame).toMatchObject({ x: 5, y: 0 });
    expect(overlapping).toEqual(["b"]);
  });

  it("takes my canvas when I changed it, theirs otherwise; a group they removed frees my members", () => {
    const withGroup = doc([group("g"), text("a", 0, { groupId: "g" })]);
    const mine = setCanvas(moveLayer(withGroup, "a", 1, 1), 1280, 720);
    const theirs = removeLayer(withGroup, "g");
    const { document } = reapplyChanges(withGroup, mine, theirs);
    expect(document.canvas).toEqual({ width: 1280, height: 720 });
    expect(document.layers).toEqual([expect.objectContaining({ id: "a", frame: expect.objectContaining({ x: 1 }) })]);
    expect(document.layers[0]).not.toHaveProperty("groupId");
    expect(valid(document)).toBe(true);
    expect(reapplyChanges(withGroup, withGroup, setCanvas(withGroup, 1080, 1920)).document.canvas).toEqual({ width: 1080, height: 1920 });
  });
});
