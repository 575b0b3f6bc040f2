import type { Metadata } from "next";
import { GUIDES_PATH, guide } from "@/lib/server/guides";
import { ApiReference } from "./api-reference";

export const metadata: Metadata = {
  title: "API reference",
  description: "The Streamkit REST API under /api/v1, rendered from its OpenAPI document.",
};

/** The guides an API user needs beside the reference, in reading order (docs/ in the repository). */
const apiGuides = ["api", "accounts", "plugins", "payments", "analytics", "overlays", "market-and-sounds", "exchange-rates", "desktop"];

/*
 * The guide links are plain anchors, not next/link: Scalar calls
 * history.replaceState while it starts, and Next's router takes that as a
 * navigation back to /docs, cancelling a client-side one already under way.
 * Leaving the page by a document load also drops Scalar's bundle.
 */
export default function DocsPage() {
  const guides = apiGuides.flatMap((name) => guide(name) ?? []);
  return (
    <>
      <h1 className="visually-hidden">Streamkit API reference</h1>
      <nav aria-label="Guides" className="container docs-guides">
        <span>Guides:</span>
        <ul>
          {guides.map((page) => (
            <li key={page.name}>
              <a href={`${GUIDES_PATH}/${page.name}`}>{page.title}</a>
            </li>
          ))}
          <li>
            <a href={GUIDES_PATH}>All guides</a>
          </li>
        </ul>
      </nav>
      <noscript>
        <div className="container">
          <p>
            The reference needs JavaScript. The raw document is at <a href="/api/v1/openapi.json">/api/v1/openapi.json</a>.
          </p>
        </div>
      </noscript>
      <ApiReference specUrl="/api/v1/openapi.json" />
    </>
  );
}
