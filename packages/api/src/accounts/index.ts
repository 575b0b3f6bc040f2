/** What other parts of the service use of accounts/: everything else in this folder is its own. */
export { createAccount, findAccountByEmail } from "./accounts";
export { adminAccountsRouter } from "./admin-router";
export { createApiKey, revokeApiKey } from "./api-keys";
export { buildAuthConfig, oauthProviders } from "./auth-config";
export { authRoute } from "./auth-route";
export { keysRouter } from "./keys-router";
export { meRouter } from "./me-router";
export { changeAccount } from "./operator-accounts";
export { hashPassword } from "./password";
export { credentialUsesWritten, hasSessionCookie, resolveCaller } from "./principal";
export { accountsRouter } from "./router";
export { sessionSecrets } from "./session-secrets";
export { signInDeviceAfter } from "./sign-in-device";
export { signInRefusal } from "./sign-in-limit";
