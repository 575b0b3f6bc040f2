/**
 * What a sign-in's outcome means in plain words, by RFC 6749's error code.
 * Only the codes are read from the address, never its free text: these pages
 * say nothing a link's author wrote.
 */
const errorWords: Record<string, string> = {
  access_denied: "You declined the sign-in, so the app was not given access to your account.",
  invalid_request: "The app’s sign-in request was not valid. Update the app, then try again.",
  invalid_scope: "The app asked for permissions this site does not have. Update the app, then try again.",
  unsupported_response_type: "The app asked to sign in in a way this site does not support. Update the app, then try again.",
  server_error: "Something went wrong on our side. Try again in a moment.",
  temporarily_unavailable: "The site is busy. Try again in a moment.",
  invalid_grant: "The sign-in expired or was already used. Start again from the app.",
  state_mismatch: "The answer did not belong to the sign-in the app started, so the app ignored it. Start again from the app.",
};

export function outcomeWords(error: string | undefined): string {
  return (error && Object.hasOwn(errorWords, error) ? errorWords[error] : undefined) ?? "The sign-in did not finish. Start again from the app.";
}
