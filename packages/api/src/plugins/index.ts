/** What other parts of the service use of plugins/: everything else in this folder is its own. */
export { cliPackageRoute } from "./cli-package-route";
export { decidedPriceRequests } from "./decided-price-requests";
export { pendingPriceRequests, reviewPriceRequest, setPrice } from "./prices";
export { pluginsRouter } from "./router";
export { adminModerationRouter, moderationCommands } from "./moderation/index";
export { signingKeysRouter } from "./signing/router";
export { signingKeyCommands } from "./signing/admin-commands";
export { ensureActiveSigningKey } from "./signing/keys";
export { pluginSigningKeys } from "./signing/private-keys";
export { listingColumns, listingExtras, publisherJoin, toListing } from "./listings";
export { adminReviewsRouter, reviewCommands } from "./review";
export { analyticsCsvPathItem, analyticsCsvRequirements, analyticsCsvRoute, websiteAnalyticsCsvRoute } from "./analytics/index";
export { mediaUploadRequirements, pluginMediaRoutes } from "./media/routes";
export { pluginMediaPathItems, pluginMediaRawOperations } from "./media/openapi-paths";
export { adminReviewReportsRouter, reviewReportCommands } from "./reviews/index";
