import { describe, expect, it } from "vitest";
import { documentTooLarge, fillTemplate, OVERLAY_LIMITS, overlayDocumentSchema, templateKeys } from "../src";

const text = (id: string, extra: Record<string, unknown> = {}) => ({
  type: "text",
  id,
  name: `Text ${id}`,
  frame: { x: 10, y: 20, w: 300, h: 60 },
  props: { text: "Hello", fontFamily: "Inter", fontSize: 32, fill: { kind: "solid", color: "#ffffff" } },
  ...extra,
});
const group = (id: string, extra: Record<string, unknown> = {}) => ({
  type: "group",
  id,
  name: `Group ${id}`,
  frame: { x: 0, y: 0, w: 100, h: 100 },
  props: {},
  ...extra,
});
const shape = (id: string, path: string) => ({
  type: "shape",
  id,
  name: "Frame",
  frame: { x: 0, y: 0, w: 400, h: 300 },
  props: { shape: "path", path, fill: { kind: "solid", color: "#6d4aff80" } },
});
const doc = (extra: Record<string, unknown> = {}) => ({ schema: 1, canvas: { width: 1920, height: 1080 }, layers: [text("title")], ...extra });

/** Every problem as "path: message", paths joined with dots as the API reports them. */
function problems(input: unknown): string[] {
  const result = overlayDocumentSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
}
const paths = (input: unknown) => problems(input).map((problem) => problem.split(": ")[0]);

describe("the overlay document, schema 1", () => {
  it("accepts a minimal document, and one without the newer members (kind, vars, bindings, manualKeyframes)", () => {
    expect(problems(doc())).toEqual([]);
    expect(problems({ schema: 1, canvas: { width: 1, height: 1 }, layers: [] })).toEqual([]);
    expect(problems(doc({ kind: "widget" }))).toEqual([]);
  });

  it("accepts canvas sides of 1 and 8192, refuses 0, 8193 and 1.5", () => {
    expect(problems(doc({ canvas: { width: 1, height: 8192 } }))).toEqual([]);
    expect(paths(doc({ canvas: { width: 0, height: 1080 } }))).toEqual(["canvas.width"]);
    expect(paths(doc({ canvas: { width: 1920, height: 8193 } }))).toEqual(["canvas.height"]);
    expect(paths(doc({ canvas: { width: 1.5, height: 1080 } }))).toEqual(["canvas.width"]);
    expect(problems(doc({ canvas: { width: 8193, height: 1 } }))[0]).toContain("at most 8192");
  });

  it("refuses schema 2, an unknown kind and unknown members", () => {
    expect(paths(doc({ schema: 2 }))).toEqual(["schema"]);
    expect(paths(doc({ kind: "scene" }))).toEqual(["kind"]);
    expect(problems(doc({ colour: "red" }))).toHaveLength(1);
    expect(paths({ ...doc(), layers: [{ ...text("a"), colour: "red" }] })).toEqual(["layers.0"]);
  });

  it("refuses an unknown layer type, naming the known ones", () => {
    const found = problems(doc({ layers: [text("a"), { ...text("b"), type: "video" }] }));
    expect(found).toEqual([expect.stringMatching(/^layers\.1(\.type)?: Unknown layer type "video": a layer is text, group, particles, shape, picture\.$/)]);
  });

  it("refuses frames that are not finite numbers, and reports every problem at once with its path", () => {
    const bad = doc({
      layers: [text("a"), text("b", { frame: { x: 0, y: 0, w: Number.NaN, h: 10 } }), text("c", { frame: { x: "1", y: 0, w: -5, h: 10 } })],
    });
    expect(paths(bad).sort()).toEqual(["layers.1.frame.w", "layers.2.frame.w", "layers.2.frame.x"]);
  });

  it("refuses duplicate layer ids", () => {
    expect(problems(doc({ layers: [text("a"), text("b"), text("a")] }))).toEqual(['layers.2.id: Layer id "a" is already used by layers.0: ids are unique.']);
  });

  it("groups: groupId must name an existing group layer, without cycles", () => {
    expect(problems(doc({ layers: [group("g"), text("a", { groupId: "g" })] }))).toEqual([]);
    expect(problems(doc({ layers: [text("a", { groupId: "missing" })] }))).toEqual(['layers.0.groupId: No layer has the id "missing".']);
    expect(problems(doc({ layers: [text("t"), text("a", { groupId: "t" })] }))).toEqual(['layers.1.groupId: Layer "t" is a text layer, not a group.']);
    expect(paths(doc({ layers: [group("g", { groupId: "g" })] }))).toEqual(["layers.0.groupId"]);
    expect(paths(doc({ layers: [group("g1", { groupId: "g2" }), group("g2", { groupId: "g1" })] }))).toEqual(["layers.0.groupId", "layers.1.groupId"]);
  });

  it("colours are hex colours", () => {
    for (const color of ["#fff", "#ffff", "#ff3366", "#ff336680"])
      expect(problems(doc({ layers: [text("a", { props: { ...text("a").props, fill: { kind: "solid", color } } })] }))).toEqual([]);
    for (const color of ["red", "#ff", "#ggg", "ff3366", "#ff336"]) {
      expect(paths(doc({ layers: [text("a", { props: { ...text("a").props, fill: { kind: "solid", color } } })] }))).toEqual(["layers.0.props.fill.color"]);
    }
  });

  it("shapes: the path must parse", () => {
    expect(problems(doc({ layers: [shape("frame", "M0 0 H400 V300 H0 Z M20 20 V280 H380 V20 Z")] }))).toEqual([]);
    expect(paths(doc({ layers: [shape("frame", "M0 0 L10")] }))).toEqual(["layers.0.props.path"]);
    expect(paths(doc({ layers: [shape("frame", "Q banana")] }))).toEqual(["layers.0.props.path"]);
    expect(paths(doc({ layers: [shape("frame", "   ")] }))).toEqual(["layers.0.props.path"]);
    expect(paths(doc({ layers: [{ ...shape("frame", "M0 0 L1 1"), props: { shape: "circle", path: "M0 0 L1 1" } }] }))).toEqual(["layers.0.props.shape"]);
  });

  it("particles: counts, colours and sizes in range", () => {
    const particles = (props: Record<string, unknown>) => ({
      type: "particles",
      id: "p",
      name: "Confetti",
      frame: { x: 0, y: 0, w: 1920, h: 1080 },
      props: { count: 120, colors: ["#ff3366", "#ffd166"], size: { min: 4, max: 10 }, speed: 200, direction: "burst", ...props },
    });
    expect(problems(doc({ layers: [particles({})] }))).toEqual([]);
    expect(paths(doc({ layers: [particles({ count: 0 })] }))).toEqual(["layers.0.props.count"]);
    expect(paths(doc({ layers: [particles({ count: OVERLAY_LIMITS.particlesMaxCount + 1 })] }))).toEqual(["layers.0.props.count"]);
    expect(paths(doc({ layers: [particles({ colors: [] })] }))).toEqual(["layers.0.props.colors"]);
    expect(paths(doc({ layers: [particles({ size: { min: 10, max: 4 } })] }))).toEqual(["layers.0.props.size.min"]);
  });

  it("variables: {{key}} must name a var or a plugin value; picture and colour settings are { kind: var, key } to an existing var", () => {
    const vars = { "goal.target": { type: "number", value: 100 }, accent: { type: "color", value: "#ff3366" }, logo: { type: "picture", value: "" } };
    const ok = doc({
      vars,
      layers: [text("a", { props: { ...text("a").props, text: "{{goal.target}} subs · {{plugin.chat-goal.count}}", fill: { kind: "var", key: "accent" } } })],
      bindings: [{ layerId: "a", prop: "fontSize", key: "goal.target" }],
    });
    expect(problems(ok)).toEqual([]);
    expect(problems(doc({ layers: [text("a", { props: { ...text("a").props, text: "Hi {{nme}}" } })] }))).toEqual([
      'layers.0.props.text: Unknown variable {{nme}}: add "nme" to vars, or use {{plugin.<id>.<name>}}.',
    ]);
    expect(paths(doc({ vars, layers: [text("a", { props: { ...text("a").props, fill: { kind: "var", key: "logo" } } })] }))).toEqual([
      "layers.0.props.fill.key",
    ]);
    expect(paths(doc({ layers: [text("a", { props: { ...text("a").props, fill: { kind: "var", key: "nope" } } })] }))).toEqual(["layers.0.props.fill.key"]);
    expect(paths(doc({ vars: { logo: { type: "picture", value: "http://insecure.example/logo.png" } } }))).toEqual(["vars.logo.value"]);
    expect(paths(doc({ vars: { "1bad": { type: "text", value: "" } } }))).toEqual(["vars.1bad"]);
  });

  it("bindings and keyframes must name existing layers and bindable properties", () => {
    expect(paths(doc({ bindings: [{ layerId: "ghost", prop: "text", key: "plugin.a.b" }] }))).toEqual(["bindings.0.layerId"]);
    expect(paths(doc({ layers: [group("g")], bindings: [{ layerId: "g", prop: "text", key: "plugin.a.b" }] }))).toEqual(["bindings.0.prop"]);
    expect(paths(doc({ bindings: [{ layerId: "title", prop: "text", key: "missing" }] }))).toEqual(["bindings.0.key"]);
    expect(
      problems(
        doc({
          manualKeyframes: [
            { layerId: "title", atMs: 0, frame: { x: 0 } },
            { layerId: "title", atMs: 500, opacity: 0.5, easing: "ease-out" },
          ],
        }),
      ),
    ).toEqual([]);
    expect(paths(doc({ manualKeyframes: [{ layerId: "ghost", atMs: 0 }] }))).toEqual(["manualKeyframes.0.layerId"]);
    expect(paths(doc({ manualKeyframes: [{ layerId: "title", atMs: -1 }] }))).toEqual(["manualKeyframes.0.atMs"]);
  });

  it("too large: more layers than allowed, or more bytes", () => {
    expect(documentTooLarge(doc())).toBeNull();
    const many = doc({ layers: Array.from({ length: OVERLAY_LIMITS.maxLayers + 1 }, (_, i) => text(`l${i}`)) });
    expect(documentTooLarge(many)).toContain(`at most ${OVERLAY_LIMITS.maxLayers}`);
    const heavy = doc({ layers: [text("a", { name: "x".repeat(OVERLAY_LIMITS.maxDocumentBytes) })] });
    expect(documentTooLarge(heavy)).toContain(`at most ${OVERLAY_LIMITS.maxDocumentBytes}`);
  });
});

describe("{{key}} templates", () => {
  it("lists each key once and fills the known ones", () => {
    expect(templateKeys("{{a}} and {{ b }} and {{a}}")).toEqual(["a", "b"]);
    expect(fillTemplate("{{a}} / {{b}}", { a: "1" })).toBe("1 / {{b}}");
    expect(fillTemplate("{{__proto__}}", {})).toBe("{{__proto__}}");
  });
});
