/**
 * The operators' review queue (docs/operations.md#plugin-review): held
 * versions with why they were held, and the decisions taken, with who and
 * when. Approving lists the version — the listing takes its manifest, as a
 * publish would have — and rejecting keeps the last listed one and tells the
 * author why. The database decides a race: the plugin row is locked, and the
 * version changes only while it is still held, so of two concurrent
 * decisions one wins and the other gets 409 conflict.
 */
import {
  AppError,
  type DecidedVersion,
  type HeldVersion,
  notFound,
  type ReviewDecision,
  type ReviewDecisionResult,
  reviewLimits,
} from "@streamkit/api-contract";
import { accounts, type Db, plugins, pluginVersions } from "@streamkit/db";
import { askedPermissions, lookalikeKeys, type Manifest, permissionsWidened, versionKey } from "@streamkit/plugin-rules";
import { and, asc, desc, eq, inArray, isNotNull } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { AppDeps } from "../../shared/deps";

const reviewers = alias(accounts, "reviewers");
const person = (row: { id: string | null; name: string | null; email: string | null } | null) =>
  row?.id ? { id: row.id, name: row.name ?? "", email: row.email } : null;

/** Held versions, oldest first (at most reviewLimits.queue). */
export async function heldVersions(db: Db): Promise<HeldVersion[]> {
  const rows = await db
    .select({
      version: pluginVersions,
      plugin: { slug: plugins.slug, listed: plugins.listed },
      author: { id: accounts.id, name: accounts.name, email: accounts.email },
    })
    .from(pluginVersions)
    .innerJoin(plugins, eq(plugins.id, pluginVersions.pluginId))
    .innerJoin(accounts, eq(accounts.id, plugins.ownerId))
    .where(eq(pluginVersions.reviewStatus, "held"))
    .orderBy(asc(pluginVersions.createdAt), asc(pluginVersions.id))
    .limit(reviewLimits.queue);
  return rows.map(({ version, plugin, author }) => {
    const manifest = version.manifest as Manifest;
    return {
      slug: plugin.slug,
      name: manifest.name,
      version: version.version,
      changelog: version.changelog,
      author,
      manifestAuthor: manifest.author ?? null,
      newPlugin: !plugin.listed,
      reasons: version.reviewReasons,
      heldAt: version.createdAt.toISOString(),
    };
  });
}

/** The latest decisions (at most reviewLimits.decided), newest first. */
export async function decidedVersions(db: Db): Promise<DecidedVersion[]> {
  const rows = await db
    .select({
      version: pluginVersions,
      slug: plugins.slug,
      author: { id: accounts.id, name: accounts.name, email: accounts.email },
      reviewer: { id: reviewers.id, name: reviewers.name, email: reviewers.email },
    })
    .from(pluginVersions)
    .innerJoin(plugins, eq(plugins.id, pluginVersions.pluginId))
    .innerJoin(accounts, eq(accounts.id, plugins.ownerId))
    .leftJoin(reviewers, eq(reviewers.id, pluginVersions.reviewedBy))
    .where(and(isNotNull(pluginVersions.reviewedAt), inArray(pluginVersions.reviewStatus, ["listed", "rejected"])))
    .orderBy(desc(pluginVersions.reviewedAt), desc(pluginVersions.id))
    .limit(reviewLimits.decided);
  return rows.map(({ version, slug, author, reviewer }) => ({
    slug,
    name: (version.manifest as Manifest).name,
    version: version.version,
    author,
    outcome: version.reviewStatus === "listed" ? "approved" : "rejected",
    reasons: version.reviewReasons,
    note: version.reviewNote,
    heldAt: version.createdAt.toISOString(),
    decidedAt: version.reviewedAt!.toISOString(),
    decidedBy: person(reviewer),
  }));
}

export async function decideVersion(deps: AppDeps, input: ReviewDecision & { reviewerId?: string | null }): Promise<ReviewDecisionResult> {
  const note = input.note?.trim() || null;
  if (input.decision === "reject" && !note) throw new AppError("bad_request", "Say why in a note: the author sees it on their dashboard.");
  return deps.db.transaction(async (tx) => {
    const [plugin] = await tx.select().from(plugins).where(eq(plugins.slug, input.slug)).for("update");
    if (!plugin) throw notFound(`No plugin "${input.slug}".`);
    const [current] = await tx
      .select()
      .from(pluginVersions)
      .where(and(eq(pluginVersions.pluginId, plugin.id), eq(pluginVersions.versionKey, versionKey(input.version))));
    if (!current) throw notFound(`No version ${input.version} of "${input.slug}".`);
    if (current.reviewStatus !== "held") {
      const state = { listed: "listed", rejected: "rejected", superseded: "replaced by a newer version" }[
        current.reviewStatus as "listed" | "rejected" | "superseded"
      ];
      throw new AppError(
        "conflict",
        `Version ${current.version} of "${input.slug}" is no longer held for review: it was ${state}${current.reviewedAt ? ` at ${current.reviewedAt.toISOString()}` : ""}.`,
        {
          reviewStatus: current.reviewStatus,
        },
      );
    }
    // Four eyes, as for prices: an operator does not approve their own plugin (the CLI names no reviewer, so it cannot tell).
    if (input.decision === "approve" && input.reviewerId && input.reviewerId === plugin.ownerId) {
      throw new AppError("forbidden", "You cannot approve your own plugin; another operator has to review it.");
    }
    const now = deps.now();
    const approved = input.decision === "approve";
    await tx
      .update(pluginVersions)
      .set({ reviewStatus: approved ? "listed" : "rejected", reviewNote: note, reviewedBy: input.reviewerId ?? null, reviewedAt: now })
      .where(and(eq(pluginVersions.id, current.id), eq(pluginVersions.reviewStatus, "held")));
    if (approved) {
      const manifest = current.manifest as Manifest;
      // What the marketplace showed until now, for the listing's permissionsWidened (a plugin never listed widens nothing).
      const [before] = plugin.listed
        ? await tx
            .select({ manifest: pluginVersions.manifest })
            .from(pluginVersions)
            .where(and(eq(pluginVersions.pluginId, plugin.id), eq(pluginVersions.versionKey, versionKey(plugin.latestVersion))))
        : [];
      await tx
        .update(plugins)
        .set({
          name: manifest.name,
          description: manifest.description ?? "",
          homepage: manifest.homepage ?? null,
          latestVersion: manifest.version,
          permissions: manifest.permissions,
          apiVersion: manifest.api ?? 1,
          permissionsWidened: permissionsWidened(askedPermissions(manifest), before ? askedPermissions(before.manifest) : null),
          listed: true,
          lookalikeKeys: lookalikeKeys(plugin.slug, manifest.name),
          // An author's removal ends when a version is listed, as a publish would have done; an operator's hiding stays.
          ...(plugin.status === "removed" ? { status: "published" as const } : {}),
          updatedAt: now,
        })
        .where(eq(plugins.id, plugin.id));
    }
    return { slug: plugin.slug, version: current.version, outcome: approved ? "approved" : "rejected", note, decidedAt: now.toISOString() };
  });
}
