/**
 * The OpenAPI document of /api/v1, generated from the routers by
 * trpc-to-openapi and then corrected so it tells the truth about the wire:
 * the real success statuses, the error envelope of docs/api.md#errors for every error
 * this surface sends (and none it does not), the headers it sets, and the
 * security each operation really has.
 */
import {
  anonymousBrowsing,
  marketAnswers,
  type ErrorCode,
  errorEnvelopeSchema,
  errorStatus,
  httpLimits,
  oauthPaths,
  releaseArches,
  releaseChannelNames,
  releaseTargets,
  scopeDescriptions,
} from "@streamkit/api-contract";
import type { AnyRouter } from "@trpc/server";
import { isDeepStrictEqual } from "node:util";
import { assetServingPathItem, assetUploadOperation } from "../../assets";
import { oauthPathItems } from "../../oauth";
import { pluginMediaPathItems, pluginMediaRawOperations } from "../../plugins";
import { overlaySourcePathItems } from "../../overlays";
import { soundAudioPathItem } from "../../sounds";
import { analyticsCsvPathItem } from "../../plugins";
import { generateOpenApiDocument, type OpenAPIObject } from "trpc-to-openapi";
import { createSchema } from "zod-openapi";
import { planFor, plans } from "@streamkit/plans";
import type { Meta, RestMeta } from "../../shared/trpc";
import { apiDescription } from "./description";
import { errorExamples } from "./error-examples";

type Json = Record<string, unknown>;

const SAFE_INT = 9007199254740991;

export function buildOpenApiDocument(router: AnyRouter, options: { baseUrl: string; version: string }): OpenAPIObject {
  const document = generateOpenApiDocument(router, {
    title: "Streamkit API",
    version: options.version,
    baseUrl: `${options.baseUrl}/api/v1`,
    description: apiDescription,
    securitySchemes: {
      ApiKey: {
        type: "http",
        scheme: "bearer",
        description: "An API key, sent as `Authorization: Bearer <API_KEY>`.",
      },
    },
  });
  // The desktop app's access tokens (docs/desktop.md) are accepted wherever a key is, with the scopes the person allowed.
  (document.components!.securitySchemes as Json).DesktopApp = {
    type: "oauth2",
    description:
      "The desktop app's access token (`skat_…`), from the authorization code flow with PKCE (S256) for the public client `streamkit-desktop`; sent as `Authorization: Bearer <token>`. Metadata: `/.well-known/oauth-authorization-server`.",
    flows: {
      authorizationCode: {
        authorizationUrl: `${options.baseUrl}${oauthPaths.authorize}`,
        tokenUrl: `${options.baseUrl}${oauthPaths.token}`,
        refreshUrl: `${options.baseUrl}${oauthPaths.token}`,
        scopes: scopeDescriptions,
      },
    },
  };

  const metas = new Map<string, RestMeta>();
  for (const procedure of Object.values(router._def.procedures as Record<string, { _def: { meta?: Meta } }>)) {
    const openapi = procedure._def.meta?.openapi;
    if (openapi) metas.set(`${openapi.method.toLowerCase()} ${openapi.path}`, procedure._def.meta?.rest ?? {});
  }

  document.components ??= {};
  const components = document.components as Json & { schemas?: Json };
  components.schemas ??= {};
  const schemas = components.schemas;
  for (const name of Object.keys(schemas)) if (name.startsWith("error.")) delete schemas[name];
  addErrorComponents(schemas);
  delete (components.securitySchemes as Json | undefined)?.Authorization;

  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(item as Json)) {
      const meta = metas.get(`${method} ${path}`);
      if (!meta) continue;
      rewriteOperation(operation as Json, method, meta);
    }
  }
  addHeaderComponents(document);
  addRawOperations(document, options.baseUrl);
  stripSafeIntegerBounds(document);
  return document;
}

/**
 * The /api/v1 raw routes whose answer is not JSON (rest/raw.ts): described
 * here, beside the generated operations, so the document lists every path the
 * surface answers. Their behaviour is tested in the routes' own tests.
 */
function addRawOperations(document: OpenAPIObject, baseUrl: string): void {
  const headers = { "X-Request-Id": { $ref: "#/components/headers/X-Request-Id" } };
  document.paths ??= {};
  /** A still SVG drawn by the service's renderer, public, with an ETag and an hour of caching. */
  const previewImage = (operationId: string, tag: string, summary: string, drawn: string) => ({
    get: {
      operationId,
      tags: [tag],
      summary,
      description: `${drawn} No script, no outside loads (\`Content-Security-Policy: default-src 'none'\`). No key needed. \`Cache-Control: public, max-age=3600\`; an ETag, and If-None-Match → 304. Unknown slug: 404 not_found.`,
      parameters: [{ name: "slug", in: "path", required: true, schema: { type: "string", maxLength: 100 } }],
      security: [],
      responses: {
        "200": {
          description: "The image.",
          headers: { ...headers, ETag: { $ref: "#/components/headers/ETag" } },
          content: { "image/svg+xml": { schema: { type: "string" } } },
        },
        "304": { description: "Not modified: the ETag sent in If-None-Match is still current. No body.", headers },
        ...errorResponses(["not_found", "internal_error", "service_unavailable"], headers),
      },
    },
  });
  (document.paths as Json)["/catalog/overlays/{slug}/preview"] = previewImage(
    "catalog-overlayPreview",
    "Overlays",
    "A predefined overlay's preview image",
    "The overlay drawn by the service's renderer (the same one as the editor and the browser source) as a still SVG image, with sample values where the desktop app's plugins would fill in live ones.",
  );
  (document.paths as Json)["/market/{slug}/preview"] = previewImage(
    "market-preview",
    "Market",
    "A market item's preview image",
    "The widget or overlay drawn by the service's renderer as a still SVG image, with sample values where the desktop app's plugins would fill in live ones; a theme as a grid of its members, each drawn the same way.",
  );
  (document.paths as Json)["/sounds/{soundId}/audio"] = soundAudioPathItem(errorResponses);
  (document.paths as Json)["/plugins/{slug}/analytics.csv"] = analyticsCsvPathItem(errorResponses);
  // The upload's body is the picture's bytes: beside the generated GET /assets.
  (document.paths as Json)["/assets"] = { ...((document.paths as Json)["/assets"] as Json), post: assetUploadOperation(errorResponses) };
  (document.paths as Json)["/assets/{key}.{ext}"] = assetServingPathItem(baseUrl, errorResponses);
  Object.assign(document.paths as Json, pluginMediaPathItems(baseUrl, errorResponses, document.paths as Json));
  Object.assign(document.paths as Json, oauthPathItems(baseUrl));
  Object.assign(document.paths as Json, overlaySourcePathItems(baseUrl, errorResponses));
  // The desktop app's updater lives under /api, not /api/v1 (docs/api.md#operations): its own server entry.
  (document.paths as Json)["/app/update/{target}/{arch}/{current}"] = {
    servers: [{ url: `${baseUrl}/api`, description: "The desktop app's updater, outside /api/v1" }],
    get: {
      operationId: "app-update",
      tags: ["Desktop app"],
      summary: "The desktop app's update check (Tauri v2)",
      description: [
        "Tauri v2's dynamic update server contract: the app sends its platform and version; the answer is **204 No Content** (no body) when there is nothing to install, otherwise **200** with the update. Versions compare by SemVer precedence (a pre-release sorts below its release; build metadata is ignored). Withdrawn releases are never offered.",
        "**Channels**: `?channel=` (or `X-Streamkit-Channel`) names the channel the app follows, `stable` by default: stable installations are offered stable releases, beta ones beta and stable releases. An unknown channel is 400 `bad_request`.",
        "**Required updates**: below the platform's minimum version for its channels, the answer says `required: true` and ignores staged rollouts. **Rollback**: an installation on a version withdrawn with rollback is offered the previous good release, a lower `version`, with `rollback: true`; nobody else is ever offered a lower version (/docs/guides/desktop#rollback).",
        `A staged release (a rollout below 100 %) is offered to that share of installations, decided by a stable hash of the installation id the app sends in \`X-Streamkit-Installation\` and the version: the same installation always gets the same answer, and raising the percentage only adds installations. Without the header only full releases are offered.`,
        "No key needed. `Cache-Control: public, max-age=300`, `Vary: X-Streamkit-Installation, X-Streamkit-Channel`. Releases are published by the operator (/docs/guides/desktop#the-app-updater).",
      ].join("\n\n"),
      parameters: [
        { name: "target", in: "path", required: true, schema: { type: "string", enum: [...releaseTargets] } },
        { name: "arch", in: "path", required: true, schema: { type: "string", enum: [...releaseArches] } },
        {
          name: "current",
          in: "path",
          required: true,
          description: "The running app's SemVer version.",
          schema: { type: "string", maxLength: 256, example: "1.2.0" },
        },
        {
          name: "X-Streamkit-Installation",
          in: "header",
          required: false,
          description: "A stable id of this installation, for staged releases.",
          schema: { type: "string", maxLength: 200 },
        },
        {
          name: "channel",
          in: "query",
          required: false,
          description: "The update channel the app follows (default stable). Beta installations are offered beta and stable releases.",
          schema: { type: "string", enum: [...releaseChannelNames], default: "stable" },
        },
        {
          name: "X-Streamkit-Channel",
          in: "header",
          required: false,
          description: "The channel, for apps that cannot change their endpoint's URL; when sent with `?channel=`, both must agree.",
          schema: { type: "string", enum: [...releaseChannelNames] },
        },
      ],
      security: [],
      responses: {
        "200": {
          description: "A newer version: what Tauri's updater downloads, verifies with the signature and installs.",
          headers,
          content: {
            "application/json": {
              schema: {
                type: "object",
                required: ["version", "url", "signature", "notes", "pub_date", "channel", "required", "minimumVersion", "rollback"],
                properties: {
                  version: { type: "string", example: "1.3.0" },
                  url: { type: "string", format: "uri", description: "The artefact to download." },
                  signature: { type: "string", description: "The artefact's minisign signature (the content of its .sig file)." },
                  notes: { type: "string" },
                  pub_date: { type: "string", format: "date-time", description: "RFC 3339." },
                  channel: { type: "string", enum: [...releaseChannelNames], description: "The channel of the release offered." },
                  required: { type: "boolean", description: "The installation is below its minimum version: the update is required." },
                  minimumVersion: { type: ["string", "null"], description: "The minimum version that binds this installation, or null." },
                  rollback: { type: "boolean", description: "The installation runs a withdrawn version; `version` is lower and is to be installed." },
                },
              },
            },
          },
        },
        "204": { description: "Up to date: no newer version is offered to this installation. No body.", headers },
        ...errorResponses(["bad_request", "not_found", "internal_error", "service_unavailable"], headers),
      },
    },
  };
}

/** The raw routes addRawOperations describes, as "METHOD /path". */
export const documentedRawOperations = [
  "GET /catalog/overlays/{slug}/preview",
  "GET /market/{slug}/preview",
  "GET /sounds/{soundId}/audio",
  "GET /plugins/{slug}/analytics.csv",
  "POST /assets",
  "GET /assets/{key}.{ext}",
  "GET /app/update/{target}/{arch}/{current}",
  "GET /overlay-source/{token}",
  "GET /overlay-source/{token}/events",
  "GET /overlay-source/{token}/sounds/{soundId}",
  "POST /oauth/token",
  "POST /oauth/revoke",
  "POST /oauth/device_authorization",
  ...pluginMediaRawOperations,
];

/** The error answers for these codes, one per status, each in the envelope with an example per code. */
function errorResponses(codes: Iterable<ErrorCode>, headers: Json): Record<string, Json> {
  const responses: Record<string, Json> = {};
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) byStatus.set(errorStatus[code], [...(byStatus.get(errorStatus[code]) ?? []), code]);
  for (const [errorStatusCode, group] of [...byStatus].sort(([a], [b]) => a - b)) {
    const examples = Object.fromEntries(group.map((code) => [code, { value: errorExamples[code] }]));
    responses[String(errorStatusCode)] = {
      description: group.map((code) => `\`${code}\``).join(", "),
      headers: errorStatusCode === 429 || errorStatusCode === 503 ? { ...headers, "Retry-After": { $ref: "#/components/headers/Retry-After" } } : headers,
      content: { "application/json": { schema: { $ref: "#/components/schemas/Error" }, examples } },
    };
  }
  return responses;
}

/** The caching headers of an operation whose anonymous answers are public (RestMeta.memo "marketplace" or "market"). */
function publicCaching(meta: RestMeta): Json {
  if (meta.memo !== "marketplace" && meta.memo !== "market") return {};
  const maxAge = meta.memo === "market" ? marketAnswers.maxAgeSeconds : anonymousBrowsing.maxAgeSeconds;
  return {
    "Cache-Control": {
      description: `\`public, max-age=${maxAge}\` without credentials; \`no-store\` with a key or token.`,
      schema: { type: "string" },
    },
    Vary: { description: "`Authorization`: a shared cache must not hand an anonymous answer to a request with credentials.", schema: { type: "string" } },
  };
}

function rewriteOperation(operation: Json, method: string, meta: RestMeta): void {
  const responses = operation.responses as Record<string, Json>;
  const success = responses["200"]!;
  for (const status of Object.keys(responses)) delete responses[status];

  const auth = meta.auth ?? "optional";
  const headers: Json = { "X-Request-Id": { $ref: "#/components/headers/X-Request-Id" } };
  if (auth !== "none" || meta.addressLimited) Object.assign(headers, rateLimitHeaderRefs);

  const status = meta.successStatus ?? 200;
  if (status === 204) {
    responses["204"] = { description: "Done; no body.", headers };
  } else {
    const successHeaders = meta.etag ? { ...headers, ETag: { $ref: "#/components/headers/ETag" } } : headers;
    responses[String(status)] = { ...success, description: status === 201 ? "Created" : status === 202 ? "Accepted" : "OK", headers: successHeaders };
  }
  if (meta.etag) {
    responses["304"] = {
      description: "Not modified: the ETag sent in If-None-Match is still current. No body.",
      headers: { ...headers, ...publicCaching(meta) },
    };
  }
  // Anonymous browsing: its answers without credentials are public (rest/memo.ts); every answer varies by Authorization.
  if ((meta.memo === "marketplace" || meta.memo === "market") && responses["200"]) {
    const ok = responses["200"] as Json & { headers: Json };
    ok.headers = { ...ok.headers, ...publicCaching(meta) };
  }

  const codes = new Set<ErrorCode>(meta.errors ?? []);
  codes.add(method === "get" || method === "delete" ? "bad_request" : "validation_error");
  if (method === "post" || method === "put" || method === "patch") {
    for (const c of ["bad_request", "payload_too_large", "unsupported_media_type"] as const) codes.add(c);
  }
  if (auth === "optional") for (const c of ["invalid_token", "account_disabled", "rate_limited"] as const) codes.add(c);
  if (auth === "key") for (const c of ["unauthorized", "invalid_token", "account_disabled", "rate_limited"] as const) codes.add(c);
  if (meta.addressLimited) codes.add("rate_limited");
  if (meta.websiteOnly) codes.add("forbidden");
  if (meta.scope) codes.add("insufficient_scope");
  if (meta.entitlement) codes.add("plan_required");
  codes.add("internal_error");
  codes.add("service_unavailable");

  const requirements = [
    meta.scope ? `Scope \`${meta.scope}\`.` : null,
    meta.entitlement ? `Plan: ${plans[planFor(meta.entitlement)].title} or higher.` : null,
  ].filter(Boolean);
  if (requirements.length) operation.description = `${operation.description ?? ""}\n\n**Requires:** ${requirements.join(" ")}`.trim();

  Object.assign(responses, errorResponses(codes, headers));

  const credentials = [{ ApiKey: [] }, { DesktopApp: meta.scope ? [meta.scope] : [] }];
  if (auth === "none") operation.security = [];
  else if (auth === "optional") operation.security = [{}, ...credentials];
  else operation.security = credentials;

  for (const parameter of (operation.parameters ?? []) as Json[]) {
    const schema = parameter.schema as Json | undefined;
    if (schema?.description && !parameter.description) {
      parameter.description = schema.description;
      delete schema.description;
    }
  }

  if (method === "post" || method === "put" || method === "patch") {
    const body = operation.requestBody as Json | undefined;
    if (body) body.description = `JSON, at most ${httpLimits.maxBodyBytes} bytes.`;
  }
}

/**
 * The envelope carries `.meta({ id: "Error" })`, so createSchema answers only a
 * `$ref` to it as `.schema`; the envelope itself, and the Problem it uses, come
 * back in `.components`, a flat name → schema map. Those are what belong in the
 * document.
 */
function addErrorComponents(schemas: Json): void {
  const { components } = createSchema(errorEnvelopeSchema, { io: "output" });
  if (!components.Error?.properties?.error) throw new Error("zod-openapi did not produce the Error envelope as a component");
  for (const [name, schema] of Object.entries(components)) {
    if (name in schemas && !isDeepStrictEqual(schemas[name], schema)) {
      throw new Error(`OpenAPI component ${name} is defined twice, differently; give one of the zod schemas another id`);
    }
    schemas[name] = schema;
  }
}

const rateLimitHeaderRefs = {
  "X-RateLimit-Limit": { $ref: "#/components/headers/X-RateLimit-Limit" },
  "X-RateLimit-Remaining": { $ref: "#/components/headers/X-RateLimit-Remaining" },
  "X-RateLimit-Reset": { $ref: "#/components/headers/X-RateLimit-Reset" },
};

/** Shared header definitions, added once. */
function addHeaderComponents(document: OpenAPIObject): void {
  document.components ??= {};
  const components = document.components as Json;
  components.headers = {
    "X-Request-Id": { description: "Identifies this request in the service's logs; quote it when reporting a problem.", schema: { type: "string" } },
    "X-RateLimit-Limit": {
      description:
        "Requests allowed per window: on key-authenticated responses the account's limit, on responses to requests without credentials the client address's limit (the exchange-rate operations: their own per-address limit).",
      schema: { type: "integer" },
    },
    "X-RateLimit-Remaining": { description: "Requests left in the current window.", schema: { type: "integer" } },
    "X-RateLimit-Reset": { description: "Unix time in seconds when the window resets.", schema: { type: "integer" } },
    "Retry-After": { description: "Seconds to wait before retrying.", schema: { type: "integer" } },
    ETag: { description: "Entity tag of this response; send it back as If-None-Match.", schema: { type: "string" } },
  };
}

/** zod writes ±2^53-1 bounds on every integer; the wire never promises them. */
function stripSafeIntegerBounds(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) stripSafeIntegerBounds(item);
    return;
  }
  if (!node || typeof node !== "object") return;
  const record = node as Json;
  if (record.maximum === SAFE_INT) delete record.maximum;
  if (record.minimum === -SAFE_INT) delete record.minimum;
  Object.values(record).forEach(stripSafeIntegerBounds);
}
