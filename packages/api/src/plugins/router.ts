import {
  anonymousBrowsing,
  listPluginsQuerySchema,
  rateLimits,
  windowName,
  myPluginsSchema,
  myPluginsWithVersionsSchema,
  pluginDetailResponseSchema,
  pluginListSchema,
  pluginPackageSchema,
  publishRequestSchema,
  publishResponseSchema,
  pluginUpdateLimits,
  pluginUpdatesRequestSchema,
  pluginUpdatesSchema,
} from "@streamkit/api-contract";
import { PACKAGE_LIMITS } from "@streamkit/plugin-rules";
import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import { getPluginDetail, listMyPlugins, listMyPluginsWithVersions } from "./listings";
import { listPlugins } from "./search";
import { downloadPackage, removePlugin } from "./packages";
import { publishPlugin } from "./publish";
import { checkPluginUpdates } from "./updates";
import { reportProcedures } from "./moderation/index";
import { analyticsProcedures } from "./analytics/index";
import { pluginMediaProcedures } from "./media/router";
import { listingDetailsProcedures } from "./listing-details";
import { reviewProcedures } from "./reviews/index";
import { accountProcedure, publicProcedure } from "../shared/trpc";

const slugInput = z.object({ slug: z.string().max(100) });

/** Browsing is cached for callers without credentials (rest/memo.ts); keyed answers stay private and exact. */
const browsing = { auth: "optional", etag: true, memo: "marketplace" } as const;
const CACHING = `**Caching.** Without credentials the answer is the same for everybody: a strong ETag (send it back as If-None-Match for a 304 with no body while the marketplace is unchanged), \`Cache-Control: public, max-age=${anonymousBrowsing.maxAgeSeconds}\` and \`Vary: Authorization\`. The service drops its kept answers on every change they show (a publish, a new version, a price, a hidden or removed plugin, a publisher's name or badges), across all its processes; only \`downloads\` may lag, by up to the max-age. With a key or token the answer is private and exact: \`Cache-Control: no-store\`, no ETag.`;

// Static paths come before templated ones: the router matches in this order.
export const pluginsRouter = {
  mine: accountProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/plugins/mine",
        tags: ["Plugins"],
        summary: "Your plugins, including hidden and removed ones",
        description:
          "Most recently updated first. `status` is `published`, `hidden` (taken out of the marketplace by the operator), `removed` (deleted by you) or `taken_down` (taken down by the operators after reports: `takenDown` says when, the public reason and the operators' message to you). `warning` carries the newest warning the operators sent you about a plugin.",
      },
      rest: { auth: "key", scope: "plugins:read" },
    })
    .input(z.void())
    .output(myPluginsSchema)
    .query(async ({ ctx }) => ({ items: await listMyPlugins(ctx.deps.db, ctx.caller), staff: ctx.caller.account.staff })),

  /** The dashboard's My plugins, filled in by the browser on its members' copy (apps/web lib/cached-pages.ts): the website's own, not under /api/v1. */
  mineWithVersions: accountProcedure
    .input(z.void())
    .output(myPluginsWithVersionsSchema)
    .query(async ({ ctx }) => ({ items: await listMyPluginsWithVersions(ctx.deps.db, ctx.caller) })),

  list: publicProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/plugins",
        tags: ["Plugins"],
        summary: "Browse the marketplace",
        description:
          "The published plugins, by default the service's own first, then by downloads (descending), ties broken by listing id (descending). `q` searches (full text with typo tolerance; `sort=relevance` ranks the matches), `sort` chooses another order, and `category`, `tag`, `price`, `verified`, `without` and `api` (the plugin API version the host supports) filter; `total` counts every match (exact up to 10,000). Keyset paging: pass `next` back as `cursor` with the same query; `next` is null on the last page; a cursor of another sort is 400 bad_request. No key needed; with a key, `mine` and `owned` describe the caller.\n\n" +
          CACHING,
      },
      rest: browsing,
    })
    .input(listPluginsQuerySchema)
    .output(pluginListSchema)
    .query(({ ctx, input }) => listPlugins(ctx.deps.db, ctx.caller, input)),

  publish: accountProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/plugins",
        tags: ["Plugins"],
        summary: "Publish a version",
        description: [
          "Send every file of the plugin folder. The plugin id (plugin.json `id`) creates the plugin on its first publish; later publishes must carry a higher SemVer version (a pre-release is lower than its release; build metadata is ignored, so 1.1.0+build equals 1.1.0).",
          "",
          `**Packing rules** (all problems come back together as 400 invalid_package, each as { path, message } with \`path\` like \`main.lua:12:5\` or \`plugin.json#/permissions/1\`): paths relative with \`/\` only — no absolute path, \`..\` or \`.\` segment, backslash, NUL or empty segment, no duplicates (also ignoring letter case), at most ${PACKAGE_LIMITS.maxPathLength} characters and ${PACKAGE_LIMITS.maxPathSegments} segments; at most ${PACKAGE_LIMITS.maxFiles} files, each at most ${PACKAGE_LIMITS.maxFileBytes / 1024} KiB and ${PACKAGE_LIMITS.maxTotalBytes / 1024 / 1024} MiB in all (UTF-8); text only (no NUL or other control characters but tab, line breaks and form feed); plugin.json at the root, following the manifest rules of the specification; the main file present; every .lua file parsing as Lua 5.4; every call into a plugin-API namespace (chats.*, http.*, obs.*, …) granted by \`permissions\` or \`optional_permissions\`, and every \`lib.require\` listed in \`libraries\`.`,
          "",
          `At most ${rateLimits.publish.limit} successful publishes per ${windowName(rateLimits.publish.windowSeconds)} per account (429 rate_limited with Retry-After). A removed plugin is listed again when its author publishes a new version; a taken-down one stays down (only an operator restores it), though its author may still publish versions to it. The publish is one transaction: a failure leaves nothing behind, and of two concurrent publishes of one version exactly one succeeds.`,
        ].join("\n"),
      },
      rest: {
        auth: "key",
        scope: "plugins:write",
        entitlement: "pluginPublish",
        successStatus: 201,
        errors: ["invalid_package", "slug_taken", "version_exists"],
      },
    })
    .input(publishRequestSchema)
    .output(publishResponseSchema)
    .mutation(async ({ ctx, input }) => {
      const published = await publishPlugin(ctx.deps, ctx.caller, input);
      ctx.res.headers.Location = `/api/v1/plugins/${encodeURIComponent(published.version.slug)}`;
      return published;
    }),

  updates: accountProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/plugins/updates",
        tags: ["Plugins"],
        summary: "Which installed plugins have updates, in one call",
        description: [
          `The desktop app sends its installed plugins (\`installed\`: 1–${pluginUpdateLimits.maxInstalled} of { id, version }, each id once) and gets one answer per plugin, in the order sent, decided by the rules of GET /plugins/{slug}/package; nothing is downloaded or counted as a download.`,
          "",
          "- `update_available`: `latest` is a higher version the caller may install, with its permissions, its signature (check it before installing, as for a package) and its `download` path; `changes` holds the changelogs of the listed versions after the installed one, newest first (at most " +
            `${pluginUpdateLimits.maxChanges}; \`changesTruncated\` says when older ones were left out); \`permissionChanges\` compares \`latest\` with the installed version, and \`permissionsWidened\` is true when it asks for more: ask the person before installing. An installed version this plugin never published (\`installedKnown: false\`) counts everything \`latest\` asks for as added.`,
          "- `up_to_date`: the installed version is the latest (or higher); `latest` is still given, with its signature.",
          "- `purchase_required`: a paid plugin the caller has not bought: `version`, `price` and `buyUrl`.",
          "- `taken_down`: the operators took it down; only the accounts that hold it (bought it or downloaded it before) are told, with `takenDown`.",
          "- `not_found`: no such plugin for this caller (unknown, never listed, or removed or hidden and never held): the same plugins a download answers 404 for. It never fails the batch.",
          "",
          "The whole batch is one request against the account's rate limit. A malformed id or version, an id named twice, or more than the maximum: 400 validation_error naming each, and nothing answered.",
        ].join("\n"),
      },
      rest: { auth: "key", scope: "plugins:read", entitlement: "pluginDownload" },
    })
    .input(pluginUpdatesRequestSchema)
    .output(pluginUpdatesSchema)
    .mutation(({ ctx, input }) => checkPluginUpdates(ctx.deps, ctx.caller, input)),

  get: publicProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/plugins/{slug}",
        tags: ["Plugins"],
        summary: "One plugin with its version history",
        description: `The listing plus \`versions\`, newest first. Unknown slug: 404 not_found (never cached). Its author also sees it while hidden, removed or taken down; a plugin the operators took down stays readable by the accounts that hold it (bought it or downloaded it before), with \`takenDown\` saying when and why, and is 404 for everyone else.\n\n${CACHING}`,
      },
      rest: { ...browsing, errors: ["not_found"] },
    })
    .input(slugInput)
    .output(pluginDetailResponseSchema)
    .query(async ({ ctx, input }) => ({ item: await getPluginDetail(ctx.deps.db, ctx.caller, input.slug) })),

  package: accountProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/plugins/{slug}/package",
        tags: ["Plugins"],
        summary: "Download the latest version's files",
        description:
          "Counts one download per account per UTC day. A removed or hidden plugin stays downloadable by its author and by accounts that downloaded it before; for others it is 404. A paid plugin not bought answers 403 purchase_required with `details.price` and `details.buyUrl` (the page to buy it on the website). A plugin the operators took down answers 410 taken_down (`details.reason`, `details.takenDownAt`) to the accounts that hold it, 404 to everyone else; only its author may still download it.",
      },
      rest: { auth: "key", scope: "plugins:read", entitlement: "pluginDownload", errors: ["not_found", "purchase_required", "taken_down"] },
    })
    .input(slugInput)
    .output(pluginPackageSchema)
    .query(({ ctx, input }) => downloadPackage(ctx.deps, ctx.caller, input.slug)),

  remove: accountProcedure
    .meta({
      openapi: {
        method: "DELETE",
        path: "/plugins/{slug}",
        tags: ["Plugins"],
        summary: "Remove your plugin from the marketplace",
        description:
          "The plugin leaves the list and, for everyone but you, its page (404). Accounts that downloaded it keep downloading it; you still see it in /plugins/mine, and publishing a new version lists it again. Anyone else's plugin: 404 not_found. Repeating the call is harmless (204). A plugin the operators took down stays down; deleting it then means a restore leaves it removed.",
      },
      rest: { auth: "key", scope: "plugins:write", successStatus: 204, errors: ["not_found"] },
    })
    .input(slugInput)
    .output(z.void())
    .mutation(async ({ ctx, input }) => {
      await removePlugin(ctx.deps, ctx.caller, input.slug);
    }),

  ...reportProcedures,
  ...analyticsProcedures,
  ...pluginMediaProcedures,
  ...listingDetailsProcedures,
  ...reviewProcedures,
} satisfies TRPCRouterRecord;
