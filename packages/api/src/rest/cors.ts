/**
 * CORS for the operations meant to be called straight from browsers (the
 * exchange rates, the OpenAPI document): any origin may read them, without
 * credentials, and see the caching and limit headers.
 */
export const corsHeaders: Record<string, string> = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Expose-Headers": "ETag, Retry-After, X-Request-Id, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset",
};

/** The headers of the 204 answer to a preflight, for the methods of one path. */
export function preflightHeaders(methods: string[]): Record<string, string> {
  const allowed = [...new Set([...methods, ...(methods.includes("GET") ? ["HEAD"] : []), "OPTIONS"])].join(", ");
  return {
    ...corsHeaders,
    "Access-Control-Allow-Methods": allowed,
    "Access-Control-Allow-Headers": "If-None-Match, Content-Type",
    "Access-Control-Max-Age": "86400",
    Allow: allowed,
    "Cache-Control": "public, max-age=86400",
  };
}
