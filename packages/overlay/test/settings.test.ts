import { describe, expect, it } from "vitest";
import { alertSoundFor, alertSoundId, alertSoundIds, OVERLAY_LIMITS, overlayDocumentSchema, renderSvg, setVarValue } from "../src";

const text = (id: string, body = "Hello") => ({
  type: "text",
  id,
  name: `Text ${id}`,
  frame: { x: 10, y: 20, w: 300, h: 60 },
  props: { text: body, fontFamily: "Inter", fontSize: 32, fill: { kind: "solid", color: "#ffffff" } },
});
const doc = (extra: Record<string, unknown> = {}) => ({ schema: 1, canvas: { width: 640, height: 360 }, layers: [text("title")], ...extra });
const withVar = (variable: unknown, extra: Record<string, unknown> = {}) => doc({ vars: { s: variable }, ...extra });

/** Every problem as "path: message", paths joined with dots as the API reports them. */
function problems(input: unknown): string[] {
  const result = overlayDocumentSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
}
const paths = (input: unknown) => problems(input).map((problem) => problem.split(": ")[0]);
const uuid = "0b6c6a2e-1d2f-4c3b-9a4e-5f6a7b8c9d0e";

describe("settings: every var type against its declaration", () => {
  it.each([
    ["text", { type: "text", label: "Title", value: "Hi", maxLength: 10, multiline: true }],
    ["number in range", { type: "number", label: "Target", value: 5, min: 1, max: 10, step: 1 }],
    ["number at its bounds", { type: "number", value: 1, min: 1, max: 1 }],
    ["number between steps", { type: "number", value: 7.5, min: 0, max: 10, step: 1 }],
    ["toggle", { type: "toggle", label: "Show", value: false }],
    ["color", { type: "color", value: "#06d6a0" }],
    ["choice", { type: "choice", label: "Side", options: [{ value: "left", label: "Left" }, { value: "right" }], value: "right" }],
    ["picture", { type: "picture", value: "" }],
    ["sound", { type: "sound", value: uuid }],
    ["no sound", { type: "sound", value: "" }],
    ["font", { type: "font", label: "Font", value: "Bebas Neue" }],
    ["font the site lacks (flagged by the editor, like a text's)", { type: "font", value: "Comic Sans MS" }],
  ])("accepts a %s", (_name, variable) => {
    expect(problems(withVar(variable))).toEqual([]);
  });

  it.each([
    ["a number below its minimum", { type: "number", value: 0, min: 1 }, "vars.s.value: 0 is below the minimum, 1."],
    ["a number above its maximum", { type: "number", value: 11, max: 10 }, "vars.s.value: 11 is above the maximum, 10."],
    ["bounds the wrong way round", { type: "number", value: 5, min: 10, max: 1 }, "vars.s.max: The maximum (1) is below the minimum (10)."],
    ["a zero step", { type: "number", value: 5, step: 0 }, "vars.s.step: A step is above 0."],
    [
      "a bound past the limit",
      { type: "number", value: 5, max: OVERLAY_LIMITS.varNumberBoundMax + 1 },
      `vars.s.max: Bounds are from -${OVERLAY_LIMITS.varNumberBoundMax} to ${OVERLAY_LIMITS.varNumberBoundMax}.`,
    ],
    ["a text over its maxLength", { type: "text", value: "toolong", maxLength: 3 }, "vars.s.value: At most 3 characters (this is 7)."],
    ["a toggle that is a string", { type: "toggle", value: "yes" }, "vars.s.value: A toggle is true or false."],
    ["a choice without options", { type: "choice", options: [], value: "" }, "vars.s.options: A choice has at least one option."],
    [
      "a choice outside its options",
      { type: "choice", options: [{ value: "a" }, { value: "b" }], value: "c" },
      'vars.s.value: "c" is not one of the options: "a", "b".',
    ],
    [
      "an option listed twice",
      { type: "choice", options: [{ value: "a" }, { value: "a" }], value: "a" },
      'vars.s.options.1.value: The option "a" is listed twice.',
    ],
    ["an empty option", { type: "choice", options: [{ value: "" }], value: "" }, "vars.s.options.0.value: An option's value cannot be empty."],
    ["a sound that is not an id", { type: "sound", value: "boom.mp3" }, "vars.s.value: A sound is a catalogue sound's id (a UUID), or empty."],
    ["an empty font", { type: "font", value: " " }, "vars.s.value: A font name cannot be empty."],
    ["a font with a line break", { type: "font", value: "Inter\nx" }, "vars.s.value: A font name cannot hold control characters (line breaks, tabs)."],
    ["a label too long", { type: "toggle", label: "x".repeat(101), value: true }, "vars.s.label: A label has at most 100 characters."],
  ])("refuses %s, at its path", (_name, variable, problem) => {
    expect(problems(withVar(variable))).toEqual([problem]);
  });

  it("refuses more options than the limit, a misspelt member and an unknown type", () => {
    const options = Array.from({ length: OVERLAY_LIMITS.varChoiceMaxOptions + 1 }, (_, i) => ({ value: `o${i}` }));
    expect(paths(withVar({ type: "choice", options, value: "o0" }))).toEqual(["vars.s.options"]);
    expect(paths(withVar({ type: "toggle", value: true, maxLength: 3 }))).toEqual(["vars.s"]);
    expect(paths(withVar({ type: "slider", value: 1 }))).toEqual(["vars.s.type"]);
  });

  it("keeps documents written before settings valid (the first four types without the new members)", () => {
    const vars = {
      a: { type: "text", value: "x" },
      b: { type: "number", value: -1e12 },
      c: { type: "color", value: "#fff" },
      d: { type: "picture", value: "" },
    };
    expect(problems(doc({ vars }))).toEqual([]);
  });
});

describe("settings in the drawing", () => {
  it("a toggle bound to hidden hides the layer; as {{key}} it writes true or false; a choice writes its value", () => {
    const vars = { show: { type: "toggle", value: false }, side: { type: "choice", options: [{ value: "L" }, { value: "R" }], value: "R" } };
    const hiding = { ...withVar(null), vars, layers: [text("title", "{{show}} {{side}}")], bindings: [{ layerId: "title", prop: "hidden", key: "show" }] };
    expect(problems(hiding)).toEqual([]);
    const parsed = overlayDocumentSchema.parse(hiding);
    expect(renderSvg(parsed, { animate: false })).toContain(">false R</tspan>");
    const hidden = overlayDocumentSchema.parse({ ...hiding, vars: { ...vars, show: { type: "toggle", value: true } } });
    expect(renderSvg(hidden, { animate: false })).not.toContain("<tspan");
  });

  it("a text's fontFamily follows a font setting; any other type is refused at the binding's key", () => {
    const bound = withVar({ type: "font", value: "Bebas Neue" }, { bindings: [{ layerId: "title", prop: "fontFamily", key: "s" }] });
    expect(problems(bound)).toEqual([]);
    expect(renderSvg(overlayDocumentSchema.parse(bound), { animate: false })).toContain('font-family="&quot;Bebas Neue&quot;, sans-serif"');
    expect(problems({ ...bound, vars: { s: { type: "text", value: "Inter" } } })).toEqual([
      'bindings.0.key: Variable "s" is a text, not a font: fontFamily follows a font setting.',
    ]);
    expect(problems({ ...bound, bindings: [{ layerId: "title", prop: "fontFamily", key: "plugin.x.font" }] })).toEqual([]);
  });

  it("only a text layer's fontFamily can be bound", () => {
    const shape = { type: "shape", id: "sh", name: "S", frame: { x: 0, y: 0, w: 10, h: 10 }, props: { shape: "path", path: "M0 0 L1 1" } };
    const input = withVar({ type: "font", value: "Inter" }, { layers: [shape], bindings: [{ layerId: "sh", prop: "fontFamily", key: "s" }] });
    expect(paths(input)).toEqual(["bindings.0.prop"]);
  });
});

describe("an alert sound from a sound setting", () => {
  const fromSetting = (variable: unknown) => doc({ vars: { s: variable }, alertSounds: { default: { sound: { kind: "var", key: "s" }, volume: 0.5 } } });

  it("plays the setting's sound, nothing while it is empty, and names only that id for the OBS source", () => {
    const chosen = overlayDocumentSchema.parse(fromSetting({ type: "sound", label: "Alert sound", value: uuid }));
    expect(alertSoundId(alertSoundFor(chosen.alertSounds, "follow")!.sound, chosen.vars)).toBe(uuid);
    expect(alertSoundIds(chosen.alertSounds, chosen.vars)).toEqual([uuid]);
    const empty = overlayDocumentSchema.parse(fromSetting({ type: "sound", value: "" }));
    expect(alertSoundId(alertSoundFor(empty.alertSounds, "follow")!.sound, empty.vars)).toBeNull();
    expect(alertSoundIds(empty.alertSounds, empty.vars)).toEqual([]);
  });

  it("refuses a setting that is missing or not a sound, at the alert sound's key", () => {
    expect(problems(fromSetting({ type: "text", value: "x" }))).toEqual(['alertSounds.default.sound.key: Variable "s" is a text, not a sound.']);
    expect(problems(doc({ alertSounds: { follow: { sound: { kind: "var", key: "gone" }, volume: 1 } } }))).toEqual([
      'alertSounds.follow.sound.key: No variable "gone" in vars: add a sound setting "gone", or pick a catalogue sound.',
    ]);
  });
});

describe("setVarValue (the editor's Settings form)", () => {
  const document = {
    vars: { n: { type: "number" as const, value: 5, min: 1, max: 10 }, c: { type: "choice" as const, options: [{ value: "a" }], value: "a" } },
  };

  it("sets a valid value and leaves the rest as it was", () => {
    const next = setVarValue(document, "n", 7);
    expect(next).toEqual({ vars: { ...document.vars, n: { ...document.vars.n, value: 7 } } });
  });

  it("refuses an invalid value with the rule's message, an unknown key, and a value of the wrong type", () => {
    expect(setVarValue(document, "n", 11)).toEqual({ error: "11 is above the maximum, 10." });
    expect(setVarValue(document, "c", "z")).toEqual({ error: '"z" is not one of the options: "a".' });
    expect(setVarValue(document, "missing", 1)).toEqual({ error: 'No setting "missing".' });
    expect("error" in setVarValue(document, "n", "seven")).toBe(true);
  });
});
