/**
 * Desktop app releases (docs/desktop.md#the-app-updater): the operator publishes,
 * lists and withdraws them (operator CLI); the updater offers the highest
 * version by SemVer precedence that is not withdrawn, per platform.
 */
import { createHash } from "node:crypto";
import type { AppUpdate, PublishRelease, Release, ReleaseArch, ReleaseTarget } from "@streamkit/api-contract";
import { publishReleaseSchema, releaseArches, releaseTargets } from "@streamkit/api-contract";
import { type AppRelease, appReleases, type Db, isUniqueViolation, type Tx } from "@streamkit/db";
import { compareVersions, explainInvalidVersion, versionKey } from "@streamkit/plugin-rules";
import { and, asc, eq, gte, isNull } from "drizzle-orm";
import { AppError, notFound } from "@streamkit/api-contract";

export function releaseRecord(row: AppRelease): Release {
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
    withdrawnAt: row.withdrawnAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The row of a release to publish; bad values are bad_request naming each (in `details`), as the CLI and /admin show them. */
function releaseValues(input: PublishRelease) {
  const parsed = publishReleaseSchema.safeParse(input);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => ({ path: issue.path.join("."), message: issue.message }));
    throw new AppError("bad_request", problems.map((problem) => `${problem.path}: ${problem.message}`).join(" "), problems);
  }
  const release = parsed.data;
  return {
    version: release.version,
    versionKey: versionKey(release.version),
    target: release.target,
    arch: release.arch,
    url: release.url,
    signature: release.signature,
    notes: release.notes,
    rollout: release.rollout,
    ...(release.pubDate ? { pubDate: new Date(release.pubDate) } : {}),
  };
}

/** Publishes one version for one platform (bad values: bad_request naming each, in `details`); the same version (build metadata aside) twice is 409 version_exists. */
export async function publishRelease(db: Db, input: PublishRelease): Promise<Release> {
  const values = releaseValues(input);
  try {
    const [row] = await db.insert(appReleases).values(values).returning();
    return releaseRecord(row!);
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("version_exists", `Version ${values.version} for ${values.target}/${values.arch} is already published.`);
    throw error;
  }
}

/** Publishes what is not published yet, in one statement (inside a transaction too): a version already on its platform is left as it is. Returns how many were added. */
export async function publishMissingReleases(db: Db | Tx, inputs: PublishRelease[]): Promise<number> {
  if (inputs.length === 0) return 0;
  const rows = await db.insert(appReleases).values(inputs.map(releaseValues)).onConflictDoNothing().returning({ id: appReleases.id });
  return rows.length;
}

/** Every release, by platform, newest version last. */
export async function listReleases(db: Db): Promise<Release[]> {
  const rows = await db.select().from(appReleases).orderBy(asc(appReleases.target), asc(appReleases.arch), asc(appReleases.createdAt));
  return rows.sort((a, b) => a.target.localeCompare(b.target) || a.arch.localeCompare(b.arch) || compareVersions(a.version, b.version)).map(releaseRecord);
}

/** Withdraws a version on one platform, or on every platform that has it: the updater stops offering it at once. */
export async function withdrawRelease(db: Db, input: { version: string; target?: ReleaseTarget; arch?: ReleaseArch }, now: Date): Promise<Release[]> {
  const problem = input.version.length > 256 ? "it is too long" : explainInvalidVersion(input.version);
  if (problem) throw new AppError("bad_request", `The version is not SemVer: ${problem}.`);
  const rows = await db
    .update(appReleases)
    .set({ withdrawnAt: now })
    .where(
      and(
        eq(appReleases.versionKey, versionKey(input.version)),
        isNull(appReleases.withdrawnAt),
        input.target ? eq(appReleases.target, input.target) : undefined,
        input.arch ? eq(appReleases.arch, input.arch) : undefined,
      ),
    )
    .returning();
  if (rows.length === 0)
    throw notFound(`No published, not withdrawn release ${input.version}${input.target ? ` for ${input.target}/${input.arch ?? "any arch"}` : ""}.`);
  return rows.map(releaseRecord);
}

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

/** The newest release of a platform this installation is offered (not withdrawn, within its rollout), or null. */
export async function offeredRelease(db: Db, target: ReleaseTarget, arch: ReleaseArch, installation: string | null): Promise<AppRelease | null> {
  const rows = await db
    .select()
    .from(appReleases)
    .where(and(eq(appReleases.target, target), eq(appReleases.arch, arch), isNull(appReleases.withdrawnAt)));
  return rows
    .filter((row) => inRollout(row, installation))
    .reduce<AppRelease | null>((best, row) => (best === null || compareVersions(row.version, best.version) > 0 ? row : best), null);
}

/** What /download lists: per platform, the newest release offered to every installation (not withdrawn, full rollout), platforms in table order. */
export async function latestFullReleases(db: Db): Promise<Release[]> {
  const rows = await db
    .select()
    .from(appReleases)
    .where(and(isNull(appReleases.withdrawnAt), gte(appReleases.rollout, 100)));
  const newest = new Map<string, AppRelease>();
  for (const row of rows) {
    const platform = `${row.target}/${row.arch}`;
    const best = newest.get(platform);
    if (!best || compareVersions(row.version, best.version) > 0) newest.set(platform, row);
  }
  const order = (row: AppRelease) =>
    releaseTargets.indexOf(row.target as ReleaseTarget) * releaseArches.length + releaseArches.indexOf(row.arch as ReleaseArch);
  return [...newest.values()].sort((a, b) => order(a) - order(b)).map(releaseRecord);
}

/** Tauri v2's answer for a newer release. */
export function appUpdate(row: AppRelease): AppUpdate {
  return { version: row.version, url: row.url, signature: row.signature, notes: row.notes, pub_date: row.pubDate.toISOString() };
}
