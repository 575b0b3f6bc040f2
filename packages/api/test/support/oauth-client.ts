/**
 * The desktop app's side of the sign-in, played by a real OAuth client library
 * (oauth4webapi) against the REST core: discovery, PKCE, the callback's
 * checks (state, iss), the token and revocation requests. The person's Allow
 * or Deny is the consent page's own call (`oauth.authorize` on /api/trpc with
 * a website session), so every step goes through the surfaces the app and the
 * browser use.
 */
import { desktopClient } from "@streamkit/api-contract";
import * as oauth from "oauth4webapi";
import { BASE, type TestApp } from "./app";
import { sessionCookie } from "./session";
import { readTrpc, trpcMutate } from "./trpc";

export const client: oauth.Client = { client_id: desktopClient.id };
export const none = oauth.None();

/** Requests of the library go to the REST core in-process instead of a socket. */
export function libraryOptions(app: TestApp) {
  return {
    [oauth.allowInsecureRequests]: true,
    [oauth.customFetch]: (url: string, init: oauth.CustomFetchOptions<string, unknown>) =>
      app.raw(url.slice(BASE.length), { method: init.method, headers: init.headers, body: init.body as BodyInit | undefined }),
  };
}

export async function discover(app: TestApp): Promise<oauth.AuthorizationServer> {
  const issuer = new URL(BASE);
  const response = await oauth.discoveryRequest(issuer, { algorithm: "oauth2", ...libraryOptions(app) });
  return oauth.processDiscoveryResponse(issuer, response);
}

export interface PendingSignIn {
  verifier: string;
  state: string;
  redirectUri: string;
  /** The authorization request's query, as the app opens it in the browser. */
  query: URLSearchParams;
}

/** What the app puts in the browser's address bar; `override` changes or (with null) drops parameters. */
export async function startSignIn(
  as: oauth.AuthorizationServer,
  options: { redirectUri?: string; scope?: string; override?: Record<string, string | null> } = {},
): Promise<PendingSignIn> {
  const verifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const redirectUri = options.redirectUri ?? "http://127.0.0.1:53682/callback";
  const query = new URLSearchParams({
    response_type: "code",
    client_id: client.client_id,
    redirect_uri: redirectUri,
    state,
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
    code_challenge_method: "S256",
  });
  if (options.scope !== undefined) query.set("scope", options.scope);
  for (const [name, value] of Object.entries(options.override ?? {})) {
    if (value === null) query.delete(name);
    else query.set(name, value);
  }
  if (!as.authorization_endpoint) throw new Error("no authorization endpoint");
  return { verifier, state, redirectUri, query };
}

/** The person's answer on the consent page: where the browser is sent, or the refusal the site shows. */
export async function decide(app: TestApp, accountId: string, query: URLSearchParams, decision: "allow" | "deny" = "allow") {
  const cookie = await sessionCookie(app, accountId);
  const answer = await readTrpc(await trpcMutate(app, "oauth.authorize", { query: [...query], decision }, { cookie }));
  return { status: answer.status, location: answer.data?.location as string | undefined, error: answer.error };
}

/** Allow, then the callback's checks as the app makes them; the code's parameters. */
export async function allow(app: TestApp, as: oauth.AuthorizationServer, accountId: string, pending: PendingSignIn): Promise<URLSearchParams> {
  const { location, error } = await decide(app, accountId, pending.query);
  if (!location) throw new Error(`no redirect: ${JSON.stringify(error)}`);
  return oauth.validateAuthResponse(as, client, new URL(location), pending.state);
}

export async function exchange(
  app: TestApp,
  as: oauth.AuthorizationServer,
  callback: URLSearchParams,
  pending: PendingSignIn,
  overrides: { redirectUri?: string; verifier?: string } = {},
) {
  const response = await oauth.authorizationCodeGrantRequest(
    as,
    client,
    none,
    callback,
    overrides.redirectUri ?? pending.redirectUri,
    overrides.verifier ?? pending.verifier,
    libraryOptions(app),
  );
  return oauth.processAuthorizationCodeResponse(as, client, response);
}

/** The whole sign-in: discovery to tokens. */
export async function signIn(app: TestApp, as: oauth.AuthorizationServer, accountId: string, options: Parameters<typeof startSignIn>[1] = {}) {
  const pending = await startSignIn(as, options);
  return exchange(app, as, await allow(app, as, accountId, pending), pending);
}

export async function refresh(app: TestApp, as: oauth.AuthorizationServer, refreshToken: string, parameters?: Record<string, string>) {
  const response = await oauth.refreshTokenGrantRequest(as, client, none, refreshToken, { ...libraryOptions(app), additionalParameters: parameters });
  return oauth.processRefreshTokenResponse(as, client, response);
}

export async function revoke(app: TestApp, as: oauth.AuthorizationServer, token: string) {
  return oauth.processRevocationResponse(await oauth.revocationRequest(as, client, none, token, libraryOptions(app)));
}

/** The library's refusal of a token answer: RFC 6749's error code and status. */
export async function refusalOf(work: Promise<unknown>): Promise<{ error: string; status: number; description?: string }> {
  try {
    await work;
  } catch (error) {
    if (error instanceof oauth.ResponseBodyError) return { error: error.error, status: error.status, description: error.error_description };
    throw error;
  }
  throw new Error("expected a refusal");
}

export { oauth };

// The device authorization grant (RFC 8628): the app asks for a code pair and polls; the person answers on /device.

/** The app asks for a code pair; `parameters` adds scope, device_label or anything else. */
export async function startDevice(app: TestApp, as: oauth.AuthorizationServer, parameters: Record<string, string> = {}) {
  const response = await oauth.deviceAuthorizationRequest(as, client, none, parameters, libraryOptions(app));
  return oauth.processDeviceAuthorizationResponse(as, client, response);
}

/** One poll of the token endpoint with the device code, as the app makes it. */
export async function pollDevice(app: TestApp, as: oauth.AuthorizationServer, deviceCode: string) {
  const response = await oauth.deviceCodeGrantRequest(as, client, none, deviceCode, libraryOptions(app));
  return oauth.processDeviceCodeResponse(as, client, response);
}

/** /device's Continue and Allow/Deny, as the page calls them (the website's session, /api/trpc). */
export async function openDevice(app: TestApp, accountId: string, userCode: string) {
  const cookie = await sessionCookie(app, accountId);
  return readTrpc(await trpcMutate(app, "oauth.deviceLookup", { userCode }, { cookie }));
}

export async function decideDevice(app: TestApp, accountId: string, userCode: string, decision: "allow" | "deny" = "allow") {
  const cookie = await sessionCookie(app, accountId);
  return readTrpc(await trpcMutate(app, "oauth.deviceDecide", { userCode, decision }, { cookie }));
}
