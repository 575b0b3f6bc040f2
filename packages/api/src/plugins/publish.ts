import { type PublishRequest, type PublishResponse, rateLimits, windowName } from "@streamkit/api-contract";
import { accounts, isUniqueViolation, type Plugin, pluginFiles, plugins, pluginVersions, publisherHandles, type Tx } from "@streamkit/db";
import {
  askedPermissions,
  checkPackage,
  compareVersions,
  isHigherVersion,
  lookalikeKeys,
  type Manifest,
  permissionsWidened,
  skeleton,
  versionKey,
} from "@streamkit/plugin-rules";
import { and, eq, ne } from "drizzle-orm";
import type { AccountCaller } from "../shared/context";
import type { AppDeps } from "../shared/deps";
import { AppError } from "@streamkit/api-contract";
import { listingColumns, listingExtras, publisherJoin, toListing } from "./listings";
import { countingTransaction } from "../shared/limits/index";
import { rateLimitedError } from "../shared/limits/window";
import { activeSigningKey } from "./signing/keys";
import { signPackage } from "./signing/sign";
import { findImitations } from "./review";

/** the publish limit of docs/api.md#limits (rateLimits.publish): only publishes that succeed count. */
const publishLimit = rateLimits.publish;

const MESSAGE_PROBLEMS = 5;

function invalidPackage(problems: { path: string; message: string }[]): AppError {
  const shown = problems.slice(0, MESSAGE_PROBLEMS).map((p) => (p.path ? `${p.path}: ${p.message}` : p.message));
  const more = problems.length > MESSAGE_PROBLEMS ? ` (and ${problems.length - MESSAGE_PROBLEMS} more in details)` : "";
  const count = problems.length === 1 ? "1 problem" : `${problems.length} problems`;
  return new AppError(
    "invalid_package",
    `The package has ${count}; fix ${problems.length === 1 ? "it" : "them"} and publish again — ${shown.join("; ")}${more}`,
    problems,
  );
}

const utf8Bytes = (text: string) => Buffer.byteLength(text, "utf8");

/** Versions only increase, held, rejected and superseded ones included: the highest of them all. */
async function highestVersion(tx: Tx, plugin: Plugin): Promise<string> {
  const others = await tx
    .select({ version: pluginVersions.version })
    .from(pluginVersions)
    .where(and(eq(pluginVersions.pluginId, plugin.id), ne(pluginVersions.reviewStatus, "listed")));
  return [plugin.latestVersion, ...others.map((v) => v.version)].reduce((a, b) => (compareVersions(b, a) > 0 ? b : a));
}

/** The manifest of the version the marketplace shows now. */
async function listedManifest(tx: Tx, plugin: Plugin): Promise<Manifest | null> {
  const [row] = await tx
    .select({ manifest: pluginVersions.manifest })
    .from(pluginVersions)
    .where(and(eq(pluginVersions.pluginId, plugin.id), eq(pluginVersions.versionKey, versionKey(plugin.latestVersion))));
  return (row?.manifest as Manifest | undefined) ?? null;
}

/**
 * Publishes a version in one transaction: nothing is half-written by a
 * failure or a concurrent publish. The scans run first: a secret refuses the
 * package (checkPackage); a look-alike holds the version for review (it is
 * stored but not listed, and the listing keeps its last listed version). The database decides every race — the
 * unique slug, the plugin row lock for the version order, the unique version
 * key, and the hourly publish counter (rolled back with a failed publish).
 */
export async function publishPlugin(deps: AppDeps, caller: AccountCaller, input: PublishRequest): Promise<PublishResponse> {
  const checked = checkPackage(input.files);
  if (!checked.ok) throw invalidPackage(checked.problems);
  const { manifest, files } = checked;
  const accountId = caller.account.id;
  const now = deps.now();

  const published = await countingTransaction(deps, async (tx, hit) => {
    const decision = await hit("publish", accountId, now);
    if (!decision.allowed) throw rateLimitedError(decision, `At most ${publishLimit.limit} publishes per ${windowName(publishLimit.windowSeconds)}`);

    const listingFields = {
      name: manifest.name,
      description: manifest.description ?? "",
      homepage: manifest.homepage ?? null,
      latestVersion: manifest.version,
      permissions: manifest.permissions,
      apiVersion: manifest.api,
      lookalikeKeys: lookalikeKeys(manifest.id, manifest.name),
      updatedAt: now,
    };
    const [owner] = await tx.select({ official: accounts.official }).from(accounts).where(eq(accounts.id, accountId));
    // A new plugin starts unlisted: it is listed below unless the scan holds its first version.
    const [created] = await tx
      .insert(plugins)
      .values({ slug: manifest.id, ownerId: accountId, official: owner?.official ?? false, createdAt: now, ...listingFields, listed: false, lookalikeKeys: [] })
      .onConflictDoNothing({ target: plugins.slug })
      .returning();

    let plugin = created;
    if (!plugin) {
      const [existing] = await tx.select().from(plugins).where(eq(plugins.slug, manifest.id)).for("update");
      if (!existing || existing.ownerId !== accountId) {
        throw new AppError(
          "slug_taken",
          `Another publisher owns the plugin id "${manifest.id}"; choose another id in plugin.json (and rename the folder to match).`,
        );
      }
      const highest = await highestVersion(tx, existing);
      if (!isHigherVersion(manifest.version, highest)) {
        throw new AppError(
          "version_exists",
          `Version ${manifest.version} is not higher than ${highest === existing.latestVersion ? "the published" : "your latest"} ${highest}; raise "version" in plugin.json (SemVer: a pre-release is lower than its release, build metadata is ignored).`,
          { currentVersion: highest },
        );
      }
      plugin = existing;
    }
    const pluginId = plugin.id;

    // The look-alike scan: a listed plugin's update checks only what it changes (its id is settled once listed).
    const listedBefore = created ? null : plugin.listed ? await listedManifest(tx, plugin) : null;
    const reasons = await findImitations(tx, {
      ownerId: accountId,
      slug: manifest.id,
      name: manifest.name,
      author: manifest.author,
      check: {
        slug: !listedBefore,
        name: !listedBefore || skeleton(listedBefore.name) !== skeleton(manifest.name),
        author: Boolean(manifest.author) && (!listedBefore || skeleton(listedBefore.author ?? "") !== skeleton(manifest.author ?? "")),
      },
    });
    const held = reasons.length > 0;

    // A new version replaces a held one in the queue.
    await tx
      .update(pluginVersions)
      .set({ reviewStatus: "superseded" })
      .where(and(eq(pluginVersions.pluginId, pluginId), eq(pluginVersions.reviewStatus, "held")));
    if (!held) {
      // A removed plugin comes back when its author publishes again; an operator's hiding stays.
      await tx
        .update(plugins)
        .set({
          ...listingFields,
          listed: true,
          // Compared with the version the marketplace showed until now (a held one never counts).
          permissionsWidened: permissionsWidened(askedPermissions(manifest), listedBefore ? askedPermissions(listedBefore) : null),
          ...(plugin.status === "removed" ? { status: "published" as const } : {}),
        })
        .where(eq(plugins.id, pluginId));
    } else if (!plugin.listed) {
      // Nobody but the author sees a plugin that was never listed: it shows the held version.
      await tx
        .update(plugins)
        .set({ ...listingFields, lookalikeKeys: [] })
        .where(eq(plugins.id, pluginId));
    }

    // The service signs what the app will install (plugins/signing): the stored files, as checked.
    const signed = signPackage(await activeSigningKey(deps, tx), manifest.id, {
      id: manifest.id,
      version: manifest.version,
      publisherId: accountId,
      ...askedPermissions(manifest),
      files,
    });

    let versionId: string;
    try {
      const [version] = await tx
        .insert(pluginVersions)
        .values({
          pluginId,
          version: manifest.version,
          versionKey: versionKey(manifest.version),
          changelog: input.changelog,
          manifest,
          createdAt: now,
          ...signed,
          reviewStatus: held ? "held" : "listed",
          reviewReasons: reasons,
        })
        .returning({ id: pluginVersions.id });
      versionId = version!.id;
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError("version_exists", `Version ${manifest.version} is already published.`);
      throw error;
    }
    await tx.insert(pluginFiles).values(files.map((file) => ({ versionId, path: file.path, content: file.content })));

    const [row] = await tx
      .select(listingColumns)
      .from(plugins)
      .innerJoin(accounts, eq(accounts.id, plugins.ownerId))
      .leftJoin(publisherHandles, publisherJoin)
      .where(eq(plugins.id, pluginId));
    return {
      row: row!,
      version: {
        slug: manifest.id,
        version: manifest.version,
        changelog: input.changelog,
        createdAt: now.toISOString(),
        files: files.map((file) => ({ path: file.path, bytes: utf8Bytes(file.content) })),
        review: { status: held ? ("held" as const) : ("listed" as const), reasons },
      },
    };
  });
  const extras = await listingExtras(deps.db, caller, [published.row]);
  return { version: published.version, item: toListing(published.row, caller, extras) };
}
