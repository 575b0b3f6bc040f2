import type { ListingDetail } from "@streamkit/api-contract";
import type { Metadata } from "next";
import Link from "next/link";
import { MyPluginsList } from "./my-plugins-list";

export const myPluginsMetadata: Metadata = { title: "My plugins" };

/**
 * The author's dashboard of their plugins: rendered for the request with its
 * list (app/(site)), or as the members' copy whose list the browser reads
 * (app/cached; without JavaScript it says so).
 */
export function MyPluginsView({ initial }: { initial?: ListingDetail[] }) {
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
      <MyPluginsList initial={initial} />
      {initial ? null : (
        <noscript>
          <p className="problem">Your plugins are listed here with JavaScript on. Scripts can list them without it: GET /api/v1/plugins/mine.</p>
        </noscript>
      )}
    </div>
  );
}
