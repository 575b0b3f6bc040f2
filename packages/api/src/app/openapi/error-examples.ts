import type { ErrorCode, ErrorEnvelope } from "@streamkit/api-contract";

/** One example body per error code, shown in the API reference. */
export const errorExamples: Record<ErrorCode, ErrorEnvelope> = {
  validation_error: {
    error: {
      code: "validation_error",
      message: "The request body failed validation — changelog: Invalid input: expected string, received undefined",
      details: [{ path: "changelog", message: "Invalid input: expected string, received undefined" }],
    },
  },
  bad_request: {
    error: {
      code: "bad_request",
      message: "Invalid query parameter — limit: Too big: expected number to be <=100",
      details: [{ path: "limit", message: "Too big: expected number to be <=100" }],
    },
  },
  invalid_package: {
    error: {
      code: "invalid_package",
      message: "The package has 1 problem: main.lua:3:5: 'end' expected near <eof>",
      details: [{ path: "main.lua:3:5", message: "'end' expected near <eof>" }],
    },
  },
  unauthorized: { error: { code: "unauthorized", message: "Send an API key as Authorization: Bearer <API_KEY>." } },
  invalid_token: { error: { code: "invalid_token", message: "The API key is unknown, revoked or expired." } },
  insufficient_scope: {
    error: { code: "insufficient_scope", message: "This API key lacks the plugins:write scope.", details: { requiredScope: "plugins:write" } },
  },
  plan_required: {
    error: { code: "plan_required", message: "This needs the Pro plan or higher.", details: { requiredPlan: "pro" } },
  },
  limit_reached: { error: { code: "limit_reached", message: "Your plan allows 25 overlays.", details: { limit: 25 } } },
  forbidden: { error: { code: "forbidden", message: "API keys cannot be used for this; use the website." } },
  purchase_required: {
    error: {
      code: "purchase_required",
      message: "Buy this plugin on the website to download it.",
      details: { price: { tier: "t2", INR: 99, USD: 2 }, buyUrl: "https://streamkit.example/plugins/song-requests/buy" },
    },
  },
  account_disabled: { error: { code: "account_disabled", message: "This account is suspended." } },
  not_found: { error: { code: "not_found", message: 'No plugin "nope" in the marketplace.' } },
  taken_down: {
    error: {
      code: "taken_down",
      message: "“Song Requests” was taken down by the marketplace's operators and cannot be downloaded; what you installed before stays yours.",
      details: { reason: "malware", takenDownAt: "2026-11-22T04:42:30.462Z" },
    },
  },
  conflict: { error: { code: "conflict", message: "The overlay changed since rev 4.", details: { currentRev: 5 } } },
  slug_taken: { error: { code: "slug_taken", message: 'Another publisher owns the plugin id "chat-commands".' } },
  version_exists: { error: { code: "version_exists", message: "Version 1.2.0 is not higher than the published 1.2.0." } },
  asset_in_use: {
    error: {
      code: "asset_in_use",
      message: 'The picture is drawn by the overlay "Starting soon"; remove it from that overlay (and publish) before deleting it.',
      details: { overlays: [{ overlayId: "5b0c3a52-3d8e-4f0e-9a51-2b7f8f1c6d20", name: "Starting soon" }] },
    },
  },
  payload_too_large: {
    error: { code: "payload_too_large", message: "The request body is larger than the limit of 2097152 bytes.", details: { limit: 2097152 } },
  },
  unsupported_media_type: {
    error: { code: "unsupported_media_type", message: "Send the body as JSON with Content-Type: application/json." },
  },
  range_not_satisfiable: {
    error: { code: "range_not_satisfiable", message: "The range bytes=90000- starts past the end of the audio (45044 bytes)." },
  },
  rate_limited: { error: { code: "rate_limited", message: "Too many requests; retry in 12 seconds." } },
  internal_error: {
    error: { code: "internal_error", message: "Something went wrong on our side. Quote the request id when you report it." },
  },
  service_unavailable: {
    error: { code: "service_unavailable", message: "The service is briefly unavailable; retry in 5 seconds." },
  },
};
