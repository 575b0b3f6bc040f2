import type { Metadata } from "next";
import { ApiReference } from "./api-reference";

export const metadata: Metadata = {
  title: "API reference",
  description: "The Streamkit REST API under /api/v1, rendered from its OpenAPI document.",
};

export default function DocsPage() {
  return (
    <>
      <h1 className="visually-hidden">Streamkit API reference</h1>
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
