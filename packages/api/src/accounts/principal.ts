/**
 * The one caller resolver (ARCHITECTURE.md: one principal, resolved in one
 * place). Every surface hands it what the request carries — /api/v1 and the
 * raw API routes the Authorization header, the website (its tRPC endpoint,
 * server components and actions) the session cookie — and gets back the same
 * `Caller` the procedure ladder climbs.
 */
import { getToken } from "@auth/core/jwt";
import { oauthTokenPrefixes } from "@streamkit/api-contract";
import type { Caller, CallerSource } from "../shared/context";
import type { AppDeps } from "../shared/deps";
import { addWriteFence } from "../shared/write-fence";
import { invalidToken, resolveApiKey } from "./api-keys";
import { CredentialUses } from "./credential-uses";
import { PrincipalCache } from "./principal-cache";
import { resolveAccessToken } from "./app-tokens";
import { findSessionAccount } from "./accounts";
import { type SessionClaims, SessionClaimsCache } from "./session-claims";

/**
 * Bearer credentials by their prefix: API keys, and the desktop app's OAuth
 * access tokens (app-tokens.ts). A token no kind claims — a
 * refresh token or a code among them — is refused like an unknown key.
 */
const bearerKinds: { prefix: string; resolve: (deps: AppDeps, token: string) => Promise<Caller> }[] = [
  {
    prefix: "skit_",
    async resolve(deps, token) {
      const { kept, uses } = processState(deps);
      const now = deps.now();
      const caller = await resolveApiKey(deps.db, token, now, kept);
      uses.use("key", caller.key!.id, now);
      return caller;
    },
  },
  {
    prefix: oauthTokenPrefixes.access,
    async resolve(deps, token) {
      const { kept, uses } = processState(deps);
      const now = deps.now();
      const caller = await resolveAccessToken(deps.db, token, now, kept);
      uses.use("grant", caller.grant!.id, now);
      return caller;
    },
  },
];

/** Per process (per deps): the kept callers of API keys, desktop tokens and sessions, and the writes of credentials' uses. */
const processStates = new WeakMap<AppDeps, { kept: PrincipalCache; uses: CredentialUses }>();

function processState(deps: AppDeps): { kept: PrincipalCache; uses: CredentialUses } {
  let state = processStates.get(deps);
  if (!state) {
    const kept = new PrincipalCache(deps);
    state = { kept, uses: new CredentialUses(deps) };
    processStates.set(deps, state);
    addWriteFence(deps, () => kept.settle());
  }
  return state;
}

/** Resolves once this process's credentials' uses are written (the key list and the connected apps read them). */
export async function credentialUsesWritten(deps: AppDeps): Promise<void> {
  await processStates.get(deps)?.uses.written();
}

/** Resolves once this process has applied every account change committed before the call (tests use it after changing rows by hand). */
export function settleKeptCallers(deps: AppDeps): Promise<void> {
  return processState(deps).kept.settle();
}

const SESSION_COOKIE = /(?:^|;)\s*(?:__Secure-)?authjs\.session-token(?:\.\d+)?=/;

/**
 * Whether a Cookie header holds an Auth.js session cookie at all (possibly
 * chunked: .0, .1…): a visitor without one needs no decryption and no lookup,
 * and gets the cached pages. Auth.js's other cookies (its CSRF token, the
 * callback address) are no session.
 */
export function hasSessionCookie(cookie: string): boolean {
  return SESSION_COOKIE.test(cookie);
}

export async function resolveCaller(deps: AppDeps, source: CallerSource): Promise<Caller> {
  if (source.surface === "web") return callerFromSession(deps, source.cookie ?? "");
  const authorization = source.authorization;
  if (authorization === null || authorization === undefined) return { kind: "anonymous" };
  const match = /^Bearer +(\S+) *$/i.exec(authorization);
  if (!match) throw invalidToken();
  const token = match[1]!;
  const kind = bearerKinds.find((candidate) => token.startsWith(candidate.prefix));
  if (!kind) throw invalidToken();
  return kind.resolve(deps, token);
}

const sessionClaims = new WeakMap<AppDeps, SessionClaimsCache>();

/** The website's session (an Auth.js JWT in its cookie, possibly chunked), or an anonymous visitor. */
async function callerFromSession(deps: AppDeps, cookie: string): Promise<Caller> {
  if (!hasSessionCookie(cookie)) return { kind: "anonymous" };
  let cache = sessionClaims.get(deps);
  if (!cache) {
    cache = new SessionClaimsCache();
    sessionClaims.set(deps, cache);
  }
  // The token's expiry is real time, as the decryption itself checks it (the test clock moves the service's dates, not sessions).
  const token = await cache.claims(
    cookie,
    Date.now(),
    () =>
      getToken({
        req: { headers: { cookie } },
        secret: deps.sessionSecrets,
        secureCookie: deps.env.PUBLIC_URL.startsWith("https://"),
        logger: { error: () => {}, warn: () => {}, debug: () => {} },
      }) as Promise<Partial<SessionClaims> | null>,
  );
  if (!token) return { kind: "anonymous" };
  const account = await findSessionAccount(deps.db, token.sub, token.iat, deps.now(), processState(deps).kept);
  if (!account) return { kind: "anonymous" };
  return { kind: "account", account, channel: "web", scopes: "all" };
}
