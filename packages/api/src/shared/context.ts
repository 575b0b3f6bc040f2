import type { Scope } from "@streamkit/api-contract";
import type { PlanName } from "@streamkit/plans";
import type { AppDeps } from "./deps";

/** Status and headers a procedure wants on its response; the REST wrapper applies them. */
export interface ResponseMeta {
  status?: number;
  headers: Record<string, string>;
}

/** The account behind a request: read from the database, or for an API key, a desktop token or a session kept until it changes (accounts/principal-cache.ts). */
export interface AccountPrincipal {
  id: string;
  name: string;
  email: string | null;
  plan: PlanName;
  country: string | null;
  staff: boolean;
  suspended: boolean;
  /** Has published a plugin (removed ones count: they may still have sales); the website shows such an account its author pages. */
  author: boolean;
}

/**
 * Who is calling. One principal for every surface (ARCHITECTURE.md): an API
 * key (`api`), the website's session (`web`) and the desktop app's token
 * (`app`) all become an `account` caller; procedures never look at headers.
 */
export type Caller =
  | { kind: "anonymous" }
  | {
      kind: "account";
      account: AccountPrincipal;
      channel: "api" | "web" | "app";
      /** What the credential may do; the website's session may do everything its account may. */
      scopes: readonly Scope[] | "all";
      /** The API key, when the channel is `api`. */
      key?: { id: string; prefix: string; scopes: Scope[]; expiresAt: Date | null };
      /** The desktop sign-in (OAuth grant) behind the token, when the channel is `app`. */
      grant?: { id: string };
    };

export type AccountCaller = Extract<Caller, { kind: "account" }>;

/**
 * What a request carries for the caller resolver (accounts/principal.ts).
 * `api`: /api/v1 and the raw API routes — credentials come only from the
 * Authorization header, cookies are never read (a browser session cannot be
 * ridden cross-site). `web`: the website — only its session cookie counts.
 */
export interface CallerSource {
  surface: "api" | "web";
  authorization?: string | null;
  cookie?: string | null;
}

/** The one caller resolver's shape: the REST core is handed it by the composition root. */
export type CallerResolver = (deps: AppDeps, source: CallerSource) => Promise<Caller>;

export interface Context {
  deps: AppDeps;
  requestId: string;
  /** `rest` for /api/v1, `web` for the website's own tRPC and server components. */
  surface: "rest" | "web";
  caller: Caller;
  /** The client's address (peer, or X-Forwarded-For from a trusted proxy); "unknown" when there is none. */
  clientAddress: string;
  res: ResponseMeta;
  /** Set once this request has been counted against its account's rate limit. */
  limitCounted: boolean;
  /**
   * False for the website's server components rendering a page: their reads are a page view, which is not an API call
   * and is not counted (anonymous page views are not either); their form submissions (mutations) still are.
   */
  countQueries: boolean;
}

export function createContext(input: {
  deps: AppDeps;
  requestId: string;
  surface: Context["surface"];
  caller?: Caller;
  clientAddress?: string;
  countQueries?: boolean;
}): Context {
  return {
    deps: input.deps,
    requestId: input.requestId,
    surface: input.surface,
    caller: input.caller ?? { kind: "anonymous" },
    clientAddress: input.clientAddress ?? "unknown",
    res: { headers: {} },
    limitCounted: false,
    countQueries: input.countQueries ?? true,
  };
}
