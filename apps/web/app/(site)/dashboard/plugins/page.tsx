import type { Metadata } from "next";
import Link from "next/link";
import { Markdown } from "@/components/markdown/markdown";
import { formatCount, formatDate } from "@/components/format";
import { api } from "@/lib/server/api";
import { requireCaller } from "@/lib/server/auth";
import { RemovePluginButton } from "./remove-plugin-button";

export const metadata: Metadata = { title: "My plugins" };

const statusText = { published: "Published", hidden: "Hidden by the operator", removed: "Removed" } as const;

export default async function MyPluginsPage() {
  await requireCaller("/dashboard/plugins");
  const caller = await api();
  const { items } = await caller.plugins.mine();
  const details = await Promise.all(items.map((plugin) => caller.plugins.get({ slug: plugin.slug })));
  return (
    <div className="container">
      <div className="page-head">
        <div>
          <h1>My plugins</h1>
          <p>Publish new versions from your scripts with the CLI or the REST API; here you see them land.</p>
        </div>
        <Link href="/publishing" className="button secondary">
          How to publish
        </Link>
      </div>
      {items.length === 0 ? (
        <div className="empty">
          <p>You have not published a plugin yet.</p>
          <Link href="/publishing" className="button">
            Publish your first plugin
          </Link>
        </div>
      ) : (
        <ul className="plugin-rows" aria-label="Your plugins">
          {details.map(({ item: plugin }) => (
            <li key={plugin.id} className="panel" data-testid="my-plugin">
              <div className="plugin-row-head">
                <div>
                  <h2>{plugin.status === "published" ? <Link href={`/plugins/${plugin.slug}`}>{plugin.name}</Link> : plugin.name}</h2>
                  <div className="meta-row">
                    <code>{plugin.slug}</code>
                    <span className="badge">v{plugin.version}</span>
                    <span>{formatCount(plugin.downloads)} downloads</span>
                    <span className={`status ${plugin.status}`}>{statusText[plugin.status]}</span>
                  </div>
                </div>
                {plugin.status !== "removed" ? <RemovePluginButton slug={plugin.slug} name={plugin.name} /> : null}
              </div>
              <details>
                <summary>
                  {plugin.versions.length} version{plugin.versions.length === 1 ? "" : "s"}
                </summary>
                <ol className="versions" reversed>
                  {plugin.versions.map((version) => (
                    <li key={version.version}>
                      <header>
                        <strong>{version.version}</strong>
                        <time dateTime={version.createdAt}>{formatDate(version.createdAt)}</time>
                      </header>
                      <Markdown className="changelog">{version.changelog}</Markdown>
                    </li>
                  ))}
                </ol>
              </details>
              {plugin.status === "removed" ? (
                <p className="muted">Out of the marketplace. People who downloaded it keep it; publishing a new version lists it again.</p>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
