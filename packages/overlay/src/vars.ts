import { z } from "zod";
import { hexColorSchema } from "./color";
import { fontNameSchema } from "./layers";
import { OVERLAY_LIMITS as L } from "./limits";

/**
 * A document's vars are its settings (docs/overlays.md#widget-settings): typed, with a label and the chosen value,
 * drawn by the editor as a form and checked here for the API and the editor alike. Every member added after the
 * first four types (min, max, step, maxLength, multiline, toggle, choice, sound, font) is optional or a new type,
 * so documents written before settings stay valid unchanged.
 */

const label = z.string().max(L.varLabelMaxLength, `A label has at most ${L.varLabelMaxLength} characters.`).optional();
const bound = z
  .number()
  .min(-L.varNumberBoundMax, `Bounds are from -${L.varNumberBoundMax} to ${L.varNumberBoundMax}.`)
  .max(L.varNumberBoundMax, `Bounds are from -${L.varNumberBoundMax} to ${L.varNumberBoundMax}.`);

const textVar = z.strictObject({
  type: z.literal("text"),
  label,
  value: z.string().max(L.varValueMaxLength),
  /** The longest value the form accepts (at most varValueMaxLength). */
  maxLength: z.int().min(1).max(L.varValueMaxLength).optional(),
  /** The form offers several lines (a text area); the value may then hold line breaks, which the renderer draws as lines. */
  multiline: z.boolean().optional(),
});
const numberVar = z.strictObject({
  type: z.literal("number"),
  label,
  value: z.number(),
  min: bound.optional(),
  max: bound.optional(),
  /** The form's increment; a value between steps is still valid (a typed 7.5 in a step of 1 is kept). */
  step: z.number().positive("A step is above 0.").max(L.varNumberBoundMax).optional(),
});
const colorVar = z.strictObject({ type: z.literal("color"), label, value: hexColorSchema });
/** A picture: an https address (a logo, a frame); empty until the streamer picks one. */
const pictureVar = z.strictObject({
  type: z.literal("picture"),
  label,
  value: z.union([z.literal(""), z.url({ protocol: /^https$/, error: "A picture is an https:// address." }).max(L.varValueMaxLength)]),
});
/** On or off: as {{key}} it writes "true" or "false"; bound to hidden, "true" hides the layer. */
const toggleVar = z.strictObject({ type: z.literal("toggle"), label, value: z.boolean("A toggle is true or false.") });
const choiceOption = z.strictObject({
  value: z
    .string()
    .min(1, "An option's value cannot be empty.")
    .max(L.varChoiceValueMaxLength, `An option's value has at most ${L.varChoiceValueMaxLength} characters.`),
  label,
});
/** One of a list: {{key}} writes the chosen option's value; the form shows the labels. */
const choiceVar = z.strictObject({
  type: z.literal("choice"),
  label,
  options: z
    .array(choiceOption)
    .min(1, "A choice has at least one option.")
    .max(L.varChoiceMaxOptions, `A choice has at most ${L.varChoiceMaxOptions} options.`),
  value: z.string().max(L.varChoiceValueMaxLength),
});
/** A catalogue sound by id, or "" for none (docs/market-and-sounds.md); an unknown id plays nothing, as in alertSounds. */
const soundVar = z.strictObject({
  type: z.literal("sound"),
  label,
  value: z.union([z.literal(""), z.uuid("A sound is a catalogue sound's id (a UUID), or empty.")]),
});
/** A font family (fonts.ts); a text's fontFamily follows it through a binding. A family the site lacks is valid, flagged by the editor. */
const fontVar = z.strictObject({ type: z.literal("font"), label, value: fontNameSchema });

/** The rules within one var (bounds, options), each at its path under the var. */
function varRuleIssues(variable: z.infer<typeof varShape>): { path: string[]; message: string }[] {
  const issues: { path: string[]; message: string }[] = [];
  if (variable.type === "number") {
    const { min, max, value } = variable;
    if (min !== undefined && max !== undefined && min > max) issues.push({ path: ["max"], message: `The maximum (${max}) is below the minimum (${min}).` });
    else if (min !== undefined && value < min) issues.push({ path: ["value"], message: `${value} is below the minimum, ${min}.` });
    else if (max !== undefined && value > max) issues.push({ path: ["value"], message: `${value} is above the maximum, ${max}.` });
  }
  if (variable.type === "text" && variable.maxLength !== undefined && variable.value.length > variable.maxLength)
    issues.push({ path: ["value"], message: `At most ${variable.maxLength} characters (this is ${variable.value.length}).` });
  if (variable.type === "choice") {
    const seen = new Set<string>();
    variable.options.forEach((option, index) => {
      if (seen.has(option.value)) issues.push({ path: ["options", String(index), "value"], message: `The option "${option.value}" is listed twice.` });
      seen.add(option.value);
    });
    // With no options the shape already says so; the value is then not measured against an empty list.
    if (seen.size > 0 && !seen.has(variable.value))
      issues.push({ path: ["value"], message: `"${variable.value}" is not one of the options: ${[...seen].map((value) => `"${value}"`).join(", ")}.` });
  }
  return issues;
}

const varShape = z.discriminatedUnion("type", [textVar, numberVar, colorVar, pictureVar, toggleVar, choiceVar, soundVar, fontVar]);

/** A setting the streamer fills in, shown in the editor's Settings form and used as {{key}}, a var paint, a picture source or a binding. */
export const varSchema = varShape.superRefine((variable, ctx) => {
  for (const issue of varRuleIssues(variable)) ctx.addIssue({ code: "custom", path: issue.path, message: issue.message });
});
export type OverlayVar = z.infer<typeof varSchema>;
export type VarType = OverlayVar["type"];
export const varTypes = ["text", "number", "toggle", "color", "choice", "picture", "sound", "font"] as const satisfies readonly VarType[];

/**
 * The document with var `key` set to `value`, or the first problem's message (the var's own rules: bounds, options, length):
 * what the editor's Settings form applies as one undo step, and refuses without applying.
 */
export function setVarValue<D extends { vars?: Record<string, OverlayVar> }>(document: D, key: string, value: unknown): D | { error: string } {
  const current = document.vars && Object.hasOwn(document.vars, key) ? document.vars[key] : undefined;
  if (!current) return { error: `No setting "${key}".` };
  const parsed = varSchema.safeParse({ ...current, value });
  if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? "Invalid value." };
  return { ...document, vars: { ...document.vars, [key]: parsed.data } };
}
