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

/**
 * The device authorization grant (RFC 8628, docs/desktop.md#signing-in-without-a-browser-on-this-computer):
 * how long a code lives, how often the app may poll, and the user code's shape.
 */
export const deviceFlowLimits = {
  /** device_code and user_code live 15 minutes (expires_in). */
  codeSeconds: 15 * 60,
  /** The polling interval the app is first given; each slow_down adds slowDownSeconds (RFC 8628 §3.5). */
  intervalSeconds: 5,
  slowDownSeconds: 5,
  /**
   * How often one code may be opened on /device (Continue) before it is locked: the device is then told
   * expired_token and starts again. A wrong code matches no code, so guesses are counted per account and
   * per address instead (rateLimits.deviceCodeAccount, deviceCodeAddress).
   */
  maxOpensPerCode: 5,
  /** The user code: 8 characters of an alphabet without vowels or look-alikes (no words, no 0/O, 1/I), shown as XXXX-XXXX. */
  userCodeAlphabet: "BCDFGHJKLMNPQRSTVWXZ",
  userCodeLength: 8,
} as const;

/** A typed user code as stored and compared: upper case, dashes and spaces dropped; null when it cannot be a code. */
export function normalizeUserCode(typed: string): string | null {
  const code = typed.replace(/[\s-]/g, "").toUpperCase();
  if (code.length !== deviceFlowLimits.userCodeLength) return null;
  return [...code].every((character) => deviceFlowLimits.userCodeAlphabet.includes(character)) ? code : null;
}

/** A normalised user code as the person reads it: XXXX-XXXX. */
export const formatUserCode = (code: string) => `${code.slice(0, 4)}-${code.slice(4)}`;

/** Where everything is, relative to the issuer (the site's public origin). */
export const oauthPaths = {
  metadata: "/.well-known/oauth-authorization-server",
  authorize: "/oauth/authorize",
  token: "/api/oauth/token",
  revoke: "/api/oauth/revoke",
  /** RFC 8628's device authorization endpoint. */
  deviceAuthorization: "/api/oauth/device_authorization",
  /** Where the person types the user code (verification_uri). */
  device: "/device",
  /** The deep-link landing page: "Signed in — return to Streamkit". */
  deepLinkReturn: "/oauth/desktop/return",
  /** Where the app's loopback listener sends the browser afterwards. */
  done: "/oauth/desktop/done",
} as const;

/** Token prefixes: secret scanners recognise them, and the resolver tells them apart from API keys (`skit_`). */
export const oauthTokenPrefixes = { code: "skac_", access: "skat_", refresh: "skrt_", deviceCode: "skdc_" } as const;

/** RFC 8628 §3.4's grant type. */
export const deviceCodeGrantType = "urn:ietf:params:oauth:grant-type:device_code";

/** RFC 8414 metadata for an issuer. */
export function authorizationServerMetadata(issuer: string) {
  return {
    issuer,
    authorization_endpoint: `${issuer}${oauthPaths.authorize}`,
    token_endpoint: `${issuer}${oauthPaths.token}`,
    revocation_endpoint: `${issuer}${oauthPaths.revoke}`,
    device_authorization_endpoint: `${issuer}${oauthPaths.deviceAuthorization}`,
    response_types_supported: ["code"],
    response_modes_supported: ["query"],
    grant_types_supported: ["authorization_code", "refresh_token", deviceCodeGrantType],
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
  // RFC 8628 §3.5: the device code grant's answers while it waits, and its ends.
  "authorization_pending",
  "slow_down",
  "access_denied",
  "expired_token",
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

/** The device authorization response (RFC 8628 §3.2). */
export const deviceAuthorizationResponseSchema = z.object({
  device_code: z.string(),
  user_code: z.string(),
  verification_uri: z.string(),
  verification_uri_complete: z.string(),
  expires_in: z.number().int(),
  interval: z.number().int(),
});
export type DeviceAuthorizationResponse = z.infer<typeof deviceAuthorizationResponseSchema>;

/** A user code as the person types it on /device: any case, dash and spaces optional. */
export const userCodeInputSchema = z.string().trim().min(1, "Type the code your device shows.").max(40, "A code is 8 letters, like BCDF-GHJK.");

/** /device's Continue: the code the person typed. */
export const deviceLookupInputSchema = z.object({ userCode: userCodeInputSchema });

/** What /device shows before Allow and Deny. */
export const devicePendingSchema = z.object({
  userCode: z.string().meta({ description: "The code, as XXXX-XXXX." }),
  clientId: z.string(),
  appName: z.string(),
  deviceLabel: z.string().nullable(),
  scopes: z.array(z.enum(scopes)),
  expiresAt: z.string(),
});
export type DevicePending = z.infer<typeof devicePendingSchema>;

/** /device's Allow or Deny. */
export const deviceDecisionInputSchema = z.object({ userCode: userCodeInputSchema, decision: z.enum(["allow", "deny"]) });

export const deviceDecisionSchema = z.object({
  decision: z.enum(["allow", "deny"]),
  appName: z.string(),
  deviceLabel: z.string().nullable(),
});
