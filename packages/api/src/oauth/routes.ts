/**
 * The authorization server's HTTP endpoints besides the consent page
 * (apps/web/app/(site)/oauth): RFC 8414 metadata, the token endpoint and RFC 7009
 * revocation. Raw routes of the REST core (request id, logging, body limit);
 * their refusals are RFC 6749 §5.2 `{ error, error_description }` with
 * `Cache-Control: no-store` — the one documented exception to docs/api.md#errors.
 */
import { authorizationServerMetadata, oauthLimits, oauthPaths, type TokenResponse } from "@streamkit/api-contract";
import type { Context } from "../shared/context";
import { isAppError } from "@streamkit/api-contract";
import { limitPerAddress } from "../shared/limits/index";
import { jsonResult, type RawInput, type RawRoute } from "../rest/raw";
import type { RestResult } from "../rest/types";
import { lowerCase } from "../rest/results";
import { exchangeCode } from "./oauth-codes";
import { refreshTokens, revokeToken } from "./oauth-tokens";
import { findClient } from "./clients";
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
  } else {
    throw new OAuthError("unsupported_grant_type", "grant_type is authorization_code or refresh_token.");
  }
  return jsonResult(200, tokens, NO_STORE);
}

export const tokenRoute: RawRoute = {
  methods: ["POST"],
  path: oauthPaths.token,
  auth: "none",
  bodyLimit: oauthLimits.formBodyBytes,
  handle: (input, context) => speakingOAuth(context, () => token(input, context)),
};

export const revocationRoute: RawRoute = {
  methods: ["POST"],
  path: oauthPaths.revoke,
  auth: "none",
  bodyLimit: oauthLimits.formBodyBytes,
  handle: (input, context) =>
    speakingOAuth(context, async () => {
      const form = await readOAuthForm(input);
      const client = clientOf(form);
      await revokeToken(context.deps.db, required(form, "token"), client.id, context.deps.now());
      return { status: 200, headers: { ...NO_STORE }, body: null };
    }),
};

export const oauthRoutes = [metadataRoute, tokenRoute, revocationRoute];
