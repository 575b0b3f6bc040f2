/**
 * The desktop app's sign-in (docs/desktop.md#signing-in-from-the-desktop-app):
 * OAuth 2.0 authorization code + PKCE for public native clients
 * (RFC 6749, 7636, 8252, 8414, 9207, 7009). The client, the lifetimes and the
 * endpoints are data here; the server, the pages and the tests read them.
 */
import { z } from "zod";
import { type Scope, scopes } from "./scopes";

export interface OAuthClient {
  id: string;
  /** The app's name as the consent page shows it. */
  name: string;
  /** The scopes it may ask for; a request without `scope` gets them all. */
  scopes: readonly Scope[];
  /** Loopback redirect URIs (RFC 8252 §7.3): scheme, host and path compared; any port 1–65535, written without leading zeros. */
  loopbackRedirects: readonly { host: "127.0.0.1" | "[::1]"; path: string }[];
  /** Redirect URIs compared exactly (the deep link of docs/desktop.md#signing-in-from-the-desktop-app). */
  exactRedirects: readonly string[];
}

export const desktopClient: OAuthClient = {
  id: "streamkit-desktop",
  name: "Streamkit desktop app",
  scopes,
  loopbackRedirects: [
    { host: "127.0.0.1", path: "/callback" },
    { host: "[::1]", path: "/callback" },
  ],
  exactRedirects: ["streamkit://auth/callback"],
};

export const oauthClients: readonly OAuthClient[] = [desktopClient];

export const oauthLimits = {
  /** Codes live one minute at most (RFC 6749 §4.1.2 recommends ten at most). */
  codeSeconds: 60,
  accessTokenSeconds: 3_600,
  /** A refresh token unused this long expires; each refresh issues a new one. */
  refreshIdleSeconds: 30 * 24 * 3_600,
  /** state, device_label, and any other parameter's length. */
  stateMaxLength: 500,
  deviceLabelMaxLength: 80,
  redirectUriMaxLength: 500,
  /** Form bodies of the token and revocation endpoints. */
  formBodyBytes: 16 * 1024,
} as const;

/** Where everything is, relative to the issuer (the site's public origin). */
export const oauthPaths = {
  metadata: "/.well-known/oauth-authorization-server",
  authorize: "/oauth/authorize",
  token: "/api/oauth/token",
  revoke: "/api/oauth/revoke",
  /** The deep-link landing page: "Signed in — return to Streamkit". */
  deepLinkReturn: "/oauth/desktop/return",
  /** Where the app's loopback listener sends the browser afterwards. */
  done: "/oauth/desktop/done",
} as const;

/** Token prefixes: secret scanners recognise them, and the resolver tells them apart from API keys (`skit_`). */
export const oauthTokenPrefixes = { code: "skac_", access: "skat_", refresh: "skrt_" } as const;

/** RFC 8414 metadata for an issuer. */
export function authorizationServerMetadata(issuer: string) {
  return {
    issuer,
    authorization_endpoint: `${issuer}${oauthPaths.authorize}`,
    token_endpoint: `${issuer}${oauthPaths.token}`,
    revocation_endpoint: `${issuer}${oauthPaths.revoke}`,
    response_types_supported: ["code"],
    response_modes_supported: ["query"],
    grant_types_supported: ["authorization_code", "refresh_token"],
    code_challenge_methods_supported: ["S256"],
    token_endpoint_auth_methods_supported: ["none"],
    revocation_endpoint_auth_methods_supported: ["none"],
    scopes_supported: [...scopes],
    authorization_response_iss_parameter_supported: true,
    // Scalar gives the description's headings ids under the document's slug; e2e/oauth-desktop.spec.ts follows this link.
    service_documentation: `${issuer}/docs#api-1/description/desktop-sign-in`,
  };
}

/** The token endpoint's success answer (RFC 6749 §5.1). */
export const tokenResponseSchema = z.object({
  access_token: z.string(),
  token_type: z.literal("Bearer"),
  expires_in: z.number().int(),
  refresh_token: z.string(),
  scope: z.string(),
});
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

/** RFC 6749 §5.2's error codes, as the token and revocation endpoints use them, and `rate_limited` (429, the API's code) past rateLimits.oauth. */
export const tokenErrorCodes = [
  "invalid_request",
  "invalid_client",
  "invalid_grant",
  "unauthorized_client",
  "unsupported_grant_type",
  "invalid_scope",
  "rate_limited",
] as const;
export type TokenErrorCode = (typeof tokenErrorCodes)[number];

/** A connected app as the account page lists it. */
export const connectedAppSchema = z.object({
  id: z.uuid(),
  clientId: z.string(),
  appName: z.string(),
  scopes: z.array(z.enum(scopes)),
  deviceLabel: z.string().nullable(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type ConnectedApp = z.infer<typeof connectedAppSchema>;

/**
 * The person's answer on the consent page: the authorization request's query
 * as the browser sent it (name/value pairs, repeats kept so they can be
 * refused), read again on the server, and Allow or Deny.
 */
export const authorizationDecisionSchema = z.object({
  query: z.array(z.tuple([z.string().max(100), z.string().max(2_000)])).max(40, "An authorization request has at most 40 parameters."),
  decision: z.enum(["allow", "deny"]),
});
export type AuthorizationDecision = z.infer<typeof authorizationDecisionSchema>;

/** Where the browser goes next: the app's redirect_uri with the answer, or the deep-link landing page. */
export const authorizationAnswerSchema = z.object({ location: z.string() });

export const connectedAppListSchema = z.object({ items: z.array(connectedAppSchema) });
