import { pluginApiVersions, pluginCategories, pluginSortLabels, pluginSorts } from "@streamkit/api-contract";
import Link from "next/link";
import { type BrowseParams, browseHref } from "./browse-params";

/** The current filters as hidden fields, so a form that changes one keeps the others (`omit` names the ones the form shows). */
export function BrowseHiddenFields({ browse, omit }: { browse: BrowseParams; omit: (keyof BrowseParams)[] }) {
  return (
    <>
      {Object.entries(browse)
        .filter(([name, value]) => value && !omit.includes(name as keyof BrowseParams))
        .map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value as string} />
        ))}
    </>
  );
}

/**
 * Browsing by category (links) and the sort and filters of the marketplace
 * (a plain GET form: it works without JavaScript); each change starts again
 * at the first page.
 */
export function MarketplaceFilters({ base, browse }: { base: string; browse: BrowseParams }) {
  const sorts = pluginSorts.filter((sort) => sort !== "relevance" || browse.q);
  return (
    <div className="marketplace-filters">
      <nav aria-label="Categories" className="category-links">
        <ul>
          <li>
            <Link href={browseHref(base, { ...browse, category: undefined })} aria-current={browse.category ? undefined : "page"}>
              All categories
            </Link>
          </li>
          {pluginCategories.map((category) => (
            <li key={category.slug}>
              <Link
                href={browseHref(base, { ...browse, category: category.slug })}
                aria-current={browse.category === category.slug ? "page" : undefined}
                title={category.description}
              >
                {category.name}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <form className="filter-form" action={base} method="get" aria-label="Sort and filter">
        <BrowseHiddenFields browse={browse} omit={["sort", "price", "verified", "without", "api"]} />
        <div className="field">
          <label htmlFor="sort">Sort by</label>
          <select id="sort" name="sort" defaultValue={browse.sort ?? (browse.q ? "relevance" : "downloads")}>
            {sorts.map((sort) => (
              <option key={sort} value={sort}>
                {pluginSortLabels[sort]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="price">Price</label>
          <select id="price" name="price" defaultValue={browse.price ?? ""}>
            <option value="">Free and paid</option>
            <option value="free">Free</option>
            <option value="paid">Paid</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor="api">Runs on plugin API</label>
          <select id="api" name="api" defaultValue={browse.api ?? ""}>
            <option value="">Any version</option>
            {pluginApiVersions.map((version) => (
              <option key={version} value={String(version)}>
                Version {version}
              </option>
            ))}
          </select>
        </div>
        <label className="check">
          <input type="checkbox" name="verified" value="true" defaultChecked={browse.verified === "true"} /> Verified publishers only
        </label>
        <label className="check">
          <input type="checkbox" name="without" value="network" defaultChecked={browse.without === "network"} /> Without internet access
        </label>
        <button type="submit" className="button secondary small">
          Apply
        </button>
      </form>
    </div>
  );
}
