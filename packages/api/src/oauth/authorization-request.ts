/**
 * The authorization request (RFC 6749 §4.1.1 with RFC 7636 and RFC 9207), read
 * once by the consent page and again by its Allow and Deny: an unknown client
 * or an unregistered redirect_uri is shown on the site and never redirected
 * to; every other refusal goes back to the app's redirect_uri with `error`,
 * `state` and `iss`.
 */
import { type OAuthClient, oauthLimits, oauthPaths, type Scope, scopes } from "@streamkit/api-contract";
import { findClient, isRegisteredRedirect } from "./clients";
import { isValidS256Challenge } from "./pkce";

export interface AuthorizationRequest {
  client: OAuthClient;
  redirectUri: string;
  scopes: Scope[];
  state: string | null;
  codeChallenge: string;
  deviceLabel: string | null;
}

export type AuthorizationOutcome =
  | { kind: "consent"; request: AuthorizationRequest }
  /** Shown on the site: the app cannot be told. */
  | { kind: "refused"; title: string; message: string }
  /** Sent back to the app. */
  | { kind: "redirect"; location: string; error: string; description: string };

type Query = Record<string, string | string[] | undefined>;

export function readAuthorizationRequest(query: Query, issuer: string): AuthorizationOutcome {
  const one = (name: string) => {
    const value = query[name];
    return Array.isArray(value) ? undefined : value;
  };
  const repeated = Object.entries(query)
    .filter(([, value]) => Array.isArray(value))
    .map(([name]) => name);

  const clientId = one("client_id");
  const client = findClient(clientId);
  if (!client)
    return {
      kind: "refused",
      title: "Unknown app",
      message: clientId
        ? "The app that sent you here is not one this site knows, so it was not told anything. Close this tab and sign in from the Streamkit desktop app."
        : "The sign-in link is missing its app (client_id). Close this tab and sign in from the Streamkit desktop app.",
    };
  const redirectUri = one("redirect_uri");
  if (!redirectUri || !isRegisteredRedirect(client, redirectUri))
    return {
      kind: "refused",
      title: "This sign-in link is not valid",
      message: redirectUri
        ? "The address the app asked to return to is not one registered for it, so you were not sent there. Close this tab and sign in from the Streamkit desktop app."
        : "The sign-in link does not say where to return (redirect_uri). Close this tab and sign in from the Streamkit desktop app.",
    };

  const state = one("state") ?? null;
  const refuse = (error: string, description: string): AuthorizationOutcome => ({
    kind: "redirect",
    location: answerLocation(client, redirectUri, {
      error,
      error_description: description,
      state: state?.slice(0, oauthLimits.stateMaxLength) ?? null,
      iss: issuer,
    }),
    error,
    description,
  });

  if (repeated.length > 0) return refuse("invalid_request", `Each parameter may be sent once; repeated: ${repeated.join(", ").slice(0, 200)}.`);
  if (state !== null && state.length > oauthLimits.stateMaxLength)
    return refuse("invalid_request", `state is longer than ${oauthLimits.stateMaxLength} characters.`);
  const responseType = one("response_type");
  if (!responseType) return refuse("invalid_request", "response_type is missing; it is code.");
  if (responseType !== "code") return refuse("unsupported_response_type", "The only response_type is code.");
  const challenge = one("code_challenge");
  const method = one("code_challenge_method");
  if (!challenge) return refuse("invalid_request", "code_challenge is missing: PKCE with S256 is required.");
  // RFC 7636 §4.3: a challenge without a method is `plain`, which this server does not accept.
  if (method !== "S256")
    return refuse(
      "invalid_request",
      method ? `code_challenge_method ${method.slice(0, 20)} is not supported; use S256.` : "code_challenge_method is missing; use S256.",
    );
  if (!isValidS256Challenge(challenge)) return refuse("invalid_request", "code_challenge is not an S256 challenge (43 base64url characters).");

  const granted = readScopes(client, one("scope"));
  if ("error" in granted) return refuse("invalid_scope", granted.error);
  const deviceLabel = readDeviceLabel(one("device_label"));
  if (typeof deviceLabel === "object" && deviceLabel !== null) return refuse("invalid_request", deviceLabel.error);

  return { kind: "consent", request: { client, redirectUri, scopes: granted.scopes, state, codeChallenge: challenge, deviceLabel } };
}

/** `scope` as both flows read it: space-separated scopes of the client; omitted or empty, all of them. */
export function readScopes(client: OAuthClient, scope: string | undefined): { scopes: Scope[] } | { error: string } {
  const requested = scope?.split(" ").filter((one) => one !== "") ?? [];
  const unknown = requested.filter((one) => !scopes.includes(one as Scope) || !client.scopes.includes(one as Scope));
  if (unknown.length > 0) return { error: `Unknown scope: ${unknown.join(" ").slice(0, 200)}. Scopes are ${client.scopes.join(" ")}.` };
  return { scopes: requested.length > 0 ? client.scopes.filter((one) => requested.includes(one)) : [...client.scopes] };
}

/** `device_label` as both flows read it: trimmed, at most deviceLabelMaxLength printable characters; empty is none. */
export function readDeviceLabel(value: string | undefined): string | null | { error: string } {
  const label = value?.trim() || null;
  if (label !== null && (label.length > oauthLimits.deviceLabelMaxLength || /\p{Cc}/u.test(label)))
    return { error: `device_label is at most ${oauthLimits.deviceLabelMaxLength} printable characters.` };
  return label;
}

/**
 * Where the browser takes the answer: a loopback redirect_uri directly; the
 * app's deep link through the site's "return to Streamkit" page, which opens
 * it by itself and offers a button when the browser asks first (the page
 * rebuilds the deep link from the client's registration, never from the URL).
 */
export function answerLocation(client: OAuthClient, redirectUri: string, params: Record<string, string | null>): string {
  if (!client.exactRedirects.includes(redirectUri)) return redirectWith(redirectUri, params);
  const query = new URLSearchParams({ client_id: client.id });
  for (const [name, value] of Object.entries(params)) if (value !== null) query.set(name, value);
  return `${oauthPaths.deepLinkReturn}?${query}`;
}

/** The redirect_uri with the answer's parameters added (its own query kept, RFC 6749 §3.1.2). */
export function redirectWith(redirectUri: string, params: Record<string, string | null>): string {
  const url = new URL(redirectUri);
  for (const [name, value] of Object.entries(params)) if (value !== null) url.searchParams.set(name, value);
  return url.href;
}
