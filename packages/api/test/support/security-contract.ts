import type { Scope } from "@streamkit/api-contract";
import { type EntitlementName, type PlanName, planFor } from "@streamkit/plans";
import { collectRoutes } from "../../src/rest/routes";
import { appRouter } from "../../src/app/router";
import { uploadRequirements } from "../../src/assets";
import { analyticsCsvRequirements, mediaUploadRequirements } from "../../src/plugins";
import type { RestMeta } from "../../src/shared/trpc";

/** What a security case needs to know about the world it runs in. */
export interface SecurityFixture {
  /** Another account's API key id. */
  othersKeyId: string;
  /** A published plugin of another account. */
  othersPlugin: string;
  /** A plugin another account removed and the caller never held. */
  othersRemovedPlugin: string;
  /** Another account's overlay. */
  othersOverlay: string;
  /** An item in another account's inventory. */
  othersInventoryItem: string;
  /** A picture in another account's asset library. */
  othersAsset: string;
}

/** Who may call an operation, and what guards it: every rung of the procedure ladder. */
export interface Requirements {
  /** `none`: no credentials, and sent ones are ignored; `optional`: a key is read when sent; `key`: one is required. */
  auth: "none" | "optional" | "key";
  scope?: Scope;
  entitlement?: EntitlementName;
  /** The cheapest plan that may call it (403 plan_required names it). */
  plan?: PlanName;
  /** API keys get 403 forbidden. */
  websiteOnly?: true;
}

/** One operation's expected requirements, and what a call to it needs. */
export interface ContractEntry {
  requires: Requirements;
  /** A concrete path to call (defaults to the documented path). */
  url?: (fixture: SecurityFixture) => string;
  body?: unknown;
  /** A URL naming another account's resource: it must answer 404 not_found. */
  othersResource?: (fixture: SecurityFixture) => string;
}

/**
 * The security contract: what guards EVERY /api/v1 operation, written from
 * docs/api.md#operations, docs/api.md#authentication-and-scopes — not read from the code. The shared security suite
 * (integration/security.test.ts) checks that the procedures' metadata says
 * exactly this and that the OpenAPI document states it, and runs the
 * behaviour cases from the metadata. A new operation fails the suite until it
 * is listed here; a requirement dropped from the metadata or from here fails it too.
 */
export const securityContract: Record<string, ContractEntry> = {
  // docs/api.md#plugins, docs/api.md#authentication-and-scopes: browsing works with no key.
  "GET /plugins": { requires: { auth: "optional" } },
  "GET /plugins/{slug}": { requires: { auth: "optional" }, url: (f) => `/plugins/${f.othersPlugin}` },
  "GET /plugins/mine": { requires: { auth: "key", scope: "plugins:read" } },
  // docs/api.md#plugins, docs/api.md#limits: downloading and publishing need Pro or Ultimate.
  "GET /plugins/{slug}/package": {
    requires: { auth: "key", scope: "plugins:read", entitlement: "pluginDownload", plan: "pro" },
    url: (f) => `/plugins/${f.othersPlugin}/package`,
    othersResource: (f) => `/plugins/${f.othersRemovedPlugin}/package`,
  },
  // docs/desktop.md#plugin-updates-in-one-call: the app's update check follows the download's rules, so it needs what a download needs.
  "POST /plugins/updates": {
    requires: { auth: "key", scope: "plugins:read", entitlement: "pluginDownload", plan: "pro" },
    body: { installed: [{ id: "chat-tools", version: "1.0.0" }] },
  },
  "POST /plugins": {
    requires: { auth: "key", scope: "plugins:write", entitlement: "pluginPublish", plan: "pro" },
    body: { files: [], changelog: "x" },
  },
  "DELETE /plugins/{slug}": {
    requires: { auth: "key", scope: "plugins:write" },
    url: (f) => `/plugins/${f.othersPlugin}`,
    othersResource: (f) => `/plugins/${f.othersPlugin}`,
  },
  // Pricing someone else's plugin is 403 forbidden by docs/api.md#plugins rule 3 (tested in prices.test.ts), not 404.
  "PUT /plugins/{slug}/price": { requires: { auth: "key", scope: "plugins:write" }, url: (f) => `/plugins/${f.othersPlugin}/price`, body: { tier: "t1" } },
  // docs/plugins.md#reporting-a-plugin: any signed-in reader may report a published plugin (plugins:read, any plan).
  "PUT /plugins/{slug}/report": {
    requires: { auth: "key", scope: "plugins:read" },
    url: (f) => `/plugins/${f.othersPlugin}/report`,
    body: { reason: "spam", details: "Security suite." },
  },
  // docs/plugins.md#icons-and-screenshots: only the plugin's author changes its pictures (plugins:write, any plan); another account's plugin is 404.
  // The uploads are raw routes (their body is the picture's bytes): they declare their scope beside them (mediaUploadRequirements).
  "PUT /plugins/{slug}/icon": {
    requires: { auth: "key", scope: "plugins:write" },
    url: (f) => `/plugins/${f.othersPlugin}/icon`,
    body: "not a picture",
    othersResource: (f) => `/plugins/${f.othersPlugin}/icon`,
  },
  "DELETE /plugins/{slug}/icon": {
    requires: { auth: "key", scope: "plugins:write" },
    url: (f) => `/plugins/${f.othersPlugin}/icon`,
    othersResource: (f) => `/plugins/${f.othersPlugin}/icon`,
  },
  "POST /plugins/{slug}/screenshots": {
    requires: { auth: "key", scope: "plugins:write" },
    url: (f) => `/plugins/${f.othersPlugin}/screenshots?alt=x`,
    body: "not a picture",
    othersResource: (f) => `/plugins/${f.othersPlugin}/screenshots`,
  },
  "PATCH /plugins/{slug}/screenshots/{screenshotId}": {
    requires: { auth: "key", scope: "plugins:write" },
    url: (f) => `/plugins/${f.othersPlugin}/screenshots/00000000-0000-4000-8000-000000000000`,
    body: { alt: "x" },
    othersResource: (f) => `/plugins/${f.othersPlugin}/screenshots/00000000-0000-4000-8000-000000000000`,
  },
  "PUT /plugins/{slug}/screenshots/order": {
    requires: { auth: "key", scope: "plugins:write" },
    url: (f) => `/plugins/${f.othersPlugin}/screenshots/order`,
    body: { ids: [] },
    othersResource: (f) => `/plugins/${f.othersPlugin}/screenshots/order`,
  },
  "DELETE /plugins/{slug}/screenshots/{screenshotId}": {
    requires: { auth: "key", scope: "plugins:write" },
    url: (f) => `/plugins/${f.othersPlugin}/screenshots/00000000-0000-4000-8000-000000000000`,
    othersResource: (f) => `/plugins/${f.othersPlugin}/screenshots/00000000-0000-4000-8000-000000000000`,
  },
  // docs/plugins.md#categories-and-tags: the author sets category and tags like a price (plugins:write, any plan); anyone else's plugin is 404.
  "PUT /plugins/{slug}/listing": {
    requires: { auth: "key", scope: "plugins:write" },
    url: (f) => `/plugins/${f.othersPlugin}/listing`,
    body: { category: "chat", tags: ["security"] },
    othersResource: (f) => `/plugins/${f.othersPlugin}/listing`,
  },
  // docs/plugins.md#reviews: anyone reads a plugin's reviews; an owner writes, edits and deletes their own with plugins:read (a reader's act,
  // like reporting); the author replies with plugins:write (an author's act, like pricing: another's plugin is 403 forbidden, not 404);
  // anyone signed in reports a review with plugins:read. The caller here does not own others-plugin: 403 forbidden, past every rung.
  "GET /plugins/{slug}/reviews": { requires: { auth: "optional" }, url: (f) => `/plugins/${f.othersPlugin}/reviews` },
  "GET /plugins/{slug}/review": { requires: { auth: "key", scope: "plugins:read" }, url: (f) => `/plugins/${f.othersPlugin}/review` },
  "PUT /plugins/{slug}/review": { requires: { auth: "key", scope: "plugins:read" }, url: (f) => `/plugins/${f.othersPlugin}/review`, body: { rating: 5 } },
  "DELETE /plugins/{slug}/review": {
    requires: { auth: "key", scope: "plugins:read" },
    url: (f) => `/plugins/${f.othersPlugin}/review`,
    othersResource: (f) => `/plugins/${f.othersRemovedPlugin}/review`,
  },
  "PUT /plugins/{slug}/reviews/{id}/reply": {
    requires: { auth: "key", scope: "plugins:write" },
    url: (f) => `/plugins/${f.othersPlugin}/reviews/00000000-0000-4000-8000-000000000000/reply`,
    body: { text: "Thanks." },
  },
  "PUT /plugins/{slug}/reviews/{id}/report": {
    requires: { auth: "key", scope: "plugins:read" },
    url: (f) => `/plugins/${f.othersPlugin}/reviews/00000000-0000-4000-8000-000000000000/report`,
    body: { reason: "spam" },
  },
  "GET /purchases": { requires: { auth: "key", scope: "plugins:read" } },
  "GET /sales": { requires: { auth: "key", scope: "sales:read" } },
  // docs/analytics.md: an author's analytics of a plugin read like the sales (sales:read); another account's plugin is 404. The CSV variant is a raw route
  // (its answer is a file) declaring the same requirements beside it (analyticsCsvRequirements).
  "GET /plugins/{slug}/analytics": {
    requires: { auth: "key", scope: "sales:read" },
    url: (f) => `/plugins/${f.othersPlugin}/analytics?from=2026-01-01&to=2026-01-31`,
    othersResource: (f) => `/plugins/${f.othersPlugin}/analytics?from=2026-01-01&to=2026-01-31`,
  },
  "GET /plugins/{slug}/analytics.csv": {
    requires: { auth: "key", scope: "sales:read" },
    url: (f) => `/plugins/${f.othersPlugin}/analytics.csv?from=2026-01-01&to=2026-01-31`,
    othersResource: (f) => `/plugins/${f.othersPlugin}/analytics.csv?from=2026-01-01&to=2026-01-31`,
  },
  // docs/api.md#plugins rule 1: purchases happen only on the website.
  "POST /checkouts": { requires: { auth: "key", websiteOnly: true }, body: { slug: "others-plugin" } },

  // docs/plugins.md#publishers: a publisher's page is read like the marketplace, with no key ("Test Publisher" owns others-plugin,
  // so its handle is test-publisher). The publisher's own settings (handle, domains) are the website's, like API keys.
  "GET /publishers/{handle}": { requires: { auth: "optional" }, url: () => "/publishers/test-publisher" },
  "GET /publisher": { requires: { auth: "key", websiteOnly: true } },
  "PUT /publisher/handle": { requires: { auth: "key", websiteOnly: true }, body: { handle: "new-handle" } },
  "POST /publisher/domains": { requires: { auth: "key", websiteOnly: true }, body: { domain: "example.com" } },
  "POST /publisher/domains/{domain}/check": { requires: { auth: "key", websiteOnly: true }, url: () => "/publisher/domains/example.com/check" },
  "DELETE /publisher/domains/{domain}": { requires: { auth: "key", websiteOnly: true }, url: () => "/publisher/domains/example.com" },

  // docs/exchange-rates.md#endpoints-parameters-and-defaults, docs/api.md#authentication-and-scopes: the exchange rates need neither sign-in nor key.
  "GET /fx/latest": { requires: { auth: "none" } },
  "GET /fx/convert": { requires: { auth: "none" }, url: () => "/fx/convert?from=USD&to=EUR&amount=1" },
  "GET /fx/history": { requires: { auth: "none" }, url: () => "/fx/history?days=2" },
  "GET /fx/currencies": { requires: { auth: "none" } },
  "GET /rates": { requires: { auth: "none" } },
  // docs/plugins.md#signing-keys: the public signing keys need neither sign-in nor key.
  "GET /plugin-signing-keys": { requires: { auth: "none" } },

  // docs/api.md#operations: any valid key, whatever its scopes.
  "GET /me": { requires: { auth: "key" } },
  // docs/api.md#errors: keys are managed on the website; an API key there is 403 forbidden.
  "GET /keys": { requires: { auth: "key", websiteOnly: true } },
  "POST /keys": { requires: { auth: "key", websiteOnly: true }, body: { name: "k", scopes: ["plugins:read"] } },
  "DELETE /keys/{id}": { requires: { auth: "key", websiteOnly: true }, url: (f) => `/keys/${f.othersKeyId}` },
  // docs/desktop.md#signing-in-from-the-desktop-app (docs/desktop.md): the account page lists and ends desktop sign-ins; neither a key nor the app itself may.
  "GET /connected-apps": { requires: { auth: "key", websiteOnly: true } },
  "DELETE /connected-apps/{id}": { requires: { auth: "key", websiteOnly: true }, url: () => "/connected-apps/00000000-0000-4000-8000-000000000000" },
  // docs/desktop.md#signing-in-without-a-browser-on-this-computer: the /device page opens and answers a device's code; neither a key nor the app may.
  "POST /device-codes/lookup": { requires: { auth: "key", websiteOnly: true }, body: { userCode: "BCDF-GHJK" } },
  "POST /device-codes/decision": { requires: { auth: "key", websiteOnly: true }, body: { userCode: "BCDF-GHJK", decision: "allow" } },
  // docs/payments.md#subscriptions — plans are bought and managed on the website only, like plugins.
  "GET /billing": { requires: { auth: "key", websiteOnly: true } },
  "POST /subscriptions": { requires: { auth: "key", websiteOnly: true }, body: { plan: "pro", interval: "month" } },
  "POST /subscription/cancel": { requires: { auth: "key", websiteOnly: true } },
  "POST /subscription/resume": { requires: { auth: "key", websiteOnly: true } },
  "PUT /subscription/plan": { requires: { auth: "key", websiteOnly: true }, body: { plan: "ultimate" } },
  "GET /billing/receipts/{id}": { requires: { auth: "key", websiteOnly: true }, url: () => "/billing/receipts/00000000-0000-4000-8000-000000000000" },

  // docs/api.md#overlays, docs/api.md#limits: creating, updating and forking overlays need inventory:write and Pro or Ultimate. Listing and
  // deleting need the scope only (a downgraded account sees its locked overlays and may delete them, docs/api.md#decisions-on-what-the-specification-leaves-open).
  "GET /overlays": { requires: { auth: "key", scope: "inventory:write" } },
  "POST /overlays": {
    requires: { auth: "key", scope: "inventory:write", entitlement: "overlays", plan: "pro" },
    body: { name: "x", document: { schema: 1, canvas: { width: 1, height: 1 }, layers: [] } },
  },
  "POST /overlays/fork": {
    requires: { auth: "key", scope: "inventory:write", entitlement: "overlays", plan: "pro" },
    body: { slug: "starting-soon", name: "x" },
  },
  "GET /overlays/{overlayId}": {
    requires: { auth: "key", scope: "inventory:write" },
    url: (f) => `/overlays/${f.othersOverlay}`,
    othersResource: (f) => `/overlays/${f.othersOverlay}`,
  },
  "PUT /overlays/{overlayId}": {
    requires: { auth: "key", scope: "inventory:write", entitlement: "overlays", plan: "pro" },
    url: (f) => `/overlays/${f.othersOverlay}`,
    body: { baseRev: 1, name: "x" },
    othersResource: (f) => `/overlays/${f.othersOverlay}`,
  },
  "DELETE /overlays/{overlayId}": {
    requires: { auth: "key", scope: "inventory:write" },
    url: (f) => `/overlays/${f.othersOverlay}`,
    othersResource: (f) => `/overlays/${f.othersOverlay}`,
  },
  "POST /overlays/{overlayId}/browser-source": {
    requires: { auth: "key", scope: "inventory:write", entitlement: "overlays", plan: "pro" },
    url: (f) => `/overlays/${f.othersOverlay}/browser-source`,
    othersResource: (f) => `/overlays/${f.othersOverlay}/browser-source`,
  },
  "DELETE /overlays/{overlayId}/browser-source": {
    requires: { auth: "key", scope: "inventory:write", entitlement: "overlays", plan: "pro" },
    url: (f) => `/overlays/${f.othersOverlay}/browser-source`,
    othersResource: (f) => `/overlays/${f.othersOverlay}/browser-source`,
  },
  // docs/overlays.md#drafts-and-live: publishing moves what is on stream, so it needs what a save needs.
  "POST /overlays/{overlayId}/publish": {
    requires: { auth: "key", scope: "inventory:write", entitlement: "overlays", plan: "pro" },
    url: (f) => `/overlays/${f.othersOverlay}/publish`,
    body: { rev: 1, baseLiveRev: 1 },
    othersResource: (f) => `/overlays/${f.othersOverlay}/publish`,
  },
  // docs/overlays.md#revision-history: reading the history as reading an overlay (the scope); restoring is a save (Pro or Ultimate).
  "GET /overlays/{overlayId}/revisions": {
    requires: { auth: "key", scope: "inventory:write" },
    url: (f) => `/overlays/${f.othersOverlay}/revisions`,
    othersResource: (f) => `/overlays/${f.othersOverlay}/revisions`,
  },
  "GET /overlays/{overlayId}/revisions/compare": {
    requires: { auth: "key", scope: "inventory:write" },
    url: (f) => `/overlays/${f.othersOverlay}/revisions/compare?from=1&to=1`,
    othersResource: (f) => `/overlays/${f.othersOverlay}/revisions/compare?from=1&to=1`,
  },
  "GET /overlays/{overlayId}/revisions/{rev}": {
    requires: { auth: "key", scope: "inventory:write" },
    url: (f) => `/overlays/${f.othersOverlay}/revisions/1`,
    othersResource: (f) => `/overlays/${f.othersOverlay}/revisions/1`,
  },
  "POST /overlays/{overlayId}/revisions/{rev}/restore": {
    requires: { auth: "key", scope: "inventory:write", entitlement: "overlays", plan: "pro" },
    url: (f) => `/overlays/${f.othersOverlay}/revisions/1/restore`,
    body: { baseRev: 1 },
    othersResource: (f) => `/overlays/${f.othersOverlay}/revisions/1/restore`,
  },
  // docs/overlays.md#test-alerts: firing a test alert acts on the overlay's sources as a save would (Pro or Ultimate), without saving.
  "POST /overlays/{overlayId}/test-alerts": {
    requires: { auth: "key", scope: "inventory:write", entitlement: "overlays", plan: "pro" },
    url: (f) => `/overlays/${f.othersOverlay}/test-alerts`,
    body: { alert: { type: "follow", name: "Ada" } },
    othersResource: (f) => `/overlays/${f.othersOverlay}/test-alerts`,
  },
  // docs/api.md#operations: the predefined catalogue is a shop window: no key needed.
  "GET /catalog/overlays": { requires: { auth: "optional" } },
  // docs/api.md#operations, docs/api.md#authentication-and-scopes: the sound catalogue needs sounds:read (keys made before the scope existed lack it). The audio
  // (GET /sounds/{soundId}/audio) is a raw route with the same requirements, tested in sounds.test.ts.
  "GET /sounds": { requires: { auth: "key", scope: "sounds:read" } },
  "GET /sounds/categories": { requires: { auth: "key", scope: "sounds:read" } },
  "GET /sounds/{soundId}": { requires: { auth: "key", scope: "sounds:read" }, url: () => "/sounds/00000000-0000-4000-8000-000000000000" },
  // docs/api.md#operations, docs/api.md#versioning: the market is a shop window too; the inventory is the account's own, behind inventory:write
  // (the one inventory scope, docs/api.md#authentication-and-scopes), reading included. Which items a plan may add is per item (tested in market.test.ts).
  "GET /market": { requires: { auth: "optional" } },
  "GET /market/{slug}": { requires: { auth: "optional" }, url: () => "/market/starting-soon" },
  "GET /inventory": { requires: { auth: "key", scope: "inventory:write" } },
  "POST /inventory": { requires: { auth: "key", scope: "inventory:write" }, body: { slug: "starting-soon" } },
  "DELETE /inventory/{itemId}": {
    requires: { auth: "key", scope: "inventory:write" },
    url: (f) => `/inventory/${f.othersInventoryItem}`,
    othersResource: (f) => `/inventory/${f.othersInventoryItem}`,
  },
  // docs/api.md#assets, docs/overlays.md#pictures-and-the-asset-library: the asset library is the account's own, behind inventory:write as the
  // overlays are, reading included; only uploading needs a plan with picture storage (a downgraded account still lists, renames, deletes).
  // POST /assets is a raw route (its body is the picture's or sound's bytes): it declares its scope and entitlement beside it (uploadRequirements).
  // Sounds (docs/overlays.md#uploaded-alert-sounds) share the route and its guards; the body here starts like an MP3, so a sound's path is guarded too.
  "POST /assets": {
    requires: { auth: "key", scope: "inventory:write", entitlement: "assetStorageBytes", plan: "pro" },
    url: () => "/assets?name=x",
    body: "ID3 not a sound",
  },
  "GET /assets": { requires: { auth: "key", scope: "inventory:write" }, url: () => "/assets?kind=sound" },
  "GET /assets/{assetId}": {
    requires: { auth: "key", scope: "inventory:write" },
    url: (f) => `/assets/${f.othersAsset}`,
    othersResource: (f) => `/assets/${f.othersAsset}`,
  },
  "PATCH /assets/{assetId}": {
    requires: { auth: "key", scope: "inventory:write" },
    url: (f) => `/assets/${f.othersAsset}`,
    body: { name: "x" },
    othersResource: (f) => `/assets/${f.othersAsset}`,
  },
  "DELETE /assets/{assetId}": {
    requires: { auth: "key", scope: "inventory:write" },
    url: (f) => `/assets/${f.othersAsset}`,
    othersResource: (f) => `/assets/${f.othersAsset}`,
  },
};

/** The requirements an operation's metadata declares, as the ladder applies them (the plan from the plans table). */
export function requirementsOf(rest: RestMeta): Requirements {
  return {
    auth: rest.auth ?? "optional",
    ...(rest.scope ? { scope: rest.scope } : {}),
    ...(rest.entitlement ? { entitlement: rest.entitlement, plan: planFor(rest.entitlement) } : {}),
    ...(rest.websiteOnly ? { websiteOnly: true as const } : {}),
  };
}

/** An /api/v1 operation as the router publishes it, with its derived requirements and the contract's call fixtures. */
export interface Operation extends Omit<ContractEntry, "requires"> {
  /** "METHOD /path", the path as the document spells it. */
  name: string;
  method: string;
  path: string;
  rest: RestMeta;
  requires: Requirements;
  /** A raw route of /api/v1 (not a procedure): the OpenAPI document describes it by hand. */
  raw?: true;
}

/** The /api/v1 raw routes guarded like operations, with the requirements they declare beside them. */
const rawOperations: { method: string; path: string; rest: RestMeta }[] = [
  { method: "POST", path: "/assets", rest: { auth: "key", ...uploadRequirements } },
  { method: "GET", path: "/plugins/{slug}/analytics.csv", rest: { auth: "key", ...analyticsCsvRequirements } },
  { method: "PUT", path: "/plugins/{slug}/icon", rest: { auth: "key", ...mediaUploadRequirements } },
  { method: "POST", path: "/plugins/{slug}/screenshots", rest: { auth: "key", ...mediaUploadRequirements } },
];

/** Every /api/v1 operation, read from the routers' metadata (the same collectRoutes the REST handler serves), and the guarded raw routes. */
export const operations: Operation[] = [
  ...collectRoutes(appRouter).map((route) => ({ method: route.method, path: route.path, rest: route.rest })),
  ...rawOperations.map((route) => ({ ...route, raw: true as const })),
].map((route) => {
  const name = `${route.method} ${route.path}`;
  const { requires: _expected, ...calls } = securityContract[name] ?? { requires: undefined };
  return { name, ...route, requires: requirementsOf(route.rest), ...calls };
});
