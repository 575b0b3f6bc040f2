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
          <PermissionChangeNote changes={version.permissionChanges} />
          {version.changelog ? <Markdown className="changelog">{version.changelog}</Markdown> : <p className="changelog">No changelog.</p>}
        </li>
      ))}
    </ol>
  );
}

/** Names joined in words: "network", "network and ai", "chat.read, network and ai". */
function inWords(names: string[]): string {
  return names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

/** What a version asks for beyond the one before it, and what it dropped, in words (the API's permissionChanges). */
export function permissionChangeSentences(changes: ListingDetail["versions"][number]["permissionChanges"]): string[] {
  const sentences: string[] = [];
  if (changes.permissions.added.length) sentences.push(`This update asks for ${inWords(changes.permissions.added)}.`);
  if (changes.optionalPermissions.added.length) sentences.push(`It may ask for ${inWords(changes.optionalPermissions.added)} while it runs.`);
  const stillAsked = new Set([...changes.permissions.added, ...changes.optionalPermissions.added]);
  const dropped = [...changes.permissions.removed, ...changes.optionalPermissions.removed].filter((name) => !stillAsked.has(name));
  if (dropped.length) sentences.push(`It no longer asks for ${inWords(dropped)}.`);
  return sentences;
}

function PermissionChangeNote({ changes }: { changes: ListingDetail["versions"][number]["permissionChanges"] }) {
  const sentences = permissionChangeSentences(changes);
  if (sentences.length === 0) return null;
  const widened = changes.permissions.added.length > 0 || changes.optionalPermissions.added.length > 0;
  return <p className={widened ? "permission-change widened" : "permission-change"}>{sentences.join(" ")}</p>;
}
