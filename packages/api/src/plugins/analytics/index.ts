/** Authors' analytics (docs/analytics.md): what the rest of plugins/ and the composition root use. */
export { analyticsProcedures } from "./router";
export { analyticsCsvRequirements, analyticsCsvRoute, websiteAnalyticsCsvRoute } from "./csv-route";
export { analyticsCsvPathItem } from "./openapi-paths";
