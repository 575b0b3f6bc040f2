export { hexColorSchema } from "./color";
export {
  bindableProps,
  bindingSchema,
  documentBytes,
  documentRuleIssues,
  documentTooLarge,
  keyframeSchema,
  type OverlayDocument,
  type OverlayVar,
  overlayDocumentSchema,
  varSchema,
} from "./document";
export * from "./layers";
export { canvasPresets, DRAWING_BUDGET, OVERLAY_LIMITS } from "./limits";
export { pathProblem } from "./path";
export { fillTemplate, filledLength, PLUGIN_KEY, templateKeys } from "./template";
export { DrawingMeter, type DrawingMeasure, DrawingTooLarge, utf8Length } from "./budget";
export { drawingProblem, drawSvg, placeholderSvg, renderSvg, type RenderOptions, templateValues } from "./render";
export { pictureAssetIds, pictureUrl, type RenderAsset } from "./picture";
export { type PredefinedOverlay, predefinedOverlays } from "./predefined";
export * from "./edits";
export {
  type Alignment,
  alignLayers,
  alignments,
  boundsOf,
  distributeLayers,
  layersInBox,
  moveLayers,
  removeLayers,
  reorderLayers,
  resizeLayers,
  rotationTowards,
  type ZMove,
} from "./arrange";
export { type SnapGuide, type SnapTargets, snapFrame, snapTargets } from "./snap";
export {
  CLIPBOARD_FORMAT,
  CLIPBOARD_VERSION,
  copyLayers,
  duplicateLayers,
  type LayerClipboard,
  layerClipboardSchema,
  type PasteResult,
  pasteLayers,
  readClipboard,
} from "./clipboard";
export { type Reapplied, reapplyChanges } from "./reapply";
export { type MarketWidget, marketWidgets } from "./widgets";
export { type MarketTheme, marketThemes, THEME_MEMBERS, themePlan } from "./themes";
export { renderThemeSvg, THEME_TILE, themeGrid } from "./theme-preview";
export { previewValues, renderPreviewSvg } from "./preview";
export * from "./fonts";
export { DEFAULT_LINE_HEIGHT } from "./text";
export { setTextStyle, type TextStyle } from "./text-style";
export * from "./alert-sounds";
export { setVarValue, type VarType, varTypes } from "./vars";
