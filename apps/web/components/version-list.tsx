import type { ListingDetail } from "@streamkit/api-contract";
import { formatDate } from "@/components/format";
import { Markdown } from "@/components/markdown/markdown";

/** A plugin's versions, newest first, each with its date and changelog (a plugin's page, My plugins). */
export function VersionList({ versions }: { versions: ListingDetail["versions"] }) {
  return (
    <ol className="versions" reversed>
      {versions.map((version) => (
        <li key={version.version}>
          <header>
            <strong>{version.version}</strong>
            <time dateTime={version.createdAt}>{formatDate(version.createdAt)}</time>
            {/* Only the author is ever sent versions under review. */}
            {version.review ? <span className={`status ${version.review}`}>{version.review === "held" ? "Held for review" : "Rejected"}</span> : null}
          </header>
          {version.changelog ? <Markdown className="changelog">{version.changelog}</Markdown> : <p className="changelog">No changelog.</p>}
        </li>
      ))}
    </ol>
  );
}
