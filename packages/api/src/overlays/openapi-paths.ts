/**
 * The OpenAPI description of the OBS browser source's feed, event stream and alert sounds
 * (raw-routes.ts, source-events.ts, source-sound-route.ts): they live under /api, not /api/v1, and
 * answer without a key (the token in the path is the secret), so the
 * generator cannot describe them; document.ts adds them beside the generated
 * operations, with a server entry of their own.
 */
import { type ErrorCode, soundFormats, soundLimits } from "@streamkit/api-contract";
import { SOURCE_EVENTS } from "./source-events";

type Json = Record<string, unknown>;

const token = {
  name: "token",
  in: "path",
  required: true,
  description: "The secret part of the overlay's browser-source address (`item.browserSource.token`).",
  schema: { type: "string", maxLength: 200 },
};

const frameSchema = {
  type: "object",
  required: ["rev", "locked", "width", "height", "svg"],
  properties: {
    rev: { type: "integer", description: "The live rev (the overlay's liveRev) this drawing is of." },
    locked: { type: "boolean", description: "The account's plan no longer covers the overlay, or it is suspended: nothing is shown (`svg` is empty)." },
    width: { type: "integer", description: "The canvas's width in pixels." },
    height: { type: "integer", description: "The canvas's height in pixels." },
    svg: { type: "string", description: "The overlay drawn by the service's renderer, plugin values blank." },
  },
};

export function overlaySourcePathItems(
  baseUrl: string,
  errorResponses: (codes: Iterable<ErrorCode>, headers: Json) => Record<string, Json>,
): Record<string, Json> {
  const headers: Json = { "X-Request-Id": { $ref: "#/components/headers/X-Request-Id" } };
  const servers = [{ url: `${baseUrl}/api`, description: "The OBS browser source, outside /api/v1" }];
  const notFound = errorResponses(["not_found", "internal_error", "service_unavailable"], headers);
  return {
    "/overlay-source/{token}": {
      servers,
      get: {
        operationId: "overlaySource-feed",
        tags: ["Overlays"],
        summary: "What an overlay's OBS browser source shows (poll)",
        description:
          'The live revision\'s drawing, for pages that cannot hold the event stream below. An `ETag` of the frame (`"<rev>.open"` or `"<rev>.locked"`); If-None-Match → 304 while nothing changed. `Cache-Control: no-cache`. No key: the token is the secret. An unknown or revoked address is 404 not_found. (/docs/guides/overlays#the-obs-browser-source)',
        parameters: [token, { name: "If-None-Match", in: "header", required: false, schema: { type: "string" } }],
        security: [],
        responses: {
          "200": {
            description: "The frame.",
            headers: { ...headers, ETag: { $ref: "#/components/headers/ETag" } },
            content: { "application/json": { schema: frameSchema } },
          },
          "304": { description: "Not modified. No body.", headers },
          ...notFound,
        },
      },
    },
    "/overlay-source/{token}/events": {
      servers,
      get: {
        operationId: "overlaySource-events",
        tags: ["Overlays"],
        summary: "An overlay's OBS browser source, pushed (server-sent events)",
        description: [
          "A `text/event-stream` (`Cache-Control: no-store`) that stays open: what the OBS page follows. No key: the token is the secret. An unknown or revoked address is 404 not_found in the error envelope.",
          `- \`retry: ${SOURCE_EVENTS.retryMs}\` first: the reconnection delay advised to EventSource.`,
          "- **Frames**: unnamed events (`message`), `id` the live rev (`<rev>.locked` for a locked overlay's blank frame), `data` the feed's JSON on one line (the 200 schema of GET /overlay-source/{token}). The current frame on connect unless `Last-Event-ID` names it already, then each change as it happens: a live save, a publish, a lock or its end. A draft sends nothing.",
          "- **`event: alert`**, without an `id` (Last-Event-ID keeps naming the frame): a test alert (POST /api/v1/overlays/{overlayId}/test-alerts), `data` `{ id, type, values, durationMs, rev, width, height, sound, svg }`: show `svg` for `durationMs`, then the frame again; `sound` (`{ id, kind, volume }` or null; `kind` is `catalogue` or `asset`, an uploaded sound) is the alert sound to play, from GET /overlay-source/{token}/sounds/{id} at `volume` (0–1). A locked source gets none; alerts are not replayed on reconnection.",
          "- **`event: revoked`** (the address was revoked or renewed) and **`event: deleted`** (the overlay is gone), `data: {}`, then the stream ends.",
          `- A comment (\`: heartbeat\`) every ${SOURCE_EVENTS.heartbeatMs / 1000} s keeps proxies from closing it. A client that reads nothing while ${SOURCE_EVENTS.maxBufferedBytes / 1024 / 1024} MiB wait for it is cut; it reconnects.`,
          "(/docs/guides/overlays#the-obs-browser-source, /docs/guides/overlays#test-alerts)",
        ].join("\n"),
        parameters: [
          token,
          {
            name: "Last-Event-ID",
            in: "header",
            required: false,
            description: "The last frame's id seen (EventSource sends it when it reconnects).",
            schema: { type: "string" },
          },
        ],
        security: [],
        responses: {
          "200": {
            description: "The event stream, open until the address or the overlay goes away or the server shuts down.",
            headers,
            content: {
              "text/event-stream": {
                schema: { type: "string" },
                example: `retry: ${SOURCE_EVENTS.retryMs}\n\nid: 7\ndata: {"rev":7,"locked":false,"width":1920,"height":1080,"svg":"<svg …>"}\n\n`,
              },
            },
          },
          ...notFound,
        },
      },
    },
    "/overlay-source/{token}/sounds/{soundId}": {
      servers,
      get: {
        operationId: "overlaySource-sound",
        tags: ["Overlays"],
        summary: "An alert sound for an overlay's OBS browser source",
        description:
          "An alert sound's audio for the source's alerts (the `sound` of an `alert` event): a catalogue sound, or one of the overlay owner's uploaded sounds (by its asset id). Answered as GET /api/v1/sounds/{soundId}/audio answers (one byte range → 206, 416, a strong ETag with If-None-Match → 304 and If-Range, `Cache-Control: private, max-age=" +
          soundLimits.audioMaxAgeSeconds +
          ", immutable`). No key: the token is the secret, and opens only the sounds the overlay's live document names in `alertSounds`. An unknown or revoked address, a locked overlay, a sound the live document does not name, one the catalogue or the owner's library no longer has (or another account's, or a picture): 404 not_found. (/docs/guides/overlays#alert-sounds)",
        parameters: [
          token,
          { name: "soundId", in: "path", required: true, schema: { type: "string", format: "uuid" } },
          { name: "Range", in: "header", required: false, schema: { type: "string", example: "bytes=0-99" } },
          { name: "If-None-Match", in: "header", required: false, schema: { type: "string" } },
          { name: "If-Range", in: "header", required: false, schema: { type: "string" } },
        ],
        security: [],
        responses: {
          "200": { description: "The whole audio.", headers, content: soundContent },
          "206": { description: "One range of the audio, with `Content-Range`.", headers, content: soundContent },
          "304": { description: "Not modified. No body.", headers },
          ...errorResponses(["not_found", "range_not_satisfiable", "internal_error", "service_unavailable"], headers),
        },
      },
    },
  };
}

const soundContent = Object.fromEntries(soundFormats.map((type) => [type, { schema: { type: "string", format: "binary" } }]));
