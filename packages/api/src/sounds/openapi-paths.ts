/**
 * The OpenAPI description of GET /sounds/{soundId}/audio, a raw route of the
 * REST core (sounds/audio-route.ts): its answers are bytes, not JSON, so the
 * generator cannot describe it; document.ts adds this beside the generated
 * operations.
 */
import { type ErrorCode, soundFormats, soundLimits } from "@streamkit/api-contract";

type Json = Record<string, unknown>;

export function soundAudioPathItem(errorResponses: (codes: Iterable<ErrorCode>, headers: Json) => Record<string, Json>): Json {
  const headers: Json = {
    "X-Request-Id": { $ref: "#/components/headers/X-Request-Id" },
    "X-RateLimit-Limit": { $ref: "#/components/headers/X-RateLimit-Limit" },
    "X-RateLimit-Remaining": { $ref: "#/components/headers/X-RateLimit-Remaining" },
    "X-RateLimit-Reset": { $ref: "#/components/headers/X-RateLimit-Reset" },
  };
  const cacheControl = `private, max-age=${soundLimits.audioMaxAgeSeconds}, immutable`;
  const bytesHeaders: Json = {
    ...headers,
    ETag: { description: "Strong: the audio's SHA-256 in hex, quoted. Send it as If-None-Match (304) or If-Range.", schema: { type: "string" } },
    "Accept-Ranges": { description: "Always `bytes`.", schema: { type: "string", enum: ["bytes"] } },
    "Cache-Control": { description: `\`${cacheControl}\`: the bytes of an id never change; private, since they need credentials.`, schema: { type: "string" } },
    "Content-Length": { schema: { type: "integer" } },
  };
  const content = Object.fromEntries(soundFormats.map((type) => [type, { schema: { type: "string", format: "binary" } }]));
  return {
    get: {
      operationId: "sounds-audio",
      tags: ["Sounds"],
      summary: "A sound's audio",
      description: [
        "The audio's bytes with its real media type (the sound's `format`), streamed. **Range** (RFC 9110): one range in bytes — `bytes=0-99`, `bytes=100-` or a suffix `bytes=-500` — is answered 206 with `Content-Range`; a range that starts past the end (or `bytes=-0`) is 416 `range_not_satisfiable` with `Content-Range: bytes */<size>`; several ranges, another unit or an invalid Range are answered whole (200).",
        "**Caching**: a strong ETag (the SHA-256 of the bytes); If-None-Match → 304 (checked before Range); If-Range with the current ETag keeps the Range, anything else (another or a weak tag, a date) gets the whole audio. `Cache-Control: " +
          cacheControl +
          "`. HEAD answers the same headers without a body. An unknown or malformed id is 404 not_found.",
        "**Requires:** Scope `sounds:read`.",
      ].join("\n\n"),
      parameters: [
        { name: "soundId", in: "path", required: true, schema: { type: "string", format: "uuid" } },
        { name: "Range", in: "header", required: false, schema: { type: "string", example: "bytes=0-99" } },
        { name: "If-None-Match", in: "header", required: false, schema: { type: "string" } },
        { name: "If-Range", in: "header", required: false, schema: { type: "string" } },
      ],
      security: [{ ApiKey: [] }, { DesktopApp: ["sounds:read"] }],
      responses: {
        "200": { description: "The whole audio.", headers: bytesHeaders, content },
        "206": {
          description: "One range of the audio.",
          headers: { ...bytesHeaders, "Content-Range": { description: "`bytes <first>-<last>/<size>`.", schema: { type: "string" } } },
          content,
        },
        "304": { description: "Not modified: the ETag sent in If-None-Match is current. No body.", headers: { ...headers, ETag: bytesHeaders.ETag } },
        ...errorResponses(
          [
            "bad_request",
            "unauthorized",
            "invalid_token",
            "insufficient_scope",
            "account_disabled",
            "not_found",
            "range_not_satisfiable",
            "rate_limited",
            "internal_error",
            "service_unavailable",
          ],
          headers,
        ),
      },
    },
  };
}
