/**
 * The OpenAPI description of GET /plugins/{slug}/analytics.csv, a raw route
 * of the REST core (csv-route.ts): its answer is a CSV file, not JSON, so the
 * generator cannot describe it; document.ts adds this beside the generated operations.
 */
import { analyticsGranularities, analyticsLimits, type ErrorCode } from "@streamkit/api-contract";
import { CSV_HEADER } from "./csv";

type Json = Record<string, unknown>;

export function analyticsCsvPathItem(errorResponses: (codes: Iterable<ErrorCode>, headers: Json) => Record<string, Json>): Json {
  const headers: Json = {
    "X-Request-Id": { $ref: "#/components/headers/X-Request-Id" },
    "X-RateLimit-Limit": { $ref: "#/components/headers/X-RateLimit-Limit" },
    "X-RateLimit-Remaining": { $ref: "#/components/headers/X-RateLimit-Remaining" },
    "X-RateLimit-Reset": { $ref: "#/components/headers/X-RateLimit-Reset" },
  };
  const day = { type: "string", format: "date", pattern: "^\\d{4}-\\d{2}-\\d{2}$" };
  return {
    get: {
      operationId: "plugins-analyticsCsv",
      tags: ["Paid plugins"],
      summary: "Your plugin's analytics as CSV",
      description: [
        `The figures of GET /plugins/{slug}/analytics for the same range (at most ${analyticsLimits.maxRangeDays} days) as a CSV file: RFC 4180 (a header row \`${CSV_HEADER.join(",")}\`, CRLF line ends, quoted fields where needed), UTF-8, \`Content-Disposition: attachment\`.`,
        "One line per period and metric: `downloads` for every period (zeros included), then by `version` and by `country` (`unknown` for accounts without one), then per currency `sales`, `gross`, `share`, `refunds`, `refunded_gross`, `refunded_share` and `earned` in integer minor units. A text cell a spreadsheet would run as a formula (starting with `=`, `+`, `-`, `@`, a tab or a carriage return) starts with an apostrophe; numbers are bare.",
        "A longer or reversed range, or a day that does not exist, is 400 bad_request naming the parameter; another account's plugin (or an unknown slug) is 404 not_found.",
        "**Requires:** Scope `sales:read`.",
      ].join("\n\n"),
      parameters: [
        { name: "slug", in: "path", required: true, schema: { type: "string", maxLength: 100 } },
        { name: "from", in: "query", required: true, schema: day, description: "The first UTC day, included." },
        { name: "to", in: "query", required: true, schema: day, description: "The last UTC day, included." },
        { name: "granularity", in: "query", required: false, schema: { type: "string", enum: [...analyticsGranularities], default: "day" } },
      ],
      security: [{ ApiKey: [] }, { DesktopApp: ["sales:read"] }],
      responses: {
        "200": {
          description: "The CSV file.",
          headers: { ...headers, "Content-Disposition": { schema: { type: "string" } } },
          content: { "text/csv": { schema: { type: "string" } } },
        },
        ...errorResponses(
          [
            "bad_request",
            "unauthorized",
            "invalid_token",
            "insufficient_scope",
            "account_disabled",
            "not_found",
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
