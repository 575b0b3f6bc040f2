/** What other parts of the service use of market/: everything else in this folder is its own. */
export { inventoryRouter } from "./inventory-router";
export { syncMarketCatalogue } from "./market-catalogue";
export { marketVersionOf } from "./market-version";
export { marketPreviewRoute } from "./preview-route";
export { marketRouter } from "./router";
