/**
 * Limits of the HTTP surface, as data: the handler enforces them, the OpenAPI
 * document and the README quote them.
 */
export const httpLimits = {
  /** Largest request body accepted by any /api/v1 write, in bytes (2 MiB). */
  maxBodyBytes: 2 * 1024 * 1024,
} as const;

/** Paging of GET /plugins. */
export const pluginPaging = {
  defaultLimit: 20,
  maxLimit: 100,
  maxQueryLength: 100,
  maxCursorLength: 200,
} as const;
