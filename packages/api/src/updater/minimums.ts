/**
 * Minimum supported versions (docs/desktop.md#required-updates): per platform
 * and channel, set or cleared by the operator. An installation is bound by
 * the highest minimum of the channels it follows (a beta installation by
 * beta's and stable's).
 */
import type { ReleaseArch, ReleaseChannel, ReleaseMinimum, ReleaseTarget, SetReleaseMinimum } from "@streamkit/api-contract";
import { channelsFollowedBy, setReleaseMinimumSchema } from "@streamkit/api-contract";
import { accounts, type AppRelease, type AppReleaseMinimum, appReleaseMinimums, appReleases, type Db } from "@streamkit/db";
import { compareVersions } from "@streamkit/plugin-rules";
import { and, eq, getTableColumns, isNull } from "drizzle-orm";
import { AppError } from "@streamkit/api-contract";
import type { ReleaseActor } from "./releases";

/** The highest of these minimums that binds an installation following `channel`, or null. */
export function effectiveMinimum(minimums: Pick<AppReleaseMinimum, "channel" | "version">[], channel: ReleaseChannel): string | null {
  const followed: readonly string[] = channelsFollowedBy(channel);
  return minimums
    .filter((minimum) => followed.includes(minimum.channel))
    .reduce<string | null>((highest, { version }) => (highest === null || compareVersions(version, highest) > 0 ? version : highest), null);
}

/** The lowest live release of the platform that meets the minimum, in a channel its channel follows. */
function satisfiedBy(minimum: AppReleaseMinimum, live: AppRelease[]): string | null {
  const followed: readonly string[] = channelsFollowedBy(minimum.channel as ReleaseChannel);
  return (
    live
      .filter((row) => row.target === minimum.target && row.arch === minimum.arch && followed.includes(row.channel))
      .filter((row) => compareVersions(row.version, minimum.version) >= 0)
      .sort((a, b) => compareVersions(a.version, b.version))[0]?.version ?? null
  );
}

function minimumRecord(row: AppReleaseMinimum, by: ReleaseActor, live: AppRelease[]): ReleaseMinimum {
  return {
    target: row.target as ReleaseTarget,
    arch: row.arch as ReleaseArch,
    channel: row.channel as ReleaseChannel,
    version: row.version,
    satisfiedBy: satisfiedBy(row, live),
    updatedAt: row.updatedAt.toISOString(),
    updatedBy: by,
  };
}

const liveReleases = (db: Db) => db.select().from(appReleases).where(isNull(appReleases.withdrawnAt));

/** Every minimum, by platform and channel. */
export async function listMinimums(db: Db): Promise<ReleaseMinimum[]> {
  const [rows, live] = await Promise.all([
    db
      .select({ minimum: getTableColumns(appReleaseMinimums), by: { id: accounts.id, name: accounts.name } })
      .from(appReleaseMinimums)
      .leftJoin(accounts, eq(accounts.id, appReleaseMinimums.updatedBy)),
    liveReleases(db),
  ]);
  return rows
    .sort((a, b) => `${a.minimum.target}/${a.minimum.arch}/${a.minimum.channel}`.localeCompare(`${b.minimum.target}/${b.minimum.arch}/${b.minimum.channel}`))
    .map(({ minimum, by }) => minimumRecord(minimum, by?.id ? { id: by.id, name: by.name ?? "" } : null, live));
}

/**
 * Sets one platform's minimum on one channel (one upsert: of two operators at
 * once, the database keeps the later), or removes it with version null
 * (answers null). A minimum no release meets yet is allowed: it binds nobody
 * until one is published (`satisfiedBy` says so).
 */
export async function setMinimum(db: Db, input: SetReleaseMinimum, actor: ReleaseActor, now: Date): Promise<ReleaseMinimum | null> {
  const result = setReleaseMinimumSchema.safeParse(input);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => ({ path: issue.path.join("."), message: issue.message }));
    throw new AppError("bad_request", problems.map((problem) => `${problem.path}: ${problem.message}`).join(" "), problems);
  }
  const { target, arch, channel, version } = result.data;
  const platform = and(eq(appReleaseMinimums.target, target), eq(appReleaseMinimums.arch, arch), eq(appReleaseMinimums.channel, channel));
  if (version === null) {
    await db.delete(appReleaseMinimums).where(platform);
    return null;
  }
  const values = { target, arch, channel, version, updatedAt: now, updatedBy: actor?.id ?? null };
  const [row] = await db
    .insert(appReleaseMinimums)
    .values(values)
    .onConflictDoUpdate({ target: [appReleaseMinimums.target, appReleaseMinimums.arch, appReleaseMinimums.channel], set: values })
    .returning();
  return minimumRecord(row!, actor, await liveReleases(db));
}
