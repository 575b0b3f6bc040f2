import type { Listing } from "@streamkit/api-contract";
import Link from "next/link";
import { CategoryLink } from "./discovery/topic-links";
import { formatCount, plural } from "./format";
import { PriceTag } from "./price-tag";
import { PluginIcon } from "./plugin-icon";
import { PublisherName } from "./publisher-name";
import { CardRating } from "./reviews/card-rating";

export function PluginCard({ plugin, country }: { plugin: Listing; country: string | null }) {
  return (
    <article className="card" aria-labelledby={`plugin-${plugin.id}`}>
      <PluginIcon icon={plugin.icon} name={plugin.name} size={48} className="card" />
      <h2 id={`plugin-${plugin.id}`}>
        <Link href={`/plugins/${plugin.slug}`}>{plugin.name}</Link>
      </h2>
      <div className="card-byline">
        <PublisherName publisher={plugin.publisher} />
        <CategoryLink category={plugin.category} />
      </div>
      <p>{plugin.description || "No description yet."}</p>
      <div className="card-footer">
        <span className="stats">
          <span className="badge" title="Latest version">
            v{plugin.version}
          </span>
          {plugin.permissionsWidened ? (
            <span className="badge permissions-widened" title="The latest update asks for more permissions than the version before it">
              <span aria-hidden="true">▲ </span>asks for more
            </span>
          ) : null}
          <span title={plural(plugin.downloads, "download")}>
            <span aria-hidden="true">↓ </span>
            {formatCount(plugin.downloads)}
            <span className="visually-hidden"> downloads</span>
          </span>
          <CardRating rating={plugin.rating} />
        </span>
        <PriceTag price={plugin.price} country={country} />
      </div>
    </article>
  );
}
