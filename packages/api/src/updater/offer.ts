/**
 * What the updater answers one installation (docs/desktop.md#the-app-updater):
 * the releases of the channels it follows, within their staged rollouts; a
 * required update below the platform's minimum (bypassing the rollouts); the
 * previous good release for an installation on a version withdrawn with
 * rollback. Decided by `decideUpdate` over the platform's rows, so every rule
 * is in one function.
 */
import { createHash } from "node:crypto";
import type { AppUpdate, ReleaseArch, ReleaseChannel, ReleaseTarget } from "@streamkit/api-contract";
import { channelsFollowedBy } from "@streamkit/api-contract";
import { type AppRelease, type AppReleaseMinimum, appReleaseMinimums, appReleases, type Db } from "@streamkit/db";
import { compareVersions, versionKey } from "@streamkit/plugin-rules";
import { and, eq, getTableColumns, isNull, or, sql } from "drizzle-orm";
import { effectiveMinimum } from "./minimums";

/**
 * Whether a staged release is offered to this installation: a stable hash of
 * the installation id and the version, below the rollout percentage. The same
 * installation always gets the same answer for a version, and raising the
 * percentage only adds installations. Without an id only full releases count.
 */
export function inRollout(row: Pick<AppRelease, "rollout" | "versionKey">, installation: string | null): boolean {
  if (row.rollout >= 100) return true;
  if (!installation || row.rollout <= 0) return false;
  const bucket = createHash("sha256").update(`${installation}\n${row.versionKey}`).digest().readUInt32BE(0) % 100;
  return bucket < row.rollout;
}

export interface UpdateQuestion {
  channel: ReleaseChannel;
  current: string;
  installation: string | null;
}

const newest = (rows: AppRelease[]) =>
  rows.reduce<AppRelease | null>((best, row) => (best === null || compareVersions(row.version, best.version) > 0 ? row : best), null);
const atLeast = (row: AppRelease, version: string) => compareVersions(row.version, version) >= 0;

/** The answer for one installation, or null (204). `rows`: the platform's releases (withdrawn ones may be left out, except the current version's). */
export function decideUpdate(rows: AppRelease[], minimums: Pick<AppReleaseMinimum, "channel" | "version">[], question: UpdateQuestion): AppUpdate | null {
  const { channel, current, installation } = question;
  const followed: readonly string[] = channelsFollowedBy(channel);
  const live = rows.filter((row) => row.withdrawnAt === null && followed.includes(row.channel));
  const minimum = effectiveMinimum(minimums, channel);
  const offered = newest(live.filter((row) => inRollout(row, installation)));
  const answer = (row: AppRelease, marks: { required?: boolean; rollback?: boolean }) => ({
    version: row.version,
    url: row.url,
    signature: row.signature,
    notes: row.notes,
    pub_date: row.pubDate.toISOString(),
    channel: row.channel as ReleaseChannel,
    required: marks.required ?? false,
    minimumVersion: minimum,
    rollback: marks.rollback ?? false,
  });

  // Below the minimum: its usual offer if that meets the minimum, else the lowest release that does, whatever its rollout.
  if (minimum !== null && compareVersions(current, minimum) < 0) {
    const meeting = live.filter((row) => atLeast(row, minimum)).sort((a, b) => compareVersions(a.version, b.version));
    const pick = offered && atLeast(offered, minimum) ? offered : meeting[0];
    if (pick) return answer(pick, { required: true });
  }
  if (offered && compareVersions(offered.version, current) > 0) return answer(offered, {});

  // On a version withdrawn with rollback: the release it would be offered, lower, if that is not below the minimum.
  const key = versionKey(current);
  const withdrawn = rows.some((row) => row.versionKey === key && row.withdrawnAt !== null && row.rollback);
  if (withdrawn && offered && compareVersions(offered.version, current) < 0 && (minimum === null || atLeast(offered, minimum))) {
    return answer(offered, { rollback: true });
  }
  return null;
}

/**
 * Reads what the decision needs in one statement (a burst of update checks
 * holds one connection each, briefly): the platform's live releases and the
 * current version's row, each carrying the platform's minimums. No row, no
 * release to offer, so the minimums are not needed then.
 */
export async function offerUpdate(db: Db, target: ReleaseTarget, arch: ReleaseArch, question: UpdateQuestion): Promise<AppUpdate | null> {
  const rows = await db
    .select({
      release: getTableColumns(appReleases),
      minimums: sql<string>`(select coalesce(json_agg(json_build_object('channel', m.channel, 'version', m.version)), '[]')::text
        from ${appReleaseMinimums} m where m.target = ${target} and m.arch = ${arch})`,
    })
    .from(appReleases)
    .where(
      and(
        eq(appReleases.target, target),
        eq(appReleases.arch, arch),
        or(isNull(appReleases.withdrawnAt), eq(appReleases.versionKey, versionKey(question.current))),
      ),
    );
  if (rows.length === 0) return null;
  const minimums = JSON.parse(rows[0]!.minimums) as Pick<AppReleaseMinimum, "channel" | "version">[];
  return decideUpdate(
    rows.map((row) => row.release),
    minimums,
    question,
  );
}
