import type { Scope } from "@streamkit/api-contract";
import type { PlanName } from "@streamkit/plans";

/** What a security case needs to know about the world it runs in. */
export interface SecurityFixture {
  /** Another account's API key id. */
  othersKeyId: string;
  /** A published plugin of another account. */
  othersPlugin: string;
  /** A plugin another account removed and the caller never held. */
  othersRemovedPlugin: string;
}

/**
 * Every protected /api/v1 operation, with what guards it. The shared security
 * suite (integration/security.test.ts) runs each case against each entry, and
 * fails when an operation of the OpenAPI document is missing here: new
 * endpoints join by being listed.
 */
export interface ProtectedOperation {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** The path as the document spells it, e.g. /keys/{id}. */
  path: string;
  /** A concrete path to call (defaults to `path`). */
  url?: (fixture: SecurityFixture) => string;
  body?: unknown;
  scope?: Scope;
  plan?: PlanName;
  websiteOnly?: boolean;
  /** A URL naming another account's resource: it must answer 404 not_found. */
  othersResource?: (fixture: SecurityFixture) => string;
}

export const protectedOperations: ProtectedOperation[] = [
  { method: "GET", path: "/me" },
  { method: "GET", path: "/keys", websiteOnly: true },
  { method: "POST", path: "/keys", websiteOnly: true, body: { name: "k", scopes: ["plugins:read"] } },
  { method: "DELETE", path: "/keys/{id}", websiteOnly: true, url: (f) => `/keys/${f.othersKeyId}` },
  { method: "GET", path: "/plugins/mine", scope: "plugins:read" },
  { method: "POST", path: "/plugins", scope: "plugins:write", plan: "pro", body: { files: [], changelog: "x" } },
  {
    method: "GET",
    path: "/plugins/{slug}/package",
    scope: "plugins:read",
    plan: "pro",
    url: (f) => `/plugins/${f.othersPlugin}/package`,
    othersResource: (f) => `/plugins/${f.othersRemovedPlugin}/package`,
  },
  {
    method: "DELETE",
    path: "/plugins/{slug}",
    scope: "plugins:write",
    url: (f) => `/plugins/${f.othersPlugin}`,
    othersResource: (f) => `/plugins/${f.othersPlugin}`,
  },
  // Pricing someone else's plugin is 403 forbidden by SPEC §4.1 rule 3 (tested in prices.test.ts), not 404.
  { method: "PUT", path: "/plugins/{slug}/price", scope: "plugins:write", url: (f) => `/plugins/${f.othersPlugin}/price`, body: { tier: "t1" } },
  { method: "GET", path: "/purchases", scope: "plugins:read" },
  { method: "GET", path: "/sales", scope: "sales:read" },
  { method: "POST", path: "/checkouts", websiteOnly: true, body: { slug: "others-plugin" } },
];
