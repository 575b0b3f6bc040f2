import { AppError } from "@streamkit/api-contract";

/** docs/api.md#errors: no credentials on a protected operation. */
export const unauthorized = () =>
  new AppError("unauthorized", "Send an API key as Authorization: Bearer <API_KEY>.", undefined, {
    "WWW-Authenticate": 'Bearer realm="streamkit"',
  });

/** docs/api.md#errors: a suspended account can do nothing, not even browse with its key. */
export const accountDisabled = () => new AppError("account_disabled", "This account is suspended. Contact support to restore it.");
