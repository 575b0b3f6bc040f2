import { httpLimits, rateLimits, windowName } from "@streamkit/api-contract";
import { planTitles, plansGranting } from "@streamkit/plans";
import { env } from "@streamkit/api";
import { formatBytes, MANIFEST_LIMITS, PACKAGE_LIMITS } from "@streamkit/plugin-rules/limits";
import { listPermissions } from "@streamkit/plugin-rules/permissions";
import type { Metadata } from "next";
import Link from "next/link";

export const metadata: Metadata = {
  title: "Publishing plugins",
  description: "The plugin manifest, the packing rules, the permissions, the streamkit-plugin CLI and the REST call.",
};

const L = MANIFEST_LIMITS;
const manifestRows: [string, string, string][] = [
  [
    "id",
    "string, required",
    `${L.idMinLength}–${L.idMaxLength} lowercase letters, digits and single hyphens (e.g. my-plugin). Equal to the plugin folder's name. The first publish claims it for you.`,
  ],
  ["name", "string, required", `${L.nameMinLength}–${L.nameMaxLength} characters; the display name.`],
  ["version", "string, required", "SemVer 2.0 (1.2.3, 1.2.3-beta.1, 1.2.3+build). Each publish must be higher than the last."],
  ["author", "string", "Optional."],
  ["description", "string", `At most ${L.descriptionMaxLength} characters; shown on the plugin's page.`],
  ["homepage", "string", "An http(s) address."],
  ["main", "string", "The Lua file that starts the plugin; ends in .lua; default main.lua."],
  ["api", "integer", "The plugin API version: 1 (the default and only value)."],
  ["permissions", "string[]", "Permissions the person enabling the plugin approves (table below). Each once."],
  ["optional_permissions", "string[]", "Permissions asked for at run time with plugin.request(permission, why). Each once."],
  ["library", "boolean", "True for a library loaded by other plugins with lib.require; default false."],
  ["libraries", "string[]", `Up to ${L.maxLibraries} library ids this plugin loads with lib.require. Each once.`],
];

export default function PublishingPage() {
  const base = env().PUBLIC_URL;
  const cli = `${base}/cli/streamkit-plugin-cli.tgz`;
  const P = PACKAGE_LIMITS;
  return (
    <div className="container docs">
      <div className="page-head">
        <div>
          <h1>Publishing plugins</h1>
          <p>
            A plugin is a folder: a <code>plugin.json</code> manifest and Lua 5.4 code. Publishing needs the {planTitles(plansGranting("pluginPublish"))} plan
            and an <Link href="/dashboard/keys">API key</Link> with the <code>plugins:write</code> scope.
          </p>
        </div>
        <Link href="/dashboard/plugins" className="button secondary">
          My plugins
        </Link>
      </div>

      <section aria-labelledby="cli">
        <h2 id="cli">With the command line</h2>
        <p>
          The <code>streamkit-plugin</code> CLI runs exactly the checks the server runs, with the same messages, before it uploads. It needs Node.js 22 or newer
          (24 LTS recommended) and comes from this site: <a href={cli}>{cli}</a> is the CLI as an npm package with nothing else to download.
        </p>
        <p>Run it without installing, with npx:</p>
        <pre>
          <code data-testid="cli-npx">{`npx ${cli} init my-plugin      # a folder with plugin.json and main.lua
cd my-plugin
npx ${cli} validate            # manifest, packing rules, Lua syntax, permissions
export STREAMKIT_API_KEY=skit_…   # a key with plugins:write
export STREAMKIT_API_URL=${base}
npx ${cli} publish --changelog "First release"`}</code>
        </pre>
        <p>Or install the command once:</p>
        <pre>
          <code data-testid="cli-install">{`npm install --global ${cli}
export STREAMKIT_API_URL=${base}   # where it publishes (else http://localhost:3000)
streamkit-plugin init my-plugin`}</code>
        </pre>
        <p>
          Each error code of the API becomes a clear message and its own exit code; when you publish too often it says when to retry. Once the package is on the
          npm registry, <code>npx @streamkit/plugin-cli …</code> runs the same CLI. In this repository it runs as <code>npx streamkit-plugin …</code>.
        </p>
      </section>

      <section aria-labelledby="rest">
        <h2 id="rest">With the REST API</h2>
        <p>
          <code>POST /api/v1/plugins</code> takes every file of the folder and a changelog (JSON, at most {formatBytes(httpLimits.maxBodyBytes)}). The{" "}
          <Link href="/docs">API reference</Link> has the whole contract.
        </p>
        <pre>
          <code>{`jq -n --arg changelog "First release" \\
  --rawfile manifest plugin.json --rawfile main main.lua \\
  '{changelog: $changelog, files: [{path: "plugin.json", content: $manifest}, {path: "main.lua", content: $main}]}' |
curl -sS ${base}/api/v1/plugins \\
  -H "Authorization: Bearer $STREAMKIT_API_KEY" -H "Content-Type: application/json" --data-binary @-`}</code>
        </pre>
        <p>
          It answers <code>201</code> with the new version and the plugin's listing. Every problem of a package comes back at once as{" "}
          <code>400 invalid_package</code>, each as <code>{"{ path, message }"}</code> where <code>path</code> points at the place, like{" "}
          <code>main.lua:12:5</code> or <code>plugin.json#/permissions/1</code>. Other answers: <code>409 slug_taken</code> (another publisher owns the id),{" "}
          <code>409 version_exists</code> (not higher than the published version), <code>429 rate_limited</code> (at most {rateLimits.publish.limit} publishes
          per {windowName(rateLimits.publish.windowSeconds)}, with <code>Retry-After</code>).
        </p>
      </section>

      <section aria-labelledby="manifest">
        <h2 id="manifest">plugin.json</h2>
        <p>Unknown properties are refused, so a typo never goes unnoticed.</p>
        <div className="panel table-wrap">
          <table className="data">
            <thead>
              <tr>
                <th scope="col">Field</th>
                <th scope="col">Type</th>
                <th scope="col">Rules</th>
              </tr>
            </thead>
            <tbody>
              {manifestRows.map(([field, type, rules]) => (
                <tr key={field}>
                  <th scope="row">
                    <code>{field}</code>
                  </th>
                  <td>{type}</td>
                  <td>{rules}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <section aria-labelledby="packing">
        <h2 id="packing">Packing rules</h2>
        <ul>
          <li>
            Paths are relative to the plugin folder and use <code>/</code>: no absolute paths, no <code>..</code> or <code>.</code> segments, no backslashes, no
            NUL, no empty segments, no duplicates (also when only letter case differs). At most {P.maxPathLength} characters and {P.maxPathSegments} segments.
          </li>
          <li>
            At most {P.maxFiles} files, each at most {formatBytes(P.maxFileBytes)}, {formatBytes(P.maxTotalBytes)} in all (UTF-8).
          </li>
          <li>Text only: UTF-8 without NUL or other control characters (tabs, line breaks and form feeds are fine).</li>
          <li>
            <code>plugin.json</code> at the root; the <code>main</code> file present; every <code>.lua</code> file parses as Lua 5.4.
          </li>
          <li>
            Every call into the plugin API (<code>chats.*</code>, <code>http.*</code>, <code>obs.*</code>, …) must be granted by a permission in{" "}
            <code>permissions</code> or <code>optional_permissions</code>, and every <code>lib.require(&quot;id&quot;)</code> must be listed in{" "}
            <code>libraries</code>. The message names what to add.
          </li>
          <li>Versions follow SemVer 2.0 precedence: a pre-release is lower than its release, and build metadata is ignored (1.1.0+build equals 1.1.0).</li>
          <li>
            Deleting a plugin takes it out of the marketplace; people who downloaded it keep it. Publishing a new version lists it again; the id stays yours.
          </li>
        </ul>
      </section>

      <section aria-labelledby="permissions">
        <h2 id="permissions">Permissions</h2>
        <div className="panel table-wrap">
          <table className="data">
            <thead>
              <tr>
                <th scope="col">Permission</th>
                <th scope="col">What people approve</th>
                <th scope="col">Grants</th>
              </tr>
            </thead>
            <tbody>
              {listPermissions().map((permission) => (
                <tr key={permission.name}>
                  <th scope="row">
                    <code>{permission.name}</code>
                  </th>
                  <td>
                    <strong>{permission.title}.</strong> {permission.summary}
                  </td>
                  <td>
                    <code>{permission.grants.join(", ")}</code>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </div>
  );
}
