/**
 * Desktop app releases (docs/desktop.md#the-app-updater): the operator publishes,
 * lists, changes (channel, rollout) and withdraws them, with or without
 * rollback (operator CLI and /admin/releases). What the updater offers is
 * decided in offer.ts. Every change bumps the row's revision and records
 * when and by whom (null: the operator CLI, which has no account).
 */
import type { ChangeRelease, PublishRelease, Release, ReleaseArch, ReleaseChannel, ReleaseTarget } from "@streamkit/api-contract";
import { AppError, changeReleaseSchema, notFound, publishReleaseSchema, releaseArches, releaseTargets } from "@streamkit/api-contract";
import { accounts, type AppRelease, appReleases, type Db, isUniqueViolation, type Tx } from "@streamkit/db";
import { compareVersions, explainInvalidVersion, versionKey } from "@streamkit/plugin-rules";
import { and, asc, eq, getTableColumns, gte, isNull, or, type SQL, sql } from "drizzle-orm";

/** Who makes a change: an operator signed in on the website, or null for the operator CLI. */
export type ReleaseActor = { id: string; name: string } | null;

export function releaseRecord(row: AppRelease, updatedBy: ReleaseActor = null): Release {
  return {
    id: row.id,
    version: row.version,
    target: row.target as ReleaseTarget,
    arch: row.arch as ReleaseArch,
    url: row.url,
    signature: row.signature,
    notes: row.notes,
    pubDate: row.pubDate.toISOString(),
    rollout: row.rollout,
    channel: row.channel as ReleaseChannel,
    withdrawnAt: row.withdrawnAt?.toISOString() ?? null,
    rollback: row.rollback,
    createdAt: row.createdAt.toISOString(),
    revision: row.revision,
    updatedAt: row.updatedAt.toISOString(),
    updatedBy: row.updatedBy && updatedBy?.id === row.updatedBy ? updatedBy : null,
  };
}

/** Bad values are bad_request naming each (in `details`), as the CLI and /admin show them. */
function parsed<T>(result: { success: true; data: T } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } }): T {
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => ({ path: issue.path.join("."), message: issue.message }));
  throw new AppError("bad_request", problems.map((problem) => `${problem.path}: ${problem.message}`).join(" "), problems);
}

/** The row of a release to publish. */
function releaseValues(input: PublishRelease, actor: ReleaseActor, now?: Date) {
  const release = parsed(publishReleaseSchema.safeParse(input));
  return {
    version: release.version,
    versionKey: versionKey(release.version),
    target: release.target,
    arch: release.arch,
    url: release.url,
    signature: release.signature,
    notes: release.notes,
    rollout: release.rollout,
    channel: release.channel,
    updatedBy: actor?.id ?? null,
    ...(release.pubDate ? { pubDate: new Date(release.pubDate) } : {}),
    ...(now ? { updatedAt: now, createdAt: now } : {}),
  };
}

/** Publishes one version for one platform on one channel; the same version (build metadata aside) twice on a platform is 409 version_exists. */
export async function publishRelease(db: Db, input: PublishRelease, actor: ReleaseActor = null): Promise<Release> {
  const values = releaseValues(input, actor);
  try {
    const [row] = await db.insert(appReleases).values(values).returning();
    return releaseRecord(row!, actor);
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("version_exists", `Version ${values.version} for ${values.target}/${values.arch} is already published.`);
    throw error;
  }
}

/** Publishes what is not published yet, in one statement (inside a transaction too): a version already on its platform is left as it is. Returns how many were added. */
export async function publishMissingReleases(db: Db | Tx, inputs: PublishRelease[]): Promise<number> {
  if (inputs.length === 0) return 0;
  const rows = await db
    .insert(appReleases)
    .values(inputs.map((input) => releaseValues(input, null)))
    .onConflictDoNothing()
    .returning({ id: appReleases.id });
  return rows.length;
}

/** Every release, by platform, newest version last, with who changed it last. */
export async function listReleases(db: Db): Promise<Release[]> {
  const rows = await db
    .select({ release: getTableColumns(appReleases), by: { id: accounts.id, name: accounts.name } })
    .from(appReleases)
    .leftJoin(accounts, eq(accounts.id, appReleases.updatedBy))
    .orderBy(asc(appReleases.target), asc(appReleases.arch), asc(appReleases.createdAt));
  return rows
    .sort(
      (a, b) =>
        a.release.target.localeCompare(b.release.target) ||
        a.release.arch.localeCompare(b.release.arch) ||
        compareVersions(a.release.version, b.release.version),
    )
    .map(({ release, by }) => releaseRecord(release, by?.id ? { id: by.id, name: by.name ?? "" } : null));
}

function checkedVersion(version: string): string {
  const problem = version.length > 256 ? "it is too long" : explainInvalidVersion(version);
  if (problem) throw new AppError("bad_request", `The version is not SemVer: ${problem}.`);
  return versionKey(version);
}

function platformOf(input: { target?: ReleaseTarget; arch?: ReleaseArch }): SQL | undefined {
  return and(input.target ? eq(appReleases.target, input.target) : undefined, input.arch ? eq(appReleases.arch, input.arch) : undefined);
}

const named = (input: { version: string; target?: string; arch?: string }) =>
  `${input.version}${input.target ? ` for ${input.target}/${input.arch ?? "any arch"}` : ""}`;

/** The bookkeeping every change writes: one more revision, when, by whom. */
const touched = (actor: ReleaseActor, now: Date) => ({ revision: sql`${appReleases.revision} + 1`, updatedAt: now, updatedBy: actor?.id ?? null });

/**
 * Moves a published version to another channel or rollout, on one platform or
 * every platform that has it, in one statement. With `revision` (one platform)
 * the database refuses a change made against an older revision: 409 conflict
 * with details.currentRevision, so of two operators the second one is told.
 */
export async function changeRelease(db: Db, input: ChangeRelease, actor: ReleaseActor, now: Date): Promise<Release[]> {
  const change = parsed(changeReleaseSchema.safeParse(input));
  const key = versionKey(change.version);
  const rows = await db
    .update(appReleases)
    .set({
      ...(change.channel ? { channel: change.channel } : {}),
      ...(change.rollout !== undefined ? { rollout: change.rollout } : {}),
      ...touched(actor, now),
    })
    .where(
      and(
        eq(appReleases.versionKey, key),
        isNull(appReleases.withdrawnAt),
        platformOf(change),
        change.revision !== undefined ? eq(appReleases.revision, change.revision) : undefined,
      ),
    )
    .returning();
  if (rows.length > 0) return rows.map((row) => releaseRecord(row, actor));
  if (change.revision !== undefined) {
    const [current] = await db
      .select({ revision: appReleases.revision })
      .from(appReleases)
      .where(and(eq(appReleases.versionKey, key), isNull(appReleases.withdrawnAt), platformOf(change)));
    if (current)
      throw new AppError("conflict", `Release ${named(change)} was changed meanwhile (now revision ${current.revision}); reload it and try again.`, {
        currentRevision: current.revision,
      });
  }
  throw notFound(`No published, not withdrawn release ${named(change)}.`);
}

/**
 * Withdraws a version on one platform, or on every platform that has it: the
 * updater stops offering it at once. With `rollback`, installations already on
 * it are offered the previous good release (offer.ts); a withdrawn release
 * may be given rollback later, never taken back.
 */
export async function withdrawRelease(
  db: Db,
  input: { version: string; target?: ReleaseTarget; arch?: ReleaseArch; rollback?: boolean },
  now: Date,
  actor: ReleaseActor = null,
): Promise<Release[]> {
  const key = checkedVersion(input.version);
  const rollback = input.rollback === true;
  const rows = await db
    .update(appReleases)
    .set({
      withdrawnAt: sql`coalesce(${appReleases.withdrawnAt}, ${now.toISOString()}::timestamptz)`,
      withdrawnBy: sql`case when ${appReleases.withdrawnAt} is null then ${actor?.id ?? null}::uuid else ${appReleases.withdrawnBy} end`,
      rollback: sql`${appReleases.rollback} or ${rollback}`,
      ...touched(actor, now),
    })
    .where(
      and(
        eq(appReleases.versionKey, key),
        platformOf(input),
        rollback ? or(isNull(appReleases.withdrawnAt), eq(appReleases.rollback, false)) : isNull(appReleases.withdrawnAt),
      ),
    )
    .returning();
  if (rows.length === 0)
    throw notFound(rollback ? `No release ${named(input)} that is not already rolled back.` : `No published, not withdrawn release ${named(input)}.`);
  return rows.map((row) => releaseRecord(row, actor));
}

/** What /download lists: per platform, the newest stable release offered to every installation (not withdrawn, full rollout), platforms in table order. */
export async function latestFullReleases(db: Db): Promise<Release[]> {
  const rows = await db
    .select()
    .from(appReleases)
    .where(and(isNull(appReleases.withdrawnAt), gte(appReleases.rollout, 100), eq(appReleases.channel, "stable")));
  const newest = new Map<string, AppRelease>();
  for (const row of rows) {
    const platform = `${row.target}/${row.arch}`;
    const best = newest.get(platform);
    if (!best || compareVersions(row.version, best.version) > 0) newest.set(platform, row);
  }
  const order = (row: AppRelease) =>
    releaseTargets.indexOf(row.target as ReleaseTarget) * releaseArches.length + releaseArches.indexOf(row.arch as ReleaseArch);
  return [...newest.values()].sort((a, b) => order(a) - order(b)).map((row) => releaseRecord(row));
}
