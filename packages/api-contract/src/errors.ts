import { z } from "zod";

/**
 * The one error taxonomy of docs/api.md#errors: every stable code with its HTTP status.
 * The server maps domain errors through this table; the CLI and the website
 * read it to explain failures.
 */
export const errorStatus = {
  validation_error: 400,
  bad_request: 400,
  invalid_package: 400,
  unauthorized: 401,
  invalid_token: 401,
  insufficient_scope: 403,
  plan_required: 403,
  limit_reached: 403,
  forbidden: 403,
  purchase_required: 403,
  account_disabled: 403,
  not_found: 404,
  /** The plugin was taken down by the operator: its holders may not download it (details.reason, details.takenDownAt). */
  taken_down: 410,
  conflict: 409,
  slug_taken: 409,
  version_exists: 409,
  /** Deleting a picture of the asset library that an overlay still draws (details.overlays). */
  asset_in_use: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  /** A Range the resource cannot satisfy (the sound catalogue's audio); Content-Range says the size. */
  range_not_satisfiable: 416,
  rate_limited: 429,
  internal_error: 500,
  /** The database is down, unreachable or too slow: retry after Retry-After seconds. */
  service_unavailable: 503,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof errorStatus;
export const errorCodes = Object.keys(errorStatus) as ErrorCode[];
export const errorCodeSchema = z.enum(errorCodes as [ErrorCode, ...ErrorCode[]]);

/** One problem in a list: a field path (or file path) and what is wrong with it. */
export const problemSchema = z
  .object({
    path: z.string().meta({
      description:
        "Where the problem is: a field path such as `files[0].path`, or a file path with an optional location such as `main.lua:12:5` or `plugin.json#/permissions/1`.",
    }),
    message: z.string(),
  })
  .meta({ id: "Problem" });
export type Problem = z.infer<typeof problemSchema>;

export const errorEnvelopeSchema = z
  .object({
    error: z.object({
      code: errorCodeSchema.meta({ description: "Stable, for programs." }),
      message: z.string().meta({ description: "For humans; may change." }),
      details: z
        .union([z.array(problemSchema), z.record(z.string(), z.unknown())])
        .optional()
        .meta({
          description:
            "Present when there is more to say: a list of problems for validation_error, bad_request and invalid_package; an object for the others (requiredScope, requiredPlan, limit, currentRev, price and buyUrl, overlays).",
        }),
    }),
  })
  .meta({ id: "Error" });
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;
