/**
 * The OpenAPI description of a plugin's icon and screenshot uploads (their body the picture's bytes, not JSON) and of
 * the pictures served under /api (docs/plugins.md#icons-and-screenshots). The generator cannot describe raw routes;
 * document.ts adds these beside the generated operations.
 */
import { assetPictureTypes, type ErrorCode, pluginMediaLimits } from "@streamkit/api-contract";
import { pluginMediaHeaders } from "./routes";

type Json = Record<string, unknown>;
type ErrorResponses = (codes: Iterable<ErrorCode>, headers: Json) => Record<string, Json>;

const MiB = 1024 * 1024;
const guide = "(/docs/guides/plugins#icons-and-screenshots)";
const types = "PNG, JPEG, WebP or GIF (an animated GIF or WebP keeps its frames)";
const bounds = (role: "icon" | "screenshot") => {
  const b = pluginMediaLimits[role];
  return `at most ${b.maxSide} pixels a side, ${b.maxPixels} pixels a frame, ${b.maxFrames} frames and ${b.maxTotalPixels} pixels in all frames (413 payload_too_large with the picture's width, height and frames in details)`;
};
const common = [
  `The type is decided from the bytes, never the name or the declared Content-Type: SVG and every other type are 415 unsupported_media_type (\`details\` \`{ type, accepted }\`); bytes that are no picture, or a damaged one, 400 bad_request.`,
  "The picture is re-encoded in its type: EXIF (with GPS), XMP and other metadata are dropped, the EXIF orientation is applied, colours become sRGB; its width and height are read from it.",
  `What is stored counts against the account's storage for plugin pictures, ${pluginMediaLimits.storageBytesPerAccount / MiB} MiB over all its plugins: past it 403 limit_reached with details.limit, details.usedBytes and details.sizeBytes, decided by the database under concurrent uploads. Another account's plugin, or an unknown one: 404 not_found, before the body is read.`,
];

const rateHeaders: Json = {
  "X-Request-Id": { $ref: "#/components/headers/X-Request-Id" },
  "X-RateLimit-Limit": { $ref: "#/components/headers/X-RateLimit-Limit" },
  "X-RateLimit-Remaining": { $ref: "#/components/headers/X-RateLimit-Remaining" },
  "X-RateLimit-Reset": { $ref: "#/components/headers/X-RateLimit-Reset" },
};
const slugParameter = { name: "slug", in: "path", required: true, schema: { type: "string", maxLength: 100 } };
const uploadErrors: ErrorCode[] = [
  "bad_request",
  "unauthorized",
  "invalid_token",
  "insufficient_scope",
  "limit_reached",
  "account_disabled",
  "not_found",
  "payload_too_large",
  "unsupported_media_type",
  "rate_limited",
  "internal_error",
  "service_unavailable",
];
const body = (maxBytes: number) => ({
  required: true,
  description: `The picture's bytes, at most ${maxBytes} bytes (${maxBytes / MiB} MiB; 413 payload_too_large, refused while reading); any Content-Type.`,
  content: {
    "application/octet-stream": { schema: { type: "string", format: "binary" } },
    "image/*": { schema: { type: "string", format: "binary" } },
  },
});
const security = [{ ApiKey: [] }, { DesktopApp: ["plugins:write"] }];

export function pluginMediaPathItems(baseUrl: string, errorResponses: ErrorResponses, generated: Json): Json {
  const iconUpload = {
    operationId: "plugins-uploadIcon",
    tags: ["Plugins"],
    summary: "Upload your plugin's icon",
    description: [
      `The icon's bytes are the body: ${types}, ${bounds("icon")}. It replaces the icon there was.`,
      ...common,
      `200 \`{ icon: { url, width, height }, iconGenerated: false }\`, as listings show it from now on. ${guide}`,
      "**Requires:** Scope `plugins:write`.",
    ].join("\n\n"),
    parameters: [slugParameter],
    requestBody: body(pluginMediaLimits.maxIconBytes),
    security,
    responses: {
      "200": {
        description: "The icon.",
        headers: rateHeaders,
        content: {
          "application/json": {
            schema: {
              type: "object",
              required: ["icon", "iconGenerated"],
              properties: { icon: { $ref: "#/components/schemas/PluginIcon" }, iconGenerated: { type: "boolean" } },
            },
          },
        },
      },
      ...errorResponses(uploadErrors, rateHeaders),
    },
  };
  const screenshotUpload = {
    operationId: "plugins-uploadScreenshot",
    tags: ["Plugins"],
    summary: "Add a screenshot to your plugin",
    description: [
      `The screenshot's bytes are the body: ${types}, ${bounds("screenshot")}; \`?alt=\` its alt text (optional, at most ${pluginMediaLimits.maxAltLength} characters, 400 bad_request beyond). It goes last.`,
      `At most ${pluginMediaLimits.maxScreenshots} screenshots a plugin: the next is 403 limit_reached with details.limit and details.screenshots; of concurrent uploads exactly as many as fit succeed.`,
      ...common,
      `201 the screenshot \`{ id, url, width, height, alt }\`, \`Location\` naming it. ${guide}`,
      "**Requires:** Scope `plugins:write`.",
    ].join("\n\n"),
    parameters: [slugParameter, { name: "alt", in: "query", required: false, schema: { type: "string", maxLength: pluginMediaLimits.maxAltLength } }],
    requestBody: body(pluginMediaLimits.maxScreenshotBytes),
    security,
    responses: {
      "201": {
        description: "Created",
        headers: { ...rateHeaders, Location: { description: "`/api/v1/plugins/<slug>/screenshots/<id>`.", schema: { type: "string" } } },
        content: { "application/json": { schema: { $ref: "#/components/schemas/PluginScreenshot" } } },
      },
      ...errorResponses(uploadErrors, rateHeaders),
    },
  };

  const headers: Json = { "X-Request-Id": { $ref: "#/components/headers/X-Request-Id" } };
  const servers = [{ url: `${baseUrl}/api`, description: "Plugins' pictures, outside /api/v1" }];
  const picture = (operationId: string, summary: string, description: string, parameters: Json[], content: Record<string, Json>) => ({
    servers,
    get: {
      operationId,
      tags: ["Plugins"],
      summary,
      description: `${description} No key. \`Content-Security-Policy\` lets nothing in it run; \`X-Content-Type-Options: nosniff\`; an ETag, and If-None-Match → 304. ${guide}`,
      parameters: [...parameters, { name: "If-None-Match", in: "header", required: false, schema: { type: "string" } }],
      security: [],
      responses: {
        "200": { description: "The picture.", headers: { ...headers, ETag: { $ref: "#/components/headers/ETag" } }, content },
        "304": { description: "Not modified. No body.", headers },
        ...errorResponses(["not_found", "internal_error", "service_unavailable"], headers),
      },
    },
  });
  const binary = { schema: { type: "string", format: "binary" } };
  return {
    "/plugins/{slug}/icon": { ...((generated["/plugins/{slug}/icon"] as Json | undefined) ?? {}), put: iconUpload },
    "/plugins/{slug}/screenshots": { post: screenshotUpload },
    "/plugin-media/{key}.{ext}": picture(
      "plugins-media",
      "A plugin's icon or screenshot",
      `The stored, re-encoded picture, a listing's \`icon.url\` or a screenshot's \`url\`: \`${pluginMediaHeaders["cache-control"]}\` (the address is the content's SHA-256), \`Cross-Origin-Resource-Policy: cross-origin\`. Answered while a plugin that is not taken down holds it; otherwise 404 not_found.`,
      [
        { name: "key", in: "path", required: true, schema: { type: "string", pattern: "^[0-9a-f]{64}$" } },
        { name: "ext", in: "path", required: true, schema: { type: "string", enum: Object.values(assetPictureTypes) } },
      ],
      Object.fromEntries(Object.keys(assetPictureTypes).map((type) => [type, binary])),
    ),
    "/plugin-media/generated/{slug}.svg": picture(
      "plugins-generatedIcon",
      "The generated icon of a slug",
      "The icon of a plugin without one (`iconGenerated`): the slug's initials on a colour from a hash of it, the same for the same slug, as SVG with no script, link or outside load. Any valid plugin id answers (nothing is looked up); another name is 404 not_found. `Cache-Control: public, max-age=86400`.",
      [slugParameter],
      { "image/svg+xml": { schema: { type: "string" } } },
    ),
    "/plugin-media/social/{slug}.png": picture(
      "plugins-socialImage",
      "A plugin's social preview image",
      `A ${pluginMediaLimits.social.width}×${pluginMediaLimits.social.height} PNG of the plugin's icon, name, description, publisher and version, for og:image and twitter:image (the plugin page's meta carries its address, with a \`v\` that changes with it). A plugin not in the marketplace: 404 not_found. \`Cache-Control: public, max-age=3600\`.`,
      [slugParameter],
      { "image/png": binary },
    ),
  };
}

/** The operations pluginMediaPathItems describes, as "METHOD /path". */
export const pluginMediaRawOperations = [
  "PUT /plugins/{slug}/icon",
  "POST /plugins/{slug}/screenshots",
  "GET /plugin-media/{key}.{ext}",
  "GET /plugin-media/generated/{slug}.svg",
  "GET /plugin-media/social/{slug}.png",
];
