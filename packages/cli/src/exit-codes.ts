/**
 * Exit codes, one meaning each, so scripts and CI can branch on them. The
 * README's table and every command's --help are written from this list.
 */
export const EXIT = {
  /** Done. */
  ok: 0,
  /** `validate`: the package has problems (each printed as `path: message`). */
  problemsFound: 1,
  /** A mistake in the command line: unknown command or option, missing or malformed argument, or a folder that cannot be used. */
  usage: 2,
  /** `publish`: not published because the package is invalid (checked locally, or 400 invalid_package / 413 payload_too_large from the server). */
  invalidPackage: 3,
  /** The key or the account may not do this: no key, 401 unauthorized / invalid_token, 403 insufficient_scope / plan_required / account_disabled / limit_reached / forbidden / purchase_required. */
  auth: 4,
  /** 409 slug_taken or version_exists: another publisher owns the id, or the version is not higher than the published one. */
  conflict: 5,
  /** 429 rate_limited: try again after the time printed (from Retry-After). */
  rateLimited: 6,
  /** The service could not be used: no connection, a timeout, a redirect, a 5xx (the X-Request-Id is printed), a request it did not accept (validation_error, bad_request, unsupported_media_type: CLI and server versions differ), or an answer the CLI does not understand. */
  service: 7,
  /** `download`: no such plugin (404 not_found). */
  notFound: 8,
  /** `download`: the package's signature does not verify (tampered, unknown or revoked key, changed pinned key); nothing was written. */
  signature: 9,
  /** A bug in the CLI itself: the message and stack are printed; please report them. */
  internal: 70,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** One line per code, for --help and the README. */
export const EXIT_CODE_HELP = `Exit codes:
  0  done
  1  validate: the package has problems
  2  usage: unknown command or option, bad argument, unusable folder
  3  publish: the package is invalid (locally, or 400 invalid_package / 413 payload_too_large)
  4  key or account: no key, 401 unauthorized / invalid_token, 403 insufficient_scope /
     plan_required / account_disabled / limit_reached / forbidden / purchase_required
  5  conflict: 409 slug_taken or version_exists
  6  rate limited: 429 rate_limited; the message says when to retry (Retry-After)
  7  service: no connection, timeout, redirect, 5xx (the X-Request-Id is printed), a request
     the server did not accept (validation_error, bad_request: update the CLI), unexpected answer
  8  download: no such plugin (404 not_found)
  9  download: the package's signature does not verify; nothing was written
  70 a bug in streamkit-plugin (please report it)`;
