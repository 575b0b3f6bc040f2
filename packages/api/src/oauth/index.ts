/** What other parts of the service use of oauth/: everything else in this folder is its own. */
export { type AuthorizationOutcome, readAuthorizationRequest } from "./authorization-request";
export { findClient } from "./clients";
export { deleteExpiredCodes } from "./oauth-codes";
export { deleteExpiredTokens } from "./oauth-tokens";
export { oauthPathItems } from "./openapi-paths";
export { oauthRouter } from "./router";
export { oauthRoutes } from "./routes";
