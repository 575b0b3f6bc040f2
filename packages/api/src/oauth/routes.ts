/**
 * The authorization server's HTTP endpoints besides the consent page
 * (apps/web/app/(site)/oauth): RFC 8414 metadata, the token endpoint and RFC 7009
 * revocation. Raw routes of the REST core (request id, logging, body limit);
 * their refusals are RFC 6749 §5.2 `{ error, error_description }` with
 * `Cache-Control: no-store` — the one documented exception to docs/api.md#errors.
 */
import { authorizationServerMetadata, deviceCodeGrantType, oauthLimits, oauthPaths, type TokenResponse } from "@streamkit/api-contract";
import type { Context } from "../shared/context";
import { isAppError } from "@streamkit/api-contract";
import { hitLimit, limitPerAddress } from "../shared/limits/index";
import { rateLimitedError } from "../shared/limits/window";
import { jsonResult, type RawInput, type RawRoute } from "../rest/raw";
import type { RestResult } from "../rest/types";
import { lowerCase } from "../rest/results";
import { exchangeCode } from "./oauth-codes";
import { refreshTokens, revokeToken } from "./oauth-tokens";
import { readDeviceLabel, readScopes } from "./authorization-request";
import { findClient } from "./clients";
import { issueDeviceCode, pollDeviceCode } from "./device-codes";
import { readOAuthForm, required } from "./form";
import { OAuthError } from "./protocol-error";

const NO_STORE = { "cache-control": "no-store", pragma: "no-cache" };

export const metadataRoute: RawRoute = {
  methods: ["GET"],
  path: oauthPaths.metadata,
  auth: "none",
  cors: true,
  async handle(_input, context) {
    return jsonResult(200, authorizationServerMetadata(context.deps.env.PUBLIC_URL), { "cache-control": "public, max-age=3600" });
  },
};

/**
 * Runs an endpoint, answering its refusals in RFC 6749's format. The token and
 * revocation endpoints share one per-address count (rateLimits.oauth), taken
 * before the body is read; past it 429 `rate_limited` with Retry-After.
 */
async function speakingOAuth(context: Context, work: () => Promise<RestResult>): Promise<RestResult> {
  try {
    limitPerAddress(context, "oauth", "Too many token requests from this address");
    return await work();
  } catch (error) {
    if (isAppError(error) && error.code === "rate_limited") {
      return jsonResult(429, { error: "rate_limited", error_description: error.message }, { ...NO_STORE, ...lowerCase(error.headers ?? {}) });
    }
    if (!(error instanceof OAuthError)) throw error;
    const headers: Record<string, string> = { ...NO_STORE };
    if (error.status === 401) headers["www-authenticate"] = 'Basic realm="streamkit"';
    return jsonResult(error.status, { error: error.code, error_description: error.description }, headers);
  }
}

/** The client named in the body. No or an unknown client is 401 invalid_client, as RFC 6749 §5.2 answers a client that failed to authenticate. */
function clientOf(form: Map<string, string>) {
  const clientId = form.get("client_id");
  if (!clientId) throw new OAuthError("invalid_client", "client_id is missing: send it in the body.", 401);
  const client = findClient(clientId);
  if (!client) throw new OAuthError("invalid_client", "The client is unknown.", 401);
  return client;
}

async function token(input: RawInput, context: Context): Promise<RestResult> {
  const form = await readOAuthForm(input);
  const client = clientOf(form);
  const grantType = required(form, "grant_type");
  const now = context.deps.now();
  const db = context.deps.db;
  let tokens: TokenResponse;
  if (grantType === "authorization_code") {
    tokens = await exchangeCode(
      db,
      { code: required(form, "code"), clientId: client.id, redirectUri: required(form, "redirect_uri"), codeVerifier: required(form, "code_verifier") },
      now,
    );
  } else if (grantType === "refresh_token") {
    tokens = await refreshTokens(db, { refreshToken: required(form, "refresh_token"), clientId: client.id, scope: form.get("scope") ?? null }, now);
  } else if (grantType === deviceCodeGrantType) {
    tokens = await pollDeviceCode(db, required(form, "device_code"), client.id, now);
  } else {
    throw new OAuthError("unsupported_grant_type", `grant_type is authorization_code, refresh_token or ${deviceCodeGrantType}.`);
  }
  return jsonResult(200, tokens, NO_STORE);
}

/** An OAuth endpoint: a form POSTed by the app, no caller, answered in RFC 6749's format. */
function oauthFormRoute(path: string, answer: (input: RawInput, context: Context) => Promise<RestResult>): RawRoute {
  return {
    methods: ["POST"],
    path,
    auth: "none",
    bodyLimit: oauthLimits.formBodyBytes,
    handle: (input, context) => speakingOAuth(context, () => answer(input, context)),
  };
}

export const tokenRoute = oauthFormRoute(oauthPaths.token, token);

export const revocationRoute = oauthFormRoute(oauthPaths.revoke, async (input, context) => {
  const form = await readOAuthForm(input);
  const client = clientOf(form);
  await revokeToken(context.deps.db, required(form, "token"), client.id, context.deps.now());
  return { status: 200, headers: { ...NO_STORE }, body: null };
});

/**
 * RFC 8628 §3.1–3.2: the app asks for a code pair. `scope` and `device_label`
 * are read as the authorization endpoint reads them; each code issued counts
 * against its address (rateLimits.deviceAuthorization, in the database: each is a row).
 */
export const deviceAuthorizationRoute = oauthFormRoute(oauthPaths.deviceAuthorization, async (input, context) => {
  const form = await readOAuthForm(input);
  const client = clientOf(form);
  const scopes = readScopes(client, form.get("scope"));
  if ("error" in scopes) throw new OAuthError("invalid_scope", scopes.error);
  const deviceLabel = readDeviceLabel(form.get("device_label"));
  if (typeof deviceLabel === "object" && deviceLabel !== null) throw new OAuthError("invalid_request", deviceLabel.error);
  const now = context.deps.now();
  const decision = await hitLimit(context.deps, "deviceAuthorization", context.clientAddress, now);
  if (!decision.allowed) throw rateLimitedError(decision, "Too many device sign-ins started from this address");
  const answer = await issueDeviceCode(context.deps.db, { client, scopes: scopes.scopes, deviceLabel }, context.deps.env.PUBLIC_URL, now);
  return jsonResult(200, answer, NO_STORE);
});

export const oauthRoutes = [metadataRoute, tokenRoute, revocationRoute, deviceAuthorizationRoute];
