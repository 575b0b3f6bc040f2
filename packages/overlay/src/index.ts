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
export { canvasPresets, OVERLAY_LIMITS } from "./limits";
export { pathProblem } from "./path";
export { fillTemplate, PLUGIN_KEY, templateKeys } from "./template";
export { renderSvg, type RenderOptions, templateValues } from "./render";
export { type PredefinedOverlay, predefinedOverlays } from "./predefined";
export * from "./edits";
export { type Reapplied, reapplyChanges } from "./reapply";
