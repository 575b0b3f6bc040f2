import type { TokenErrorCode } from "@streamkit/api-contract";

/**
 * A refusal of the token or revocation endpoint, in RFC 6749 §5.2's format
 * `{ error, error_description }` — the one documented exception to docs/api.md#errors's
 * envelope (ARCHITECTURE.md: OAuth's token endpoint).
 */
export class OAuthError extends Error {
  constructor(
    readonly code: TokenErrorCode,
    readonly description: string,
    /** 400; 401 for invalid_client (no, an unknown or a wrongly authenticated client); 413 for a body past the limit. */
    readonly status: 400 | 401 | 413 = 400,
  ) {
    super(description);
  }
}
