import { type Release, type ReleaseArch, type ReleaseMinimum, type ReleaseTarget, releaseArches, releaseTargets } from "@streamkit/api-contract";
import type { Metadata } from "next";
import Link from "next/link";
import { requireStaff } from "@/components/commerce/staff";
import { DataTable } from "@/components/data-table";
import { formatDate } from "@/components/format";
import { fileNameOf, platformName } from "@/components/releases/platform-name";
import { api } from "@/lib/server/api";
import { isUuid, one, type SearchParams } from "../admin-paging";
import { ChangeRelease } from "./change-release";
import { MinimumVersions } from "./minimum-versions";
import { PublishReleaseForm } from "./publish-release-form";
import { WithdrawRelease } from "./withdraw-release";

export const metadata: Metadata = { title: "Desktop releases" };

/** The notice after a change, from the release as it is now (an edited address cannot claim what did not happen). */
function notice(releases: Release[], minimums: ReleaseMinimum[], params: Record<string, string | string[] | undefined>): string | null {
  const find = (key: string) => {
    const id = one(params[key]);
    return isUuid(id) ? releases.find((release) => release.id === id) : undefined;
  };
  const name = (release: Release) => `${release.version} for ${platformName(release.target, release.arch)}`;
  const share = (release: Release) =>
    release.rollout === 100 ? `every ${release.channel} installation` : `${release.rollout} % of ${release.channel} installations`;
  const done = find("published");
  if (done && !done.withdrawnAt) return `Published ${name(done)}: the updater offers it to ${share(done)}.`;
  const changed = find("changed");
  if (changed && !changed.withdrawnAt) return `Changed ${name(changed)}: the updater offers it to ${share(changed)}.`;
  const rolledBack = find("rolledBack");
  if (rolledBack?.rollback) return `Withdrew ${name(rolledBack)} and rolled it back: installations on it are offered the previous good release.`;
  const pulled = find("withdrawn");
  if (pulled?.withdrawnAt) return `Withdrew ${name(pulled)}: the updater no longer offers it.`;
  const minimum = one(params.minimum);
  if (minimum) {
    const set = minimums.find((m) => `${m.target}/${m.arch}/${m.channel}` === minimum);
    const [target, arch, channel] = minimum.split("/");
    if (set) return `Set the minimum version of ${platformName(set.target, set.arch)}, ${set.channel}, to ${set.version}.`;
    const known = releaseTargets.includes(target as ReleaseTarget) && releaseArches.includes(arch as ReleaseArch) && channel;
    if (known) return `Removed the minimum version of ${platformName(target as ReleaseTarget, arch as ReleaseArch)}, ${channel}.`;
  }
  return null;
}

/** Newest first: what was just published is at the top. */
const newestFirst = (a: Release, b: Release) => b.createdAt.localeCompare(a.createdAt) || a.target.localeCompare(b.target) || a.arch.localeCompare(b.arch);

export default async function AdminReleasesPage({ searchParams }: { searchParams: SearchParams }) {
  await requireStaff();
  const params = await searchParams;
  const client = await api();
  const [all, minimums] = await Promise.all([client.admin.releases.list(), client.admin.releases.minimums()]);
  const releases = all.sort(newestFirst);
  const done = notice(releases, minimums, params);
  return (
    <>
      <div className="page-head">
        <div>
          <h1>Desktop releases</h1>
          <p>
            The desktop app’s updater offers each platform the highest version that is not withdrawn, in the channels the app follows (beta installations get
            beta and stable releases), to the share of installations its rollout names. These are the operator CLI’s <code>release publish</code>,{" "}
            <code>list</code>, <code>change</code>, <code>withdraw</code> and <code>minimum</code>. The public list of stable releases is on{" "}
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
      <section className="panel" aria-labelledby="minimums-title">
        <h2 id="minimums-title">Minimum versions</h2>
        <MinimumVersions minimums={minimums} />
      </section>
      <section className="panel" aria-labelledby="releases-title">
        <h2 id="releases-title">Releases</h2>
        <DataTable
          labelledBy="releases-title"
          columns={["Version", "Platform", "Channel", { label: "Rollout", numeric: true }, "Published", "Status", { label: "Actions", hidden: true }]}
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
                <br />
                <small className="muted" data-testid="release-changed-by">
                  {release.revision > 1 ? "Changed" : "Published"} by {release.updatedBy?.name ?? "the operator CLI"},{" "}
                  <time dateTime={release.updatedAt}>{formatDate(release.updatedAt)}</time>
                </small>
              </td>
              <td>{platformName(release.target, release.arch)}</td>
              <td data-testid="release-channel">{release.channel}</td>
              <td className="num" data-testid="release-rollout">
                {release.rollout} %
              </td>
              <td>
                <time dateTime={release.pubDate}>{formatDate(release.pubDate)}</time>
              </td>
              <td data-testid="release-status">
                {release.withdrawnAt ? (
                  <>
                    <span className="status revoked">{release.rollback ? "Withdrawn, rolled back" : "Withdrawn"}</span>
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
              <td>
                {release.withdrawnAt ? null : <ChangeRelease release={release} />}
                {release.rollback ? null : <WithdrawRelease release={release} />}
              </td>
            </tr>
          ))}
        </DataTable>
      </section>
    </>
  );
}
