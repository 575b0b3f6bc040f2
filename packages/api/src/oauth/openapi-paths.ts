/**
 * The desktop app's token and revocation endpoints in the document
 * (docs/desktop.md#signing-in-from-the-desktop-app). They live under /api, not /api/v1, and
 * answer RFC 6749's `{ error, error_description }` — the one documented
 * exception to the error envelope.
 */
import { deviceCodeGrantType, deviceFlowLimits, oauthLimits, rateLimits, tokenErrorCodes } from "@streamkit/api-contract";

type Json = Record<string, unknown>;

const noStore = { "Cache-Control": { description: "Always `no-store`.", schema: { type: "string", example: "no-store" } } };

const oauthError = (description: string): Json => ({
  description,
  headers: noStore,
  content: {
    "application/json": {
      schema: {
        type: "object",
        required: ["error", "error_description"],
        properties: { error: { type: "string", enum: [...tokenErrorCodes] }, error_description: { type: "string" } },
      },
      example: { error: "invalid_grant", error_description: "The code was already used; the tokens issued from it are revoked." },
    },
  },
});

const TOO_MANY = `\`rate_limited\`: more than ${rateLimits.oauth.limit} requests a minute to the token and revocation endpoints from one address; \`Retry-After\` says when to retry.`;

const form = (properties: Json, required: string[]): Json => ({
  required: true,
  content: { "application/x-www-form-urlencoded": { schema: { type: "object", required, properties } } },
});

const clientId = { type: "string", enum: ["streamkit-desktop"], description: "The public client; no secret (token_endpoint_auth_method `none`)." };

export function oauthPathItems(baseUrl: string): Record<string, Json> {
  const servers = [
    { url: `${baseUrl}/api`, description: "The desktop app's sign-in, outside /api/v1 (RFC 8414 metadata: /.well-known/oauth-authorization-server)" },
  ];
  return {
    "/oauth/token": {
      servers,
      post: {
        operationId: "oauth-token",
        tags: ["Desktop app"],
        summary: "Exchange a code, poll for a device sign-in, or rotate a refresh token (RFC 6749 §4.1.3, §6; RFC 8628 §3.4)",
        description: [
          "The authorization code grant with PKCE (S256 only): `code`, the exact `redirect_uri` of the authorization request (port included) and the `code_verifier`. A code is single use and lives 60 seconds; a second use is `invalid_grant` and revokes the tokens issued from it.",
          `The device code grant (\`${deviceCodeGrantType}\`) with \`device_code\`: while the person has not answered on /device, \`authorization_pending\`; polled sooner than the interval after the previous poll, \`slow_down\` (the interval grows by ${deviceFlowLimits.slowDownSeconds} seconds for every later poll); after Deny, \`access_denied\`; after ${deviceFlowLimits.codeSeconds / 60} minutes, or once the code was opened ${deviceFlowLimits.maxOpensPerCode} times without an answer, \`expired_token\`; after Allow, tokens, once (a second redemption is \`invalid_grant\` and ends that sign-in).`,
          `The refresh grant rotates: each use returns a new refresh token and the old one is spent; presenting a spent one is \`invalid_grant\` and revokes the whole sign-in. \`scope\` may narrow the new access token. Access tokens (\`skat_…\`) live ${oauthLimits.accessTokenSeconds / 60} minutes; refresh tokens (\`skrt_…\`) expire after ${oauthLimits.refreshIdleSeconds / 86_400} days unused.`,
          `Errors are RFC 6749's \`{ error, error_description }\`, not the API's envelope. Body at most ${oauthLimits.formBodyBytes / 1024} KiB.`,
        ].join("\n\n"),
        security: [],
        requestBody: form(
          {
            grant_type: { type: "string", enum: ["authorization_code", "refresh_token", deviceCodeGrantType] },
            client_id: clientId,
            code: { type: "string" },
            redirect_uri: { type: "string" },
            code_verifier: { type: "string", minLength: 43, maxLength: 128 },
            refresh_token: { type: "string" },
            device_code: { type: "string", description: "Device code grant only: the `device_code` of the device authorization." },
            scope: { type: "string", description: "Refresh only: space-separated, a subset of the granted scopes." },
          },
          ["grant_type", "client_id"],
        ),
        responses: {
          "200": {
            description: "Tokens.",
            headers: noStore,
            content: {
              "application/json": {
                schema: {
                  type: "object",
                  required: ["access_token", "token_type", "expires_in", "refresh_token", "scope"],
                  properties: {
                    access_token: { type: "string", example: "skat_…" },
                    token_type: { type: "string", enum: ["Bearer"] },
                    expires_in: { type: "integer", example: oauthLimits.accessTokenSeconds },
                    refresh_token: { type: "string", example: "skrt_…" },
                    scope: { type: "string", example: "plugins:read inventory:write" },
                  },
                },
              },
            },
          },
          "400": oauthError(
            "`invalid_request`, `invalid_grant`, `unsupported_grant_type`, `invalid_scope`; for the device code grant also `authorization_pending`, `slow_down`, `access_denied`, `expired_token`.",
          ),
          "401": oauthError("`invalid_client`: no or an unknown `client_id`, or an Authorization header was sent (public clients have no secret)."),
          "413": oauthError("`invalid_request`: the body is over the limit."),
          "429": oauthError(TOO_MANY),
        },
      },
    },
    "/oauth/device_authorization": {
      servers,
      post: {
        operationId: "oauth-device-authorization",
        tags: ["Desktop app"],
        summary: "Start a sign-in on another device (RFC 8628 §3.1)",
        description: [
          `For an app that cannot open a browser on its own computer: the answer's \`user_code\` (8 letters, shown as XXXX-XXXX) is typed by the person at \`verification_uri\` (the site's /device page, signed in), or \`verification_uri_complete\` opens it with the code filled in; they still confirm and see the app, the device label and the scopes before Allow or Deny. Meanwhile the app polls the token endpoint with \`grant_type=${deviceCodeGrantType}\` and the \`device_code\` every \`interval\` seconds.`,
          `Codes live ${deviceFlowLimits.codeSeconds / 60} minutes. At most ${rateLimits.deviceAuthorization.limit} codes an hour per address (429 \`rate_limited\`). Errors are RFC 6749's \`{ error, error_description }\`.`,
        ].join("\n\n"),
        security: [],
        requestBody: form(
          {
            client_id: clientId,
            scope: { type: "string", description: "Space-separated scopes; omitted, all five." },
            device_label: {
              type: "string",
              maxLength: oauthLimits.deviceLabelMaxLength,
              description: "The computer's name, shown on /device and Connected apps.",
            },
          },
          ["client_id"],
        ),
        responses: {
          "200": {
            description: "A code pair.",
            headers: noStore,
            content: {
              "application/json": {
                schema: {
                  type: "object",
                  required: ["device_code", "user_code", "verification_uri", "verification_uri_complete", "expires_in", "interval"],
                  properties: {
                    device_code: { type: "string", example: "skdc_…" },
                    user_code: { type: "string", example: "BCDF-GHJK" },
                    verification_uri: { type: "string", example: "https://streamkit.example/device" },
                    verification_uri_complete: { type: "string", example: "https://streamkit.example/device?user_code=BCDF-GHJK" },
                    expires_in: { type: "integer", example: deviceFlowLimits.codeSeconds },
                    interval: { type: "integer", example: deviceFlowLimits.intervalSeconds },
                  },
                },
              },
            },
          },
          "400": oauthError("`invalid_request` (a parameter repeated, a device_label too long), `invalid_scope`."),
          "401": oauthError("`invalid_client`: no or an unknown `client_id`, or an Authorization header was sent."),
          "429": oauthError(`\`rate_limited\`: too many requests from this address; \`Retry-After\` says when to retry.`),
        },
      },
    },
    "/oauth/revoke": {
      servers,
      post: {
        operationId: "oauth-revoke",
        tags: ["Desktop app"],
        summary: "Sign the app out (RFC 7009)",
        description:
          "Send an access or a refresh token: its whole sign-in ends (every token of it stops working on the next request). An unknown token is answered 200 all the same, as RFC 7009 §2.2 asks.",
        security: [],
        requestBody: form({ token: { type: "string" }, client_id: clientId, token_type_hint: { type: "string", enum: ["access_token", "refresh_token"] } }, [
          "token",
          "client_id",
        ]),
        responses: {
          "200": { description: "Revoked (or never known). No body.", headers: noStore },
          "400": oauthError("`invalid_request`."),
          "401": oauthError("`invalid_client`: no or an unknown `client_id`, or an Authorization header was sent."),
          "429": oauthError(TOO_MANY),
        },
      },
    },
  };
}
