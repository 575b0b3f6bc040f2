import { z } from "zod";
import { hexColorSchema } from "./color";
import { OVERLAY_LIMITS as L } from "./limits";
import { pathProblem } from "./path";

/**
 * The layers of schema 1 (docs/overlays.md#the-document-schema-1): every layer is { type, id, name, frame,
 * props } plus the optional members every type shares; props depend on the
 * type. Objects are strict: a misspelt member is an error the editor can show,
 * not something silently dropped.
 */
export const layerTypes = ["text", "group", "particles", "shape", "picture"] as const;
export type LayerType = (typeof layerTypes)[number];

export const layerIdSchema = z
  .string()
  .min(1, "A layer id cannot be empty.")
  .max(L.layerIdMaxLength, `A layer id has at most ${L.layerIdMaxLength} characters.`)
  .regex(/^[A-Za-z0-9_-]+$/, "A layer id uses letters, digits, _ and - only.");

export const varKeySchema = z
  .string()
  .max(L.varKeyMaxLength, `A variable's key has at most ${L.varKeyMaxLength} characters.`)
  .regex(/^[A-Za-z][A-Za-z0-9_.-]*$/, "A variable's key starts with a letter and uses letters, digits, _, . and - (e.g. goal.target).");

const coordinate = z.number().min(-L.maxCoordinate).max(L.maxCoordinate);
const extent = z.number().min(0).max(L.maxCoordinate);

/** Where the layer sits on the canvas, in canvas pixels (x and y from the top left; may reach outside the canvas). */
export const frameSchema = z.strictObject({ x: coordinate, y: coordinate, w: extent, h: extent });
export type Frame = z.infer<typeof frameSchema>;

/** A colour: a fixed one, or a document variable of type color ("{ kind: var, key }", the picture settings of docs/overlays.md#the-document-schema-1). */
export const paintSchema = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("solid"), color: hexColorSchema }),
  z.strictObject({ kind: z.literal("var"), key: varKeySchema }),
]);
export type Paint = z.infer<typeof paintSchema>;

const common = {
  id: layerIdSchema,
  name: z.string().min(1, "A layer needs a name.").max(L.layerNameMaxLength),
  frame: frameSchema,
  /** The group layer this layer belongs to. */
  groupId: layerIdSchema.optional(),
  hidden: z.boolean().optional(),
  opacity: z.number().min(0).max(1).optional(),
  /** Degrees, clockwise, around the frame's centre. */
  rotation: z.number().min(-360).max(360).optional(),
  /** The editor's lock: the layer cannot be picked on the canvas nor moved by nudges, align or distribute (drawing ignores it). */
  locked: z.boolean().optional(),
};

/** A font family's name (fonts.ts): a text's fontFamily and a font setting's value share it. */
export const fontNameSchema = z
  .string()
  .max(L.fontFamilyMaxLength, `A font name has at most ${L.fontFamilyMaxLength} characters.`)
  .refine((name) => name.trim() !== "", "A font name cannot be empty.")
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses.
  .refine((name) => !/[\u0000-\u001f\u007f]/.test(name), "A font name cannot hold control characters (line breaks, tabs).");

export const textPropsSchema = z.strictObject({
  /** May hold {{key}} variables. */
  text: z.string().max(L.textMaxLength),
  /** A family of the site's (fonts.ts), or any other name: valid, drawn with a fallback and flagged by the editor. */
  fontFamily: fontNameSchema,
  fontSize: z.number().positive().max(L.fontSizeMax),
  fill: paintSchema,
  fontWeight: z.int().min(100).max(900).multipleOf(100).optional(),
  align: z.enum(["left", "center", "right"]).optional(),
  // Text styling (docs/overlays.md#fonts); all optional, so documents without them keep drawing as before.
  italic: z.boolean().optional(),
  /** Extra room between letters, in canvas pixels (negative tightens). */
  letterSpacing: z
    .number()
    .min(L.letterSpacingMin, `Letter spacing is at least ${L.letterSpacingMin} pixels.`)
    .max(L.letterSpacingMax, `Letter spacing is at most ${L.letterSpacingMax} pixels.`)
    .optional(),
  /** The distance between lines, as a multiple of the font size (default 1.2). */
  lineHeight: z
    .number()
    .min(L.lineHeightMin, `Line height is at least ${L.lineHeightMin} (times the font size).`)
    .max(L.lineHeightMax, `Line height is at most ${L.lineHeightMax} (times the font size).`)
    .optional(),
  /** An outline drawn behind the fill (SVG paint-order), so half its width shows around the letters. */
  stroke: z
    .strictObject({ paint: paintSchema, width: z.number().min(0).max(L.textStrokeMax, `A text outline is at most ${L.textStrokeMax} pixels wide.`) })
    .optional(),
  /** A drop shadow: its colour, offset and blur in canvas pixels. */
  shadow: z
    .strictObject({
      color: hexColorSchema,
      x: z.number().min(-L.textShadowOffsetMax).max(L.textShadowOffsetMax, `A shadow's offset is at most ${L.textShadowOffsetMax} pixels each way.`),
      y: z.number().min(-L.textShadowOffsetMax).max(L.textShadowOffsetMax, `A shadow's offset is at most ${L.textShadowOffsetMax} pixels each way.`),
      blur: z.number().min(0).max(L.textShadowBlurMax, `A shadow's blur is at most ${L.textShadowBlurMax} pixels.`),
    })
    .optional(),
});

export const particlesPropsSchema = z
  .strictObject({
    count: z.int().min(1).max(L.particlesMaxCount),
    colors: z.array(hexColorSchema).min(1).max(L.particlesMaxColors),
    /** Diameter in pixels, each particle's drawn between min and max. */
    size: z.strictObject({ min: z.number().positive().max(L.particlesMaxSize), max: z.number().positive().max(L.particlesMaxSize) }),
    /** Pixels per second. */
    speed: z.number().min(0).max(L.particlesMaxSpeed),
    direction: z.enum(["up", "down", "left", "right", "burst"]),
    /** How long one particle lives, in milliseconds. */
    lifetimeMs: z.int().min(100).max(60_000).optional(),
  })
  .refine((props) => props.size.min <= props.size.max, { path: ["size", "min"], message: "size.min cannot be above size.max." });

export const shapePropsSchema = z.strictObject({
  shape: z.literal("path"),
  /** SVG path data, in the coordinates of viewBox (the frame's own size when there is none), scaled to the frame. */
  path: z
    .string()
    .max(L.pathMaxLength)
    .superRefine((data, ctx) => {
      const problem = pathProblem(data);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    }),
  viewBox: z.strictObject({ w: z.number().positive().max(L.maxCoordinate), h: z.number().positive().max(L.maxCoordinate) }).optional(),
  fill: paintSchema.optional(),
  stroke: z.strictObject({ paint: paintSchema, width: z.number().min(0).max(1_000) }).optional(),
});

/**
 * Where a picture comes from: one of the account's uploaded assets (by id; the server resolves it to an address
 * when drawing), or a document var of type picture (an https address the streamer fills in).
 */
export const pictureSourceSchema = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("asset"), id: z.uuid("An asset id is a UUID.") }),
  z.strictObject({ kind: z.literal("var"), key: varKeySchema }),
]);
export type PictureSource = z.infer<typeof pictureSourceSchema>;

/** How a picture fills its frame: whole and letterboxed (contain), filling and cropped (cover), or distorted to the frame (stretch). */
export const pictureFits = ["contain", "cover", "stretch"] as const;
export type PictureFit = (typeof pictureFits)[number];

export const picturePropsSchema = z.strictObject({
  source: pictureSourceSchema,
  fit: z.enum(pictureFits, `fit is one of ${pictureFits.join(", ")}.`),
  /** Corner radius in canvas pixels. */
  radius: z.number().min(0).max(L.pictureRadiusMax, `A corner radius is at most ${L.pictureRadiusMax} pixels.`).optional(),
});

export const textLayerSchema = z.strictObject({ type: z.literal("text"), ...common, props: textPropsSchema });
export const groupLayerSchema = z.strictObject({ type: z.literal("group"), ...common, props: z.strictObject({}) });
export const particlesLayerSchema = z.strictObject({ type: z.literal("particles"), ...common, props: particlesPropsSchema });
export const shapeLayerSchema = z.strictObject({ type: z.literal("shape"), ...common, props: shapePropsSchema });
export const pictureLayerSchema = z.strictObject({ type: z.literal("picture"), ...common, props: picturePropsSchema });

export const layerSchema = z.discriminatedUnion("type", [textLayerSchema, groupLayerSchema, particlesLayerSchema, shapeLayerSchema, pictureLayerSchema], {
  error: (issue) =>
    issue.code === "invalid_union"
      ? `Unknown layer type ${JSON.stringify((issue.input as { type?: unknown } | undefined)?.type ?? null)}: a layer is ${layerTypes.join(", ")}.`
      : undefined,
});
export type Layer = z.infer<typeof layerSchema>;
export type TextLayer = z.infer<typeof textLayerSchema>;
export type ShapeLayer = z.infer<typeof shapeLayerSchema>;
export type ParticlesLayer = z.infer<typeof particlesLayerSchema>;
export type GroupLayer = z.infer<typeof groupLayerSchema>;
export type PictureLayer = z.infer<typeof pictureLayerSchema>;
