/**
 * The overlay document's limits (docs/api.md#limits fixes the canvas; the rest are this
 * service's, documented in docs/overlays.md and the OpenAPI document). One table,
 * read by the schema, the API's size check and the editor.
 */
export const OVERLAY_LIMITS = {
  /** docs/api.md#limits: 1 to 8192 per side. */
  canvasMin: 1,
  canvasMax: 8192,
  /** A document's JSON, in bytes (UTF-8); more → 413 payload_too_large. */
  maxDocumentBytes: 256 * 1024,
  /** Layers in one document; more → 413 payload_too_large. */
  maxLayers: 500,
  /** Layer ids: letters, digits, `_` and `-`. */
  layerIdMaxLength: 64,
  layerNameMaxLength: 100,
  /** |x|, |y|, w and h of a frame, in canvas pixels. */
  maxCoordinate: 100_000,
  textMaxLength: 2_000,
  fontFamilyMaxLength: 100,
  fontSizeMax: 1_000,
  /** Text styling (docs/overlays.md#fonts): letter spacing in canvas pixels, line height times the font size. */
  letterSpacingMin: -50,
  letterSpacingMax: 200,
  lineHeightMin: 0.5,
  lineHeightMax: 4,
  /** A text outline's width and a shadow's offset (each way) and blur, in canvas pixels. */
  textStrokeMax: 100,
  textShadowOffsetMax: 500,
  textShadowBlurMax: 100,
  pathMaxLength: 20_000,
  maxVars: 100,
  varKeyMaxLength: 64,
  varValueMaxLength: 2_000,
  /** Settings (docs/overlays.md#widget-settings): a var's label, a number's bounds and step (each way), a choice's options and their values and labels. */
  varLabelMaxLength: 100,
  varNumberBoundMax: 1_000_000_000,
  varChoiceMaxOptions: 50,
  varChoiceValueMaxLength: 100,
  maxBindings: 500,
  maxKeyframes: 2_000,
  /** A keyframe's time, in milliseconds from the start. */
  maxKeyframeMs: 3_600_000,
  particlesMaxCount: 500,
  particlesMaxColors: 8,
  particlesMaxSize: 200,
  particlesMaxSpeed: 2_000,
  /** A picture layer's corner radius, in canvas pixels (the renderer also keeps it within half the frame). */
  pictureRadiusMax: 5_000,
  /** Overlay names (the record's, not the layers'). */
  overlayNameMaxLength: 100,
} as const;

export const canvasPresets = [
  { label: "1920 × 1080 (landscape, Full HD)", width: 1920, height: 1080 },
  { label: "1280 × 720 (landscape, HD)", width: 1280, height: 720 },
  { label: "1080 × 1920 (portrait)", width: 1080, height: 1920 },
] as const;

/**
 * What one drawing may produce, whatever the document (docs/overlays.md). The
 * renderer counts while it draws and stops at the first measure over; a save
 * whose drawing would pass one is refused (413) naming it. The worst document
 * within them draws in a few milliseconds and about 2 MiB.
 */
export const DRAWING_BUDGET = {
  /** Particles in all, over every particles layer. */
  particles: 2_000,
  /** Characters of text drawn, once every `{{key}}` is filled. */
  textCharacters: 20_000,
  /** SVG elements: a layer's group and its shape, text and each of its lines, each particle and its animations. */
  elements: 20_000,
  /** The drawing's markup, in UTF-8 bytes. */
  bytes: 2 * 1024 * 1024,
} as const;
