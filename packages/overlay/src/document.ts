import { z } from "zod";
import { alertSoundsSchema } from "./alert-sounds";
import { type Layer, layerIdSchema, layerSchema, type Paint, varKeySchema } from "./layers";
import { OVERLAY_LIMITS as L } from "./limits";
import { PLUGIN_KEY, templateKeys } from "./template";
import { varSchema } from "./vars";

export { type OverlayVar, varSchema } from "./vars";

/**
 * The overlay document, schema 1 (docs/overlays.md#the-document-schema-1, docs/api.md#versioning): one schema for the API,
 * the editor and the renderer. Members added after the first version (kind,
 * vars, bindings, manualKeyframes, alertSounds) are optional, so documents without them
 * stay valid. Rules across members (unique ids, groups, variables) are checked
 * after the shapes, every problem reported at once with its path.
 */

/** Which layer properties a binding may drive, by layer type (every type: opacity and hidden). */
export const bindableProps = {
  text: ["text", "fill", "fontSize", "fontFamily", "opacity", "hidden"],
  shape: ["fill", "opacity", "hidden"],
  particles: ["opacity", "hidden"],
  group: ["opacity", "hidden"],
  picture: ["opacity", "hidden"],
} as const satisfies Record<Layer["type"], readonly string[]>;

/** A layer property that follows a variable: a document var, or a plugin's value (plugin.<id>.<name>). */
export const bindingSchema = z.strictObject({
  layerId: layerIdSchema,
  prop: z.enum(["text", "fill", "fontSize", "fontFamily", "opacity", "hidden"]),
  key: z
    .string()
    .min(1)
    .max(L.varKeyMaxLength + 50),
});

/** The editor's animation block: a layer's frame and opacity at a time; the renderer tweens between them. Kept as written. */
export const keyframeSchema = z.strictObject({
  layerId: layerIdSchema,
  atMs: z.int().min(0).max(L.maxKeyframeMs),
  frame: z
    .strictObject({
      x: z.number().min(-L.maxCoordinate).max(L.maxCoordinate),
      y: z.number().min(-L.maxCoordinate).max(L.maxCoordinate),
      w: z.number().min(0).max(L.maxCoordinate),
      h: z.number().min(0).max(L.maxCoordinate),
    })
    .partial()
    .optional(),
  opacity: z.number().min(0).max(1).optional(),
  easing: z.enum(["linear", "ease-in", "ease-out", "ease-in-out"]).optional(),
});

const canvasSide = z
  .int(`Canvas sides are whole pixels from ${L.canvasMin} to ${L.canvasMax}.`)
  .min(L.canvasMin, `Canvas sides are at least ${L.canvasMin} pixel.`)
  .max(L.canvasMax, `Canvas sides are at most ${L.canvasMax} pixels.`);

const documentShape = z.strictObject({
  schema: z.literal(1, "schema must be 1: the only document version."),
  /** overlay (a full scene) or widget (one element); absent means overlay. */
  kind: z.enum(["overlay", "widget"]).optional(),
  canvas: z.strictObject({ width: canvasSide, height: canvasSide }),
  /** Bottom first: later layers draw over earlier ones. */
  layers: z.array(layerSchema).max(L.maxLayers),
  vars: z
    .record(varKeySchema, varSchema)
    .refine((vars) => Object.keys(vars).length <= L.maxVars, `At most ${L.maxVars} variables.`)
    .optional(),
  bindings: z.array(bindingSchema).max(L.maxBindings).optional(),
  manualKeyframes: z.array(keyframeSchema).max(L.maxKeyframes).optional(),
  /** The sounds the OBS source plays with alerts, by alert type or default (alert-sounds.ts). */
  alertSounds: alertSoundsSchema.optional(),
});

type Issue = { path: (string | number)[]; message: string };

/** The rules across members, as issues with paths into the document. */
export function documentRuleIssues(document: z.infer<typeof documentShape>): Issue[] {
  const issues: Issue[] = [];
  const vars = document.vars ?? {};
  const byId = new Map<string, { layer: Layer; index: number }>();
  document.layers.forEach((layer, index) => {
    const first = byId.get(layer.id);
    if (first) issues.push({ path: ["layers", index, "id"], message: `Layer id "${layer.id}" is already used by layers.${first.index}: ids are unique.` });
    else byId.set(layer.id, { layer, index });
  });

  const knownKey = (key: string) => Object.hasOwn(vars, key) || PLUGIN_KEY.test(key);
  const checkPaint = (paint: Paint | undefined, path: Issue["path"]) => {
    if (paint?.kind !== "var") return;
    const target = Object.hasOwn(vars, paint.key) ? vars[paint.key] : undefined;
    if (!target) issues.push({ path: [...path, "key"], message: `No variable "${paint.key}" in vars.` });
    else if (target.type !== "color") issues.push({ path: [...path, "key"], message: `Variable "${paint.key}" is a ${target.type}, not a color.` });
  };

  document.layers.forEach((layer, index) => {
    if (layer.groupId !== undefined) {
      const group = byId.get(layer.groupId);
      const path = ["layers", index, "groupId"];
      if (!group) issues.push({ path, message: `No layer has the id "${layer.groupId}".` });
      else if (group.layer.type !== "group") issues.push({ path, message: `Layer "${layer.groupId}" is a ${group.layer.type} layer, not a group.` });
      else {
        // Follow the chain of groups upwards: reaching this layer again is a cycle.
        const seen = new Set([layer.id]);
        let current: Layer | undefined = group.layer;
        while (current) {
          if (seen.has(current.id)) {
            issues.push({ path, message: `Groups form a cycle through "${current.id}": a group cannot contain itself.` });
            break;
          }
          seen.add(current.id);
          current = current.groupId === undefined ? undefined : byId.get(current.groupId)?.layer;
        }
      }
    }
    if (layer.type === "text") {
      for (const key of templateKeys(layer.props.text)) {
        if (!knownKey(key))
          issues.push({
            path: ["layers", index, "props", "text"],
            message: `Unknown variable {{${key}}}: add "${key}" to vars, or use {{plugin.<id>.<name>}}.`,
          });
      }
      checkPaint(layer.props.fill, ["layers", index, "props", "fill"]);
      checkPaint(layer.props.stroke?.paint, ["layers", index, "props", "stroke", "paint"]);
    }
    if (layer.type === "shape") {
      checkPaint(layer.props.fill, ["layers", index, "props", "fill"]);
      checkPaint(layer.props.stroke?.paint, ["layers", index, "props", "stroke", "paint"]);
    }
    // A picture's variable must be a picture (an https address); an asset id is checked by the server when drawing (a deleted one draws a placeholder).
    if (layer.type === "picture" && layer.props.source.kind === "var") {
      const { key } = layer.props.source;
      const target = Object.hasOwn(vars, key) ? vars[key] : undefined;
      const path = ["layers", index, "props", "source", "key"];
      if (!target) issues.push({ path, message: `No variable "${key}" in vars: add a picture variable "${key}", or pick an uploaded picture.` });
      else if (target.type !== "picture") issues.push({ path, message: `Variable "${key}" is a ${target.type}, not a picture.` });
    }
  });

  document.bindings?.forEach((binding, index) => {
    const target = byId.get(binding.layerId);
    if (!target) issues.push({ path: ["bindings", index, "layerId"], message: `No layer has the id "${binding.layerId}".` });
    else if (!(bindableProps[target.layer.type] as readonly string[]).includes(binding.prop))
      issues.push({
        path: ["bindings", index, "prop"],
        message: `A ${target.layer.type} layer's ${binding.prop} cannot be bound: ${bindableProps[target.layer.type].join(", ")} can.`,
      });
    if (!knownKey(binding.key)) issues.push({ path: ["bindings", index, "key"], message: `No variable "${binding.key}" in vars, and not plugin.<id>.<name>.` });
    // A font follows a font setting (a family name), never a text or number that would draw in the fallback.
    else if (binding.prop === "fontFamily" && Object.hasOwn(vars, binding.key) && vars[binding.key]!.type !== "font")
      issues.push({
        path: ["bindings", index, "key"],
        message: `Variable "${binding.key}" is a ${vars[binding.key]!.type}, not a font: fontFamily follows a font setting.`,
      });
  });

  // An alert sound from a setting names a sound setting (its value may be empty: the alert then plays nothing).
  for (const [soundKey, chosen] of Object.entries(document.alertSounds ?? {})) {
    if (chosen?.sound.kind !== "var") continue;
    const { key } = chosen.sound;
    const target = Object.hasOwn(vars, key) ? vars[key] : undefined;
    const path = ["alertSounds", soundKey, "sound", "key"];
    if (!target) issues.push({ path, message: `No variable "${key}" in vars: add a sound setting "${key}", or pick a catalogue sound.` });
    else if (target.type !== "sound") issues.push({ path, message: `Variable "${key}" is a ${target.type}, not a sound.` });
  }

  document.manualKeyframes?.forEach((keyframe, index) => {
    if (!byId.has(keyframe.layerId)) issues.push({ path: ["manualKeyframes", index, "layerId"], message: `No layer has the id "${keyframe.layerId}".` });
  });
  return issues;
}

export const overlayDocumentSchema = documentShape
  .superRefine((document, ctx) => {
    for (const issue of documentRuleIssues(document)) ctx.addIssue({ code: "custom", path: issue.path, message: issue.message });
  })
  .meta({ id: "OverlayDocument", description: "An overlay document, schema 1 (/docs/guides/overlays)." });
export type OverlayDocument = z.infer<typeof overlayDocumentSchema>;

/** The size of a document as stored and sent: its JSON in UTF-8 bytes. */
export function documentBytes(document: unknown): number {
  return new TextEncoder().encode(JSON.stringify(document)).length;
}

/**
 * Why a document is too big to be checked at all (413 payload_too_large), or
 * null: over maxDocumentBytes, or more than maxLayers layers.
 */
export function documentTooLarge(document: unknown): string | null {
  if (document && typeof document === "object" && Array.isArray((document as { layers?: unknown }).layers)) {
    const count = (document as { layers: unknown[] }).layers.length;
    if (count > L.maxLayers) return `The document has ${count} layers; at most ${L.maxLayers}.`;
  }
  const bytes = documentBytes(document);
  if (bytes > L.maxDocumentBytes) return `The document is ${bytes} bytes; at most ${L.maxDocumentBytes}.`;
  return null;
}
