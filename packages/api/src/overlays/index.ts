/** What other parts of the service use of overlays/: everything else in this folder is its own. */
export { catalogRouter } from "./catalog-router";
export { syncPredefinedCatalogue } from "./catalog";
export { browserSourceFeedRoute, browserSourcePageRoute, catalogPreviewRoute, previewEtag, previewImageResult } from "./raw-routes";
export { overlaysRouter } from "./router";
export { browserSourceEventsRoute } from "./source-events";
export { browserSourceSoundRoute } from "./source-sound-route";
export { overlaySourcePathItems } from "./openapi-paths";
export { overlayThumbnailRoute } from "./thumbnail-route";
