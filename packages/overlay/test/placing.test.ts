import { describe, expect, it } from "vitest";
import { alignLayers, boundsOf, distributeLayers, layersInBox, moveLayers, removeLayers, reorderLayers, resizeLayers, rotationTowards } from "../src/arrange";
import { CLIPBOARD_FORMAT, copyLayers, duplicateLayers, pasteLayers, readClipboard } from "../src/clipboard";
import { type OverlayDocument, overlayDocumentSchema } from "../src/document";
import { setLocked, setRotation, updateLayer } from "../src/edits";
import { OVERLAY_LIMITS } from "../src/limits";
import { snapFrame, snapTargets } from "../src/snap";

const box = (id: string, x: number, y: number, w = 100, h = 50, extra: object = {}) => ({
  type: "shape" as const,
  id,
  name: id,
  frame: { x, y, w, h },
  props: { shape: "path" as const, path: "M0 0H1V1Z" },
  ...extra,
});
const group = (id: string, x = 0, y = 0, extra: object = {}) => ({ type: "group" as const, id, name: id, frame: { x, y, w: 10, h: 10 }, props: {}, ...extra });

function doc(layers: unknown[], extra: object = {}): OverlayDocument {
  return overlayDocumentSchema.parse({ schema: 1, canvas: { width: 1920, height: 1080 }, layers, ...extra });
}
const valid = (document: OverlayDocument) => overlayDocumentSchema.safeParse(document).success;
const frames = (document: OverlayDocument) => Object.fromEntries(document.layers.map((l) => [l.id, [l.frame.x, l.frame.y]]));
const order = (document: OverlayDocument) => document.layers.map((l) => l.id);

describe("the lock", () => {
  it("is an optional boolean of every layer, written only when set", () => {
    const document = doc([box("a", 0, 0, 100, 50, { locked: true })]);
    expect(document.layers[0]!.locked).toBe(true);
    expect(overlayDocumentSchema.safeParse({ ...document, layers: [{ ...document.layers[0], locked: "yes" }] }).success).toBe(false);
    const unlocked = setLocked(document, "a", false);
    expect(unlocked.layers[0]).not.toHaveProperty("locked");
    expect(Object.keys(setLocked(unlocked, "a", true).layers[0]!)).toEqual(["type", "id", "name", "frame", "locked", "props"]);
  });
});

describe("snapping", () => {
  const document = doc([box("a", 500, 300, 200, 100), box("hidden", 1000, 700, 10, 10, { hidden: true }), box("moving", 0, 0)]);

  it("targets the canvas's edges and centre and every other visible layer's edges and centre", () => {
    const targets = snapTargets(document, ["moving"]);
    expect(targets.x.sort((p, q) => p - q)).toEqual([0, 500, 600, 700, 960, 1920]);
    expect(targets.y.sort((p, q) => p - q)).toEqual([0, 300, 350, 400, 540, 1080]);
  });

  it("snaps a box's centre to the canvas centre within the threshold, with both guides", () => {
    const snapped = snapFrame({ x: 907, y: 518, w: 100, h: 50 }, snapTargets(document, ["moving"]), 8);
    expect(snapped).toEqual({
      dx: 3,
      dy: -3,
      guides: expect.arrayContaining([
        { axis: "x", position: 960 },
        { axis: "y", position: 540 },
      ]),
    });
  });

  it("snaps an edge to another layer's edge, taking the nearest, and nothing beyond the threshold", () => {
    const targets = snapTargets(document, ["moving"]);
    expect(snapFrame({ x: 703, y: 200, w: 50, h: 20 }, targets, 5)).toMatchObject({ dx: -3, dy: 0, guides: [{ axis: "x", position: 700 }] });
    expect(snapFrame({ x: 720, y: 200, w: 50, h: 20 }, targets, 5)).toEqual({ dx: 0, dy: 0, guides: [] });
    // A hidden layer is no target.
    expect(snapFrame({ x: 1003, y: 200, w: 50, h: 20 }, targets, 5).dx).toBe(0);
  });
});

describe("moving and removing a selection", () => {
  it("moves every selected layer once (a group's selected member with it), never a locked one", () => {
    const document = doc([group("g"), box("m", 10, 10, 100, 50, { groupId: "g" }), box("b", 100, 100), box("l", 0, 0, 100, 50, { locked: true })]);
    expect(frames(moveLayers(document, ["g", "m", "b", "l"], 5, 7))).toEqual({ g: [5, 7], m: [15, 17], b: [105, 107], l: [0, 0] });
  });

  it("removes the selection in one edit, valid", () => {
    const document = doc([group("g"), box("m", 0, 0, 10, 10, { groupId: "g" }), box("b", 0, 0)]);
    const next = removeLayers(document, ["g", "b"]);
    expect(order(next)).toEqual(["m"]);
    expect(valid(next)).toBe(true);
  });
});

describe("align and distribute", () => {
  const three = doc([box("a", 100, 100, 100, 50), box("b", 400, 300, 200, 100), box("c", 250, 600, 50, 20)]);

  it("aligns left, centre and right to the selection's box", () => {
    expect(frames(alignLayers(three, ["a", "b", "c"], "left"))).toEqual({ a: [100, 100], b: [100, 300], c: [100, 600] });
    expect(frames(alignLayers(three, ["a", "b", "c"], "center"))).toEqual({ a: [300, 100], b: [250, 300], c: [325, 600] });
    expect(frames(alignLayers(three, ["a", "b", "c"], "right"))).toEqual({ a: [500, 100], b: [400, 300], c: [550, 600] });
  });

  it("aligns top, middle and bottom", () => {
    expect(frames(alignLayers(three, ["a", "b", "c"], "top"))).toEqual({ a: [100, 100], b: [400, 100], c: [250, 100] });
    expect(frames(alignLayers(three, ["a", "b", "c"], "middle"))).toEqual({ a: [100, 335], b: [400, 310], c: [250, 350] });
    expect(frames(alignLayers(three, ["a", "b", "c"], "bottom"))).toEqual({ a: [100, 570], b: [400, 520], c: [250, 600] });
  });

  it("aligns a single layer to the canvas", () => {
    expect(frames(alignLayers(three, ["b"], "center")).b).toEqual([860, 300]);
    expect(frames(alignLayers(three, ["b"], "bottom")).b).toEqual([400, 980]);
  });

  it("keeps a locked layer in place as the anchor", () => {
    const locked = updateLayer(three, "b", (layer) => ({ ...layer, locked: true }));
    expect(frames(alignLayers(locked, ["a", "b"], "right"))).toEqual({ a: [500, 100], b: [400, 300], c: [250, 600] });
    expect(alignLayers(locked, ["b"], "left")).toBe(locked);
  });

  it("distributes with equal gaps, first and last staying; fewer than three change nothing", () => {
    const h = distributeLayers(three, ["a", "b", "c"], "horizontal");
    // a 100–200, c 250–300 would be, b 400–600: span 500, widths 350, gap 75 → order by centre: a, c, b.
    expect(frames(h)).toEqual({ a: [100, 100], b: [400, 300], c: [275, 600] });
    const v = distributeLayers(three, ["a", "b", "c"], "vertical");
    // a 100–150, b 300–400, c 600–620: span 520, heights 170, gap 175.
    expect(frames(v)).toEqual({ a: [100, 100], b: [400, 325], c: [250, 600] });
    expect(distributeLayers(three, ["a", "b"], "horizontal")).toBe(three);
    const locked = updateLayer(three, "c", (layer) => ({ ...layer, locked: true }));
    expect(distributeLayers(locked, ["a", "b", "c"], "horizontal")).toBe(locked);
  });

  it("bounds of nothing is null", () => {
    expect(boundsOf([])).toBeNull();
  });
});

describe("the drawing order of a selection", () => {
  const document = doc(["a", "b", "c", "d", "e"].map((id) => box(id, 0, 0)));

  it("brings forward and sends backward one step, selected layers never passing each other", () => {
    expect(order(reorderLayers(document, ["b", "c"], "forward"))).toEqual(["a", "d", "b", "c", "e"]);
    expect(order(reorderLayers(document, ["b", "d"], "backward"))).toEqual(["b", "a", "d", "c", "e"]);
    expect(order(reorderLayers(document, ["d", "e"], "forward"))).toEqual(["a", "b", "c", "d", "e"]);
    expect(reorderLayers(document, ["d", "e"], "forward")).toBe(document);
  });

  it("brings to the front and sends to the back, keeping the selection's own order", () => {
    expect(order(reorderLayers(document, ["d", "a"], "front"))).toEqual(["b", "c", "e", "a", "d"]);
    expect(order(reorderLayers(document, ["e", "c"], "back"))).toEqual(["c", "e", "a", "b", "d"]);
    expect(reorderLayers(document, ["a"], "back")).toBe(document);
    expect(reorderLayers(document, ["nope"], "front")).toBe(document);
  });
});

describe("the marquee", () => {
  it("picks unlocked layers its box touches", () => {
    const document = doc([box("a", 0, 0), box("b", 500, 500), box("l", 10, 10, 20, 20, { locked: true })]);
    expect(layersInBox(document, { x: 50, y: 20, w: 10, h: 10 })).toEqual(["a"]);
    expect(layersInBox(document, { x: 0, y: 0, w: 1920, h: 1080 })).toEqual(["a", "b"]);
  });
});

describe("copy, paste and duplicate", () => {
  const withVars = doc(
    [
      group("g", 0, 0),
      {
        type: "text",
        id: "t-1",
        name: "Title",
        groupId: "g",
        frame: { x: 10, y: 10, w: 200, h: 40 },
        props: { text: "{{title}}", fontFamily: "Inter", fontSize: 20, fill: { kind: "var", key: "accent" } },
      },
      box("s", 300, 300),
    ],
    {
      vars: { title: { type: "text", value: "Hi" }, accent: { type: "color", value: "#ff0000" }, unused: { type: "number", value: 1 } },
      bindings: [{ layerId: "t-1", prop: "text", key: "title" }],
    },
  );

  it("copies a group with its members and the variables and bindings they use, as versioned JSON", () => {
    const clipboard = copyLayers(withVars, ["g"])!;
    expect(clipboard.format).toBe(CLIPBOARD_FORMAT);
    expect(clipboard.version).toBe(1);
    expect(clipboard.layers.map((l) => l.id)).toEqual(["g", "t-1"]);
    expect(Object.keys(clipboard.vars!).sort()).toEqual(["accent", "title"]);
    expect(clipboard.bindings).toEqual([{ layerId: "t-1", prop: "text", key: "title" }]);
    expect(copyLayers(withVars, ["nope"])).toBeNull();
  });

  it("pastes into another overlay at the same place with new ids, the group kept, the variables added, valid", () => {
    const clipboard = readClipboard(JSON.stringify(copyLayers(withVars, ["g"])));
    expect(clipboard.ok).toBe(true);
    const other = doc([box("g", 0, 0), box("t-1", 900, 900)]);
    const pasted = pasteLayers(other, (clipboard as { ok: true; clipboard: never }).clipboard);
    if (!pasted.ok) throw new Error(pasted.message);
    expect(order(pasted.document)).toEqual(["g", "t-1", "g-1", "t-2"]);
    expect(pasted.document.layers[3]).toMatchObject({ groupId: "g-1", frame: { x: 10, y: 10 }, name: "Title" });
    expect(pasted.ids).toEqual(["g-1"]);
    expect(pasted.document.vars).toEqual({ title: { type: "text", value: "Hi" }, accent: { type: "color", value: "#ff0000" } });
    expect(pasted.document.bindings).toEqual([{ layerId: "t-2", prop: "text", key: "title" }]);
    expect(valid(pasted.document)).toBe(true);
  });

  it("pastes offset where the same layer already sits, and a member alone when its group was not copied", () => {
    const clipboard = copyLayers(withVars, ["t-1"])!;
    const once = pasteLayers(withVars, clipboard);
    if (!once.ok) throw new Error(once.message);
    expect(once.document.layers.at(-1)).toMatchObject({ id: "t-2", frame: { x: 30, y: 30 } });
    expect(once.document.layers.at(-1)).not.toHaveProperty("groupId");
    const twice = pasteLayers(once.document, clipboard);
    expect(twice.ok && twice.document.layers.at(-1)!.frame).toMatchObject({ x: 50, y: 50 });
  });

  it("refuses text that is not our clipboard, a newer version and invalid layers, with a message", () => {
    expect(readClipboard("hello")).toEqual({ ok: false, message: expect.stringContaining("no overlay layers") });
    expect(readClipboard(JSON.stringify({ format: "other" }))).toEqual({ ok: false, message: expect.stringContaining("no overlay layers") });
    expect(readClipboard("null")).toMatchObject({ ok: false });
    expect(readClipboard(JSON.stringify({ format: CLIPBOARD_FORMAT, version: 2, layers: [] }))).toEqual({
      ok: false,
      message: expect.stringContaining("newer version"),
    });
    const bad = { format: CLIPBOARD_FORMAT, version: 1, layers: [{ ...box("a", 0, 0), frame: { x: 0, y: 0, w: -1, h: 1 } }] };
    expect(readClipboard(JSON.stringify(bad))).toEqual({ ok: false, message: expect.stringContaining("layers.0.frame.w") });
  });

  it("refuses a paste that would pass the layer limit, or whose variables clash, changing nothing", () => {
    const full = doc(Array.from({ length: OVERLAY_LIMITS.maxLayers - 1 }, (_, i) => box(`b-${i}`, 0, 0)));
    const two = copyLayers(withVars, ["t-1", "s"])!;
    expect(pasteLayers(full, two)).toEqual({ ok: false, message: expect.stringContaining("at most 500") });
    const clash = doc([], { vars: { accent: { type: "text", value: "red" } } });
    expect(pasteLayers(clash, copyLayers(withVars, ["t-1"])!)).toEqual({ ok: false, message: expect.stringContaining("not a color") });
  });

  it("duplicates the selection on top, offset, named as copies, with new unique ids", () => {
    const duplicated = duplicateLayers(withVars, ["g", "s"]);
    if (!duplicated.ok) throw new Error(duplicated.message);
    expect(order(duplicated.document)).toEqual(["g", "t-1", "s", "g-1", "t-2", "s-1"]);
    expect(duplicated.ids).toEqual(["g-1", "s-1"]);
    expect(duplicated.document.layers.slice(3).map((l) => [l.name, l.frame.x])).toEqual([
      ["g copy", 20],
      ["Title copy", 30],
      ["s copy", 320],
    ]);
    expect(valid(duplicated.document)).toBe(true);
    expect(duplicateLayers(withVars, [])).toEqual({ ok: false, message: expect.any(String) });
  });
});

describe("resizing a selection and rotating", () => {
  it("scales every unlocked layer (and a selected group's members) within the selection's box", () => {
    const document = doc([box("a", 100, 100, 100, 50), box("b", 300, 200, 100, 50), group("g", 100, 300), box("m", 110, 310, 10, 10, { groupId: "g" })]);
    const next = resizeLayers(document, ["a", "b", "g"], { x: 100, y: 100, w: 300, h: 210 }, { x: 100, y: 100, w: 600, h: 420 });
    expect(next.layers.map((l) => l.frame)).toEqual([
      { x: 100, y: 100, w: 200, h: 100 },
      { x: 500, y: 300, w: 200, h: 100 },
      { x: 100, y: 500, w: 20, h: 20 },
      { x: 120, y: 520, w: 20, h: 20 },
    ]);
    const locked = updateLayer(document, "a", (layer) => ({ ...layer, locked: true }));
    expect(resizeLayers(locked, ["a"], { x: 100, y: 100, w: 100, h: 50 }, { x: 100, y: 100, w: 10, h: 5 })).toBe(locked);
    // A box shrunk past nothing gives empty frames, never negative ones.
    expect(resizeLayers(document, ["a"], { x: 100, y: 100, w: 100, h: 50 }, { x: 100, y: 100, w: -40, h: 0 }).layers[0]!.frame).toEqual({
      x: 100,
      y: 100,
      w: 0,
      h: 0,
    });
  });

  it("turns a frame's top towards the handle, clockwise, snapping to a step", () => {
    const frame = { x: 0, y: 0, w: 100, h: 100 };
    expect(rotationTowards(frame, { x: 50, y: -100 })).toBe(0);
    expect(rotationTowards(frame, { x: 200, y: 50 })).toBe(90);
    expect(rotationTowards(frame, { x: 50, y: 200 })).toBe(180);
    expect(rotationTowards(frame, { x: -100, y: 50 })).toBe(-90);
    expect(rotationTowards(frame, { x: 200, y: -45 }, 15)).toBe(60);
  });

  it("sets a rotation within -360..360, leaving the member out at 0", () => {
    const document = doc([box("a", 0, 0)]);
    expect(setRotation(document, "a", 45.04).layers[0]!.rotation).toBe(45);
    expect(setRotation(document, "a", 999).layers[0]!.rotation).toBe(360);
    expect(setRotation(setRotation(document, "a", 30), "a", 0).layers[0]).not.toHaveProperty("rotation");
    expect(valid(setRotation(document, "a", -200))).toBe(true);
  });
});
