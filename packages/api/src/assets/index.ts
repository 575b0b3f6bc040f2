/** What other parts of the service use of assets/: everything else in this folder is its own. */
export { EDITOR_ASSETS_SHOWN, editorAssets, editorSoundAssets, findSoundAsset, resolveAssets } from "./assets";
export { assetServingPathItem, assetUploadOperation } from "./openapi-paths";
export { assetsRouter } from "./router";
export { assetServeRoute } from "./serve-route";
export { assetUploadRoute, uploadRequirements, websiteAssetUploadRoute } from "./upload-route";
