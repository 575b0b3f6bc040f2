"use client";

import type { ListingDetail } from "@streamkit/api-contract";
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { formatCount } from "@/components/format";
import { VersionList } from "@/components/version-list";
import { useTRPC } from "@/lib/trpc/client";
import { errorMessage } from "@/lib/trpc/errors";
import { ListingDetailsForm } from "@/components/discovery/listing-details-form";
import { ModerationNotices } from "./moderation-notices";
import { PluginMediaEditor } from "./plugin-media-editor";
import { RemovePluginButton } from "./remove-plugin-button";
import { ReviewStatus } from "./review-status";

const statusText = { published: "Published", hidden: "Hidden by the operator", removed: "Removed", taken_down: "Taken down by the operators" } as const;

/**
 * The author's plugins with their versions (plugins.mineWithVersions). Given
 * `initial`, the page rendered them for the request; without it — the
 * members' copy every account shares (lib/cached-pages.ts) — the browser
 * reads them. A delete reads them again.
 */
export function MyPluginsList({ initial }: { initial?: ListingDetail[] }) {
  const trpc = useTRPC();
  const query = useQuery({
    ...trpc.plugins.mineWithVersions.queryOptions(),
    ...(initial ? { initialData: { items: initial } } : {}),
    retry: false,
  });
  if (query.error) return <p className="problem">{errorMessage(query.error)}</p>;
  if (!query.data) {
    return (
      <p className="muted" aria-busy="true">
        Loading your plugins…
      </p>
    );
  }
  const items = query.data.items;
  if (items.length === 0) {
    return (
      <div className="empty">
        <p>You have not published a plugin yet.</p>
        <Link href="/publishing" className="button">
          Publish your first plugin
        </Link>
      </div>
    );
  }
  return (
    <ul className="plugin-rows" aria-label="Your plugins">
      {items.map((plugin) => (
        <li key={plugin.id} className="panel" data-testid="my-plugin">
          <div className="plugin-row-head">
            <div>
              <h2>
                {plugin.status === "published" && !plugin.versions.every((v) => v.review) ? (
                  <Link href={`/plugins/${plugin.slug}`}>{plugin.name}</Link>
                ) : (
                  plugin.name
                )}
              </h2>
              <div className="meta-row">
                <code>{plugin.slug}</code>
                <span className="badge">v{plugin.version}</span>
                <span>{formatCount(plugin.downloads)} downloads</span>
                <Link href={`/dashboard/plugins/${encodeURIComponent(plugin.slug)}/analytics`}>Analytics</Link>
                <span className={`status ${plugin.status}`}>{statusText[plugin.status]}</span>
              </div>
            </div>
            {plugin.status !== "removed" ? <RemovePluginButton slug={plugin.slug} name={plugin.name} /> : null}
          </div>
          <ModerationNotices plugin={plugin} />
          {plugin.review ? <ReviewStatus review={plugin.review} listed={!plugin.versions.every((v) => v.review)} /> : null}
          <PluginMediaEditor plugin={plugin} />
          <details>
            <summary>
              Category and tags{plugin.category || plugin.tags.length ? `: ${[plugin.category, ...plugin.tags].filter(Boolean).join(", ")}` : ""}
            </summary>
            <ListingDetailsForm plugin={plugin} />
          </details>
          <details>
            <summary>
              {plugin.versions.length} version{plugin.versions.length === 1 ? "" : "s"}
            </summary>
            <VersionList versions={plugin.versions} />
          </details>
          {plugin.status === "removed" ? (
            <p className="muted">Out of the marketplace. People who downloaded it keep it; publishing a new version lists it again.</p>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
