/** What other parts of the service use of plugins/: everything else in this folder is its own. */
export { cliPackageRoute } from "./cli-package-route";
export { decidedPriceRequests } from "./decided-price-requests";
export { pendingPriceRequests, reviewPriceRequest, setPrice } from "./prices";
export { pluginsRouter } from "./router";
export { adminReviewsRouter, reviewCommands } from "./review";
