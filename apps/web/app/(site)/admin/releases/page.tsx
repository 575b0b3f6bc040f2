import type { Release } from "@streamkit/api-contract";
import type { Metadata } from "next";
import Link from "next/link";
import { requireStaff } from "@/components/commerce/staff";
import { DataTable } from "@/components/data-table";
import { formatDate } from "@/components/format";
import { fileNameOf, platformName } from "@/components/releases/platform-name";
import { api } from "@/lib/server/api";
import { isUuid, one, type SearchParams } from "../admin-paging";
import { PublishReleaseForm } from "./publish-release-form";
import { WithdrawRelease } from "./withdraw-release";

export const metadata: Metadata = { title: "Desktop releases" };

/** The notice after publishing or withdrawing, from the release as it is now (an edited address cannot claim what did not happen). */
function notice(releases: Release[], params: Record<string, string | string[] | undefined>): string | null {
  const published = one(params.published);
  const withdrawn = one(params.withdrawn);
  const find = (id: string | undefined) => (isUuid(id) ? releases.find((release) => release.id === id) : undefined);
  const name = (release: Release) => `${release.version} for ${platformName(release.target, release.arch)}`;
  const done = find(published);
  if (done && !done.withdrawnAt) {
    return done.rollout === 100
      ? `Published ${name(done)}: the updater offers it to every installation.`
      : `Published ${name(done)}: the updater offers it to ${done.rollout} % of installations.`;
  }
  const pulled = find(withdrawn);
  if (pulled?.withdrawnAt) return `Withdrew ${name(pulled)}: the updater no longer offers it.`;
  return null;
}

/** Newest first: what was just published is at the top. */
const newestFirst = (a: Release, b: Release) => b.createdAt.localeCompare(a.createdAt) || a.target.localeCompare(b.target) || a.arch.localeCompare(b.arch);

export default async function AdminReleasesPage({ searchParams }: { searchParams: SearchParams }) {
  await requireStaff();
  const params = await searchParams;
  const releases = (await (await api()).admin.releases.list()).sort(newestFirst);
  const done = notice(releases, params);
  return (
    <>
      <div className="page-head">
        <div>
          <h1>Desktop releases</h1>
          <p>
            The desktop app’s updater offers each platform the highest version that is not withdrawn, to the share of installations its rollout names. These are
            the operator CLI’s <code>release publish</code>, <code>list</code> and <code>withdraw</code>. The public list is on{" "}
            <Link href="/download">Download</Link>.
          </p>
        </div>
      </div>
      {done ? (
        <p className="form-done" role="status">
          {done}
        </p>
      ) : null}
      <section className="panel" aria-labelledby="publish-title">
        <h2 id="publish-title">Publish a release</h2>
        <PublishReleaseForm />
      </section>
      <section className="panel" aria-labelledby="releases-title">
        <h2 id="releases-title">Releases</h2>
        <DataTable
          labelledBy="releases-title"
          columns={["Version", "Platform", { label: "Rollout", numeric: true }, "Published", "Status", { label: "Actions", hidden: true }]}
          rows={releases.length}
          empty="No release has been published yet."
        >
          {releases.map((release) => (
            <tr key={release.id} data-testid="admin-release-row" data-version={release.version} data-platform={`${release.target}/${release.arch}`}>
              <td>
                <strong>{release.version}</strong>
                <br />
                <a href={release.url} className="file-name">
                  <small>{fileNameOf(release.url)}</small>
                </a>
              </td>
              <td>{platformName(release.target, release.arch)}</td>
              <td className="num">{release.rollout} %</td>
              <td>
                <time dateTime={release.pubDate}>{formatDate(release.pubDate)}</time>
              </td>
              <td data-testid="release-status">
                {release.withdrawnAt ? (
                  <>
                    <span className="status revoked">Withdrawn</span>
                    <br />
                    <small className="muted">
                      <time dateTime={release.withdrawnAt}>{formatDate(release.withdrawnAt)}</time>
                    </small>
                  </>
                ) : release.rollout < 100 ? (
                  <span className="status pending">Staged</span>
                ) : (
                  <span className="status published">Published</span>
                )}
              </td>
              <td>{release.withdrawnAt ? null : <WithdrawRelease release={release} />}</td>
            </tr>
          ))}
        </DataTable>
      </section>
    </>
  );
}
