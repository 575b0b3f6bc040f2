/**
 * The OpenAPI description of the asset library's raw routes: the upload
 * (POST /assets, its body the picture's bytes, not JSON) and the serving of
 * pictures under /api (GET /api/assets/<sha256>.<ext>, with a server entry of
 * its own, as the OBS browser source's feed). The generator cannot describe
 * either; document.ts adds them beside the generated operations.
 */
import { assetContentTypes, assetLimits, assetSoundContentTypes, assetSoundTypes, assetTypes, type ErrorCode } from "@streamkit/api-contract";
import { plans } from "@streamkit/plans";
import { assetServingHeaders } from "./serve-route";

type Json = Record<string, unknown>;
type ErrorResponses = (codes: Iterable<ErrorCode>, headers: Json) => Record<string, Json>;

const MiB = 1024 * 1024;

export function assetUploadOperation(errorResponses: ErrorResponses): Json {
  const headers: Json = {
    "X-Request-Id": { $ref: "#/components/headers/X-Request-Id" },
    "X-RateLimit-Limit": { $ref: "#/components/headers/X-RateLimit-Limit" },
    "X-RateLimit-Remaining": { $ref: "#/components/headers/X-RateLimit-Remaining" },
    "X-RateLimit-Reset": { $ref: "#/components/headers/X-RateLimit-Reset" },
  };
  const storage = (["pro", "ultimate"] as const).map((plan) => `${plans[plan].title} ${plans[plan].entitlements.assetStorageBytes / MiB} MiB`).join(", ");
  return {
    operationId: "assets-upload",
    tags: ["Assets"],
    summary: "Upload a picture or a sound to your library",
    description: [
      `The picture's or sound's bytes are the body, with any Content-Type: the type — and so whether it is a picture or a sound — is decided from the bytes, never from the name or the declared type. Pictures: PNG, JPEG, WebP and GIF (animated GIF and WebP keep their frames). Sounds: ${assetSoundContentTypes.map((type) => `${type} (.${assetSoundTypes[type]})`).join(", ")}. SVG, MP4/AAC, WebM and every other type are 415 unsupported_media_type; bytes that are neither (or a damaged picture or sound) 400 bad_request.`,
      `Limits: at most ${assetLimits.maxUploadBytes} bytes (${assetLimits.maxUploadBytes / MiB} MiB; 413 payload_too_large, refused while reading); at most ${assetLimits.maxSide} pixels a side, ${assetLimits.maxPixels} pixels a frame, ${assetLimits.maxFrames} frames and ${assetLimits.maxTotalPixels} pixels in all frames (413 payload_too_large with the picture's width, height and frames in details); a sound at most ${assetLimits.maxSoundBytes} bytes (${assetLimits.maxSoundBytes / MiB} MiB; 413 payload_too_large with details.size and details.maxSoundBytes, once read).`,
      `A picture is re-encoded in its type: EXIF (with GPS), XMP and other metadata are dropped, the EXIF orientation is applied, colours become sRGB. A sound is stored as uploaded, an MP3 without its ID3 tags. What is stored (pictures and sounds together) counts against the plan's storage (${storage}; Free none): past it 403 limit_reached with details.limit, details.usedBytes and details.sizeBytes, decided by the database under concurrent uploads.`,
      "201 with the asset (and `Location`); its `url` serves the stored bytes. (/docs/guides/overlays#pictures-and-the-asset-library)",
      "**Requires:** Scope `inventory:write`. Plan: Pro or higher.",
    ].join("\n\n"),
    parameters: [
      {
        name: "name",
        in: "query",
        required: true,
        description: `The picture's or sound's name in the library, 1–${assetLimits.maxNameLength} characters (trimmed); any file name is only a name.`,
        schema: { type: "string", minLength: 1, maxLength: assetLimits.maxNameLength },
      },
    ],
    requestBody: {
      required: true,
      description: `The picture's or sound's bytes, at most ${assetLimits.maxUploadBytes} bytes (a sound ${assetLimits.maxSoundBytes}); any Content-Type.`,
      content: {
        "application/octet-stream": { schema: { type: "string", format: "binary" } },
        "image/*": { schema: { type: "string", format: "binary" } },
        "audio/*": { schema: { type: "string", format: "binary" } },
      },
    },
    security: [{ ApiKey: [] }, { DesktopApp: ["inventory:write"] }],
    responses: {
      "201": {
        description: "Created",
        headers: { ...headers, Location: { description: "`/api/v1/assets/<id>`.", schema: { type: "string" } } },
        content: { "application/json": { schema: { $ref: "#/components/schemas/Asset" } } },
      },
      ...errorResponses(
        [
          "bad_request",
          "unauthorized",
          "invalid_token",
          "insufficient_scope",
          "plan_required",
          "limit_reached",
          "account_disabled",
          "payload_too_large",
          "unsupported_media_type",
          "rate_limited",
          "internal_error",
          "service_unavailable",
        ],
        headers,
      ),
    },
  };
}

export function assetServingPathItem(baseUrl: string, errorResponses: ErrorResponses): Json {
  const headers: Json = { "X-Request-Id": { $ref: "#/components/headers/X-Request-Id" } };
  const served: Json = {
    ...headers,
    ETag: { description: "Strong: the content's SHA-256 in hex, quoted.", schema: { type: "string" } },
    "Cache-Control": { description: `\`${assetServingHeaders["cache-control"]}\`: the address names the content.`, schema: { type: "string" } },
    "Content-Security-Policy": {
      description: `\`${assetServingHeaders["content-security-policy"]}\`: nothing in the answer can run.`,
      schema: { type: "string" },
    },
    "Cross-Origin-Resource-Policy": {
      description: `\`${assetServingHeaders["cross-origin-resource-policy"]}\`: only the site's own pages embed it.`,
      schema: { type: "string" },
    },
  };
  return {
    servers: [{ url: `${baseUrl}/api`, description: "The asset library's pictures and sounds, outside /api/v1" }],
    get: {
      operationId: "assets-serve",
      tags: ["Assets"],
      summary: "A picture or sound of an asset library",
      description: `The stored bytes (a picture re-encoded, a sound as uploaded) with the type the extension names (${assetContentTypes.map((type) => `\`.${assetTypes[type]}\` ${type}`).join(", ")}). No key: the address is an asset's \`url\`, its content's SHA-256. Answered only while some asset holds that content in that type; otherwise 404 not_found. \`X-Content-Type-Options: nosniff\`; If-None-Match → 304. HEAD answers the headers alone. No Range here: the OBS source plays an alert's sound from its token's route, which answers ranges.`,
      parameters: [
        {
          name: "key",
          in: "path",
          required: true,
          description: "The content's SHA-256, 64 lower-case hex digits.",
          schema: { type: "string", pattern: "^[0-9a-f]{64}$" },
        },
        { name: "ext", in: "path", required: true, schema: { type: "string", enum: Object.values(assetTypes) } },
        { name: "If-None-Match", in: "header", required: false, schema: { type: "string" } },
      ],
      security: [],
      responses: {
        "200": {
          description: "The picture or sound.",
          headers: { ...served, "Content-Length": { schema: { type: "integer" } } },
          content: Object.fromEntries(assetContentTypes.map((type) => [type, { schema: { type: "string", format: "binary" } }])),
        },
        "304": { description: "Not modified. No body.", headers: served },
        ...errorResponses(["not_found", "internal_error", "service_unavailable"], headers),
      },
    },
  };
}
