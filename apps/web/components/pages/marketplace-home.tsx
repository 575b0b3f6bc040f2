import { Pager } from "@/components/pager";
import { domainError } from "@/lib/server/errors";
import Link from "next/link";
import { PluginCard } from "@/components/plugin-card";
import { plural } from "@/components/format";
import type { PageApi } from "@/lib/server/api";
import { browseHref, listQuery, readBrowseParams, type SearchParams } from "@/components/discovery/browse-params";
import { BrowseHiddenFields, MarketplaceFilters } from "@/components/discovery/marketplace-filters";

const PAGE_SIZE = 12;

export type { SearchParams };

const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** The marketplace's home for one visitor (app/(site)) or every signed-out visitor of a region (app/cached): the plugin grid, its search and paging. */
export async function MarketplaceHome({
  params,
  country,
  caller,
  base = "/",
}: {
  params: SearchParams;
  country: string | null;
  caller: PageApi;
  base?: string;
}) {
  // Search, category, sort and filters (components/discovery): every link and form below keeps them.
  const browse = readBrowseParams(params);
  const q = browse.q;
  const pageHref = (cursor: string | undefined, trail: string[]) => browseHref(base, browse, { cursor, trail });
  const cursor = one(params.cursor) || undefined;
  const trailParam = one(params.trail);
  const trail = trailParam === undefined ? [] : trailParam.split(".");

  let page: Awaited<ReturnType<typeof caller.plugins.list>> | null = null;
  let problem: string | null = null;
  try {
    page = await caller.plugins.list({ ...listQuery(browse), cursor, limit: PAGE_SIZE });
  } catch (error) {
    if (domainError(error, "query")?.code !== "bad_request") throw error;
    problem = q && q.length > 100 ? "Search for at most 100 characters." : "That page link is no longer valid.";
  }

  const pageNumber = trail.length + 1;
  return (
    <div className="container">
      <section className="hero" aria-labelledby="market-title">
        <h1 id="market-title">Plugins for your stream</h1>
        <p>Chat commands, alerts, OBS automation, overlays and more — Lua plugins from the Streamkit team and the community.</p>
        <search>
          <form className="search" action={base} method="get">
            <BrowseHiddenFields browse={browse} omit={["q", "sort"]} />
            <label htmlFor="q" className="visually-hidden">
              Search plugins
            </label>
            <input id="q" name="q" type="search" defaultValue={q} placeholder="Search plugins, e.g. “chat” or “OBS”" maxLength={100} />
            <button type="submit" className="button">
              Search
            </button>
          </form>
        </search>
      </section>
      <MarketplaceFilters base={base} browse={browse} />

      {problem ? (
        <div className="empty" role="alert">
          <p>{problem}</p>
          <Link href={base} className="button secondary">
            Back to the marketplace
          </Link>
        </div>
      ) : page && page.items.length === 0 ? (
        <div className="empty">
          <p>
            {q
              ? `No plugin matches “${q}”.`
              : browse.category || browse.price || browse.verified || browse.without || browse.tag
                ? "No plugin matches these filters."
                : "No plugins yet."}
          </p>
          {q || browse.category || browse.price || browse.verified || browse.without || browse.tag ? (
            <Link href={base} className="button secondary">
              Show all plugins
            </Link>
          ) : null}
        </div>
      ) : page ? (
        <>
          <div className="results-meta">
            <h2 className="visually-hidden">Results</h2>
            <span aria-live="polite">
              {q ? `Results for “${q}”` : "All plugins"} · page {pageNumber}
            </span>
            <span data-testid="result-count">
              {page.totalExact ? plural(page.total, "plugin") : `${page.total.toLocaleString("en")}+ plugins`} · {plural(page.items.length, "plugin")} on this
              page
            </span>
          </div>
          <ul className="card-grid" aria-label="Plugins">
            {page.items.map((plugin) => (
              <li key={plugin.id}>
                <PluginCard plugin={plugin} country={country} />
              </li>
            ))}
          </ul>
          <Pager
            previous={trail.length > 0 ? pageHref(trail.at(-1) || undefined, trail.slice(0, -1)) : null}
            next={page.next ? pageHref(page.next, [...trail, cursor ?? ""]) : null}
          />
        </>
      ) : null}
    </div>
  );
}
