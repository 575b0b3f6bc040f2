import {
  availabilityLimits,
  desktopClient,
  deviceCodeGrantType,
  deviceFlowLimits,
  httpLimits,
  httpTimeouts,
  oauthLimits,
  oauthPaths,
  pluginPaging,
  rateLimits,
  scopes,
  windowName,
} from "@streamkit/api-contract";
import { commerce, planPrices, plans, subscriptionRules } from "@streamkit/plans";

/**
 * The conventions of the whole surface, rendered at the top of /docs. Every
 * decision the specification leaves open ("not shown") is stated here or on
 * the operation it concerns.
 */
export const apiDescription = `
The REST API of the Streamkit plugin marketplace, overlays and exchange rates. Every path starts with \`/api/v1\`.
Guides beside this reference (conventions, limits, plugins, payments, overlays, the desktop app): [/docs/guides](/docs/guides).

## Conventions
- Bodies and responses are JSON. Writes (POST, PUT, PATCH) need \`Content-Type: application/json\` (415 \`unsupported_media_type\` otherwise) and a body of at most ${httpLimits.maxBodyBytes} bytes (2 MiB), chunked or not (413 \`payload_too_large\`). A body that is not valid UTF-8 JSON is 400 \`bad_request\`.
- Timestamps are ISO 8601 in UTC with milliseconds, e.g. \`2026-11-22T04:42:30.462Z\`.
- Money in listings is whole rupees (INR) and dollars (USD) per price tier.
- Every response carries \`X-Request-Id\`; quote it when reporting a problem.
- Every response carries \`X-Content-Type-Options: nosniff\`.
- Connections: a request's headers must arrive within ${httpTimeouts.headersMs / 1000} s and the whole request, body included, within ${httpTimeouts.requestMs / 1000} s (the server's defaults); a slower request is answered 400 \`bad_request\` and its connection closed; a connection on which nothing of a request arrived in that time is closed without an answer. An idle kept-alive connection is closed after ${httpTimeouts.keepAliveMs / 1000} s. An error answered before the body was read (401, 413, …) keeps the connection when at most ${httpLimits.maxDrainBytes / 1024} KiB of body were declared (the rest is read and dropped), and otherwise says \`Connection: close\`: send the next request on a new connection.
- A request that is not well-formed HTTP is 400 \`bad_request\` in the error envelope: a request target other than a path (\`*\`, an absolute URL), a missing, repeated or invalid \`Host\` header, \`CONNECT\`.

## Errors
Every error is \`{ "error": { "code", "message", "details"? } }\`. \`code\` is stable and meant for programs; \`message\` is for humans and may change.
- Invalid query parameters are 400 \`bad_request\`, and an invalid body is 400 \`validation_error\`; both list each problem in \`details\` as \`{ path, message }\`.
- An unknown path or method is 404 \`not_found\`.
- 500 \`internal_error\` never carries internals; the cause is logged under the request id.
- 503 \`service_unavailable\`, with \`Retry-After: ${availabilityLimits.retryAfterSeconds}\` (seconds): the database (or, where a deployment counts rate limits in Redis, that Redis) is down, restarting, unreachable or too slow, so the request was not served — it failed fast rather than waiting. Retry after that many seconds; a write answered 503 may or may not have been applied, so retry it only when doing it twice is harmless, or check first. Any operation may answer it.

## Authentication
Send an API key as \`Authorization: Bearer <API_KEY>\`. Keys are created on the website (Account → API keys) with any of the scopes ${scopes.map((s) => `\`${s}\``).join(", ")} and an optional expiry; a key is shown once. Format: \`skit_\` followed by 38 base62 characters (32 random, then a CRC32 checksum), so leaked keys are easy to scan for and mistyped ones are refused before any lookup; only a SHA-256 of the key is stored.
- No credentials on a protected operation: 401 \`unauthorized\` (with \`WWW-Authenticate: Bearer\`). An unknown, revoked, expired or malformed key: 401 \`invalid_token\` (one answer for all four). A key sent to a public operation must be valid too.
- Missing scope: 403 \`insufficient_scope\` with \`details.requiredScope\`. Plan too low: 403 \`plan_required\` with \`details.requiredPlan\`. Suspended account: 403 \`account_disabled\`. A website-only operation (API keys, checkout): 403 \`forbidden\`.
- Other accounts' resources answer 404 \`not_found\`; pricing another author's plugin is 403 \`forbidden\`.
- The plan is read on every request: a plan change applies to the next request.

## Desktop sign-in
The desktop app signs in with OAuth 2.0's authorization code flow and PKCE (RFC 6749, 7636, 8252), as the public client \`${desktopClient.id}\` (no secret). Metadata (RFC 8414): \`${oauthPaths.metadata}\`.
- Open \`${oauthPaths.authorize}\` in the browser with \`response_type=code\`, \`client_id\`, \`redirect_uri\`, \`scope\` (any of the five; omitted: all), \`state\`, \`code_challenge\` and \`code_challenge_method=S256\` (\`plain\` and a challenge without a method are refused), and optionally \`device_label\` (at most ${oauthLimits.deviceLabelMaxLength} characters, shown on the account's connected apps). Redirect URIs: \`http://127.0.0.1:{port}/callback\` and \`http://[::1]:{port}/callback\` with any port 1–65535 (no leading zeros), and the deep link \`streamkit://auth/callback\`, which the site opens from its "return to Streamkit" page. The answer carries \`code\`, \`state\` and \`iss\` (RFC 9207), or \`error\`, \`state\` and \`iss\`.
- Exchange the code (single use, ${oauthLimits.codeSeconds} s, bound to the challenge and the exact redirect_uri) at \`POST ${oauthPaths.token}\`; refresh there too. Access tokens (\`skat_…\`) last ${oauthLimits.accessTokenSeconds / 60} minutes; refresh tokens (\`skrt_…\`) rotate on every use and expire after ${oauthLimits.refreshIdleSeconds / 86_400} days unused; a used refresh token presented again ends the whole sign-in. Revoke with \`POST ${oauthPaths.revoke}\`.
- Without a browser on the same computer, the device authorization grant (RFC 8628): \`POST ${oauthPaths.deviceAuthorization}\` with \`client_id\`, optionally \`scope\` and \`device_label\`, answers a \`device_code\` and an 8-letter \`user_code\` (XXXX-XXXX) to type at \`${oauthPaths.device}\` (${deviceFlowLimits.codeSeconds / 60} minutes); poll \`POST ${oauthPaths.token}\` with \`grant_type=${deviceCodeGrantType}\` every \`interval\` seconds: \`authorization_pending\`, \`slow_down\` (the interval grows by ${deviceFlowLimits.slowDownSeconds} s), \`access_denied\`, \`expired_token\`, or the same tokens as the code flow, once.
- These endpoints answer errors in RFC 6749's format, \`{ "error", "error_description" }\`, not the envelope above: the one exception.
- Send the access token as \`Authorization: Bearer <token>\` wherever an API key is accepted, with the scopes the person allowed (security scheme \`DesktopApp\`): the same answers as a key's (401 \`invalid_token\` for an expired, revoked or malformed token, 403 \`insufficient_scope\`, 403 \`forbidden\` on website-only operations), counted against the app's own per-account limit (the server's \`APP_RATE_LIMIT_PER_MINUTE\`, 120 a minute unless set), not the plan's, with the same \`X-RateLimit-*\` headers.

## Limits
- ${plans.free.entitlements.apiRequestsPerMinute} key-authenticated requests per ${windowName(rateLimits.api.windowSeconds)} per account (\`plan.entitlements.apiRequestsPerMinute\` of GET /me), shared by all of its keys, in fixed one-${windowName(rateLimits.api.windowSeconds)} windows. Every key-authenticated response carries \`X-RateLimit-Limit\`, \`X-RateLimit-Remaining\` and \`X-RateLimit-Reset\` (Unix seconds), errors included; beyond the limit, 429 \`rate_limited\` with \`Retry-After\` in seconds.
- At most ${rateLimits.publish.limit} successful publishes per ${windowName(rateLimits.publish.windowSeconds)} per account (POST /plugins).
- The exchange-rate operations: ${rateLimits.fxAddress.limit} requests per ${windowName(rateLimits.fxAddress.windowSeconds)} per client address.
- Requests without credentials, or with refused ones, to every other operation (browsing \`GET /plugins\` and \`GET /plugins/{slug}\`, and the 401s of protected operations; not this document): ${rateLimits.anonymous.limit} per ${windowName(rateLimits.anonymous.windowSeconds)} per client address, in fixed one-${windowName(rateLimits.anonymous.windowSeconds)} windows counted by each server process, with the same \`X-RateLimit-*\` headers and 429 \`rate_limited\` with \`Retry-After\` beyond. Send an API key to be counted per account instead.

## Paid plugins
Purchases happen on the website only. A buyer pays the INR amount of the tier in India and the USD amount elsewhere; amounts of purchases, sales, earnings and payouts are integers in paise or cents. Authors get ${commerce.authorShareBasisPoints / 100} % of each sale (rounded down); a sale is held for the ${commerce.refundWindowDays}-day refund window, then payable, and paid out once payable reaches ₹${commerce.payoutMinimum.INR / 100} or $${commerce.payoutMinimum.USD / 100}.

## Subscriptions
Pro and Ultimate are bought on the website: monthly or yearly, in INR in India and USD elsewhere (Pro ₹${planPrices.pro.month.INR / 100} or $${planPrices.pro.month.USD / 100} a month, Ultimate ₹${planPrices.ultimate.month.INR / 100} or $${planPrices.ultimate.month.USD / 100}; a year costs ten months). The plan in force is the highest of the account's base plan, its subscription and a complimentary plan from the operator, computed on every request: a cancelled subscription keeps its plan until the paid period ends; a renewal that cannot be charged keeps it for a ${subscriptionRules.graceDays}-day grace period, then the account is on its base plan (Free); Pro → Ultimate applies at once and charges the difference for the rest of the period, Ultimate → Pro at the period's end. What a lower plan no longer allows stays stored and locked. The subscription operations are website only: a script reads its plan from \`GET /me\`.

## Paging
\`GET /plugins\` pages with an opaque keyset cursor: pass the \`next\` of one page as \`cursor\` to get the following one; \`next\` is null on the last page. \`limit\` is 1 to ${pluginPaging.maxLimit} (default ${pluginPaging.defaultLimit}); \`q\` searches name, slug, description and publisher name. Order: the service's own plugins first, then downloads descending, then listing id descending, so the order is total and pages never overlap.
`.trim();
