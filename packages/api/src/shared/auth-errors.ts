import { AppError } from "@streamkit/api-contract";

/** SPEC §5.4: no credentials on a protected operation. */
export const unauthorized = () =>
  new AppError("unauthorized", "Send an API key as Authorization: Bearer <API_KEY>.", undefined, {
    "WWW-Authenticate": 'Bearer realm="streamkit"',
  });

/** SPEC §5.4: a suspended account can do nothing, not even browse with its key. */
export const accountDisabled = () => new AppError("account_disabled", "This account is suspended. Contact support to restore it.");
