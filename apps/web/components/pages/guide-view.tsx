import Link from "next/link";
import { TableScroll } from "@/components/table-scroll";
import { GUIDES_PATH, type Guide } from "@/lib/server/guides";

/** One page of the repository's docs/ (lib/server/guides.ts): our own Markdown, rendered as written, its tables in the site's scrolling box. */
export function GuideView({ guide }: { guide: Guide }) {
  return (
    <div className="container docs guide">
      <nav aria-label="Documentation" className="guide-nav">
        <Link href="/docs">API reference</Link>
        {guide.name === "README" ? null : <Link href={GUIDES_PATH}>All guides</Link>}
      </nav>
      {guide.parts.map((part, index) =>
        part.kind === "table" ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts are a fixed rendering of one file, never reordered.
          <TableScroll key={index}>
            {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the repository's own docs, rendered by marked at the server. */}
            <table className="data" dangerouslySetInnerHTML={{ __html: part.html }} />
          </TableScroll>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: as above.
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the repository's own docs, rendered by marked at the server.
          <div key={index} dangerouslySetInnerHTML={{ __html: part.html }} />
        ),
      )}
    </div>
  );
}
