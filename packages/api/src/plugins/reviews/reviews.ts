/**
 * People's reviews of a plugin (docs/plugins.md#reviews): the public list, a
 * holder's own review written, edited or deleted. Every write runs in one
 * transaction that first takes the plugin's row lock, so the writes of one
 * plugin go one after the other and the rating (an integer sum and count on
 * the plugin's row) is recounted from the visible reviews exactly, however
 * many arrive at once. The unique key (plugin, reviewer) keeps one review per
 * account; a second write edits it.
 */
import {
  AppError,
  decodeCreatedCursor,
  encodeCreatedCursor,
  type ListReviewsQuery,
  notFound,
  type OwnReviewResponse,
  type PluginReview,
  ratingOf,
  rateLimits,
  type ReviewPage,
  type ReviewRequest,
  windowName,
} from "@streamkit/api-contract";
import { accounts, type Db, inMarketplace, type PluginReview as ReviewRow, pluginReviews, plugins, type Queryable, type Tx } from "@streamkit/db";
import { and, desc, eq, getTableColumns, isNull, sql } from "drizzle-orm";
import type { AccountCaller, Caller } from "../../shared/context";
import type { AppDeps } from "../../shared/deps";
import { countingTransaction } from "../../shared/limits/index";
import { rateLimitedError } from "../../shared/limits/window";
import { holdsPluginIn } from "../ownership";

const iso = (value: Date) => value.toISOString();

/** A review as the list shows it to `callerId`. */
export function toReview(row: ReviewRow, reviewerName: string, callerId: string | null): PluginReview {
  return {
    id: row.id,
    rating: row.rating,
    text: row.body,
    reviewer: { name: reviewerName },
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
    reply: row.reply === null ? null : { text: row.reply, createdAt: iso(row.repliedAt ?? row.updatedAt), updatedAt: iso(row.replyUpdatedAt ?? row.updatedAt) },
    mine: row.reviewerId === callerId,
  };
}

const callerIdOf = (caller: Caller) => (caller.kind === "account" ? caller.account.id : null);

/** A plugin in the marketplace by slug, or 404; `lock` takes its row lock, as every review write does first. */
export async function marketplacePlugin(db: Queryable, slug: string, lock = false) {
  const query = db
    .select({ id: plugins.id, name: plugins.name, ownerId: plugins.ownerId, ratingSum: plugins.ratingSum, ratingCount: plugins.ratingCount })
    .from(plugins)
    .where(and(eq(plugins.slug, slug), inMarketplace));
  const [plugin] = await (lock ? query.for("no key update") : query);
  if (!plugin) throw notFound(`No plugin "${slug}" in the marketplace.`);
  return plugin;
}

/**
 * Rewrites the plugin's rating from its visible reviews. Callers hold the
 * plugin's row lock, taken before anything else in their transaction: each
 * statement then sees every earlier writer's committed review.
 */
export async function recountRating(tx: Tx, pluginId: string): Promise<{ ratingSum: number; ratingCount: number }> {
  const visible = sql`from ${pluginReviews} where ${pluginReviews.pluginId} = ${pluginId} and ${pluginReviews.hiddenAt} is null`;
  const [row] = await tx
    .update(plugins)
    .set({
      ratingSum: sql`(select coalesce(sum(${pluginReviews.rating}), 0)::int ${visible})`,
      ratingCount: sql`(select count(*)::int ${visible})`,
    })
    .where(eq(plugins.id, pluginId))
    .returning({ ratingSum: plugins.ratingSum, ratingCount: plugins.ratingCount });
  return row!;
}

/** GET /plugins/{slug}/reviews: the visible reviews, newest first, a keyset page at a time. */
export async function listReviews(db: Db, caller: Caller, slug: string, query: ListReviewsQuery): Promise<ReviewPage> {
  const plugin = await marketplacePlugin(db, slug);
  const after = query.cursor ? decodeCreatedCursor(query.cursor) : null;
  const rows = await db
    .select({ review: pluginReviews, reviewerName: accounts.name })
    .from(pluginReviews)
    .innerJoin(accounts, eq(accounts.id, pluginReviews.reviewerId))
    .where(
      and(
        eq(pluginReviews.pluginId, plugin.id),
        isNull(pluginReviews.hiddenAt),
        after ? sql`(${pluginReviews.createdAt}, ${pluginReviews.id}) < (${after.createdAt.toISOString()}::timestamptz, ${after.id}::uuid)` : undefined,
      ),
    )
    .orderBy(desc(pluginReviews.createdAt), desc(pluginReviews.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const callerId = callerIdOf(caller);
  return {
    rating: ratingOf(plugin.ratingSum, plugin.ratingCount),
    items: page.map((row) => toReview(row.review, row.reviewerName, callerId)),
    next: rows.length > query.limit && last ? encodeCreatedCursor({ createdAt: last.review.createdAt, id: last.review.id }) : null,
  };
}

/** Whether the caller may review the plugin: 403 with the reason when not. */
async function mayReview(db: Queryable, caller: AccountCaller, plugin: { id: string; name: string; ownerId: string }): Promise<AppError | null> {
  if (plugin.ownerId === caller.account.id) return new AppError("forbidden", "You cannot review your own plugin.");
  if (!(await holdsPluginIn(db, caller.account.id, plugin.id))) {
    return new AppError("forbidden", `Only people who own “${plugin.name}” can review it: buy it or download it first.`);
  }
  return null;
}

async function ownRow(db: Queryable, pluginId: string, accountId: string) {
  const [row] = await db
    .select()
    .from(pluginReviews)
    .where(and(eq(pluginReviews.pluginId, pluginId), eq(pluginReviews.reviewerId, accountId)));
  return row;
}

function ownView(row: ReviewRow, caller: AccountCaller) {
  return { ...toReview(row, caller.account.name, caller.account.id), hidden: row.hiddenAt !== null };
}

/** GET /plugins/{slug}/review: the caller's own review (hidden ones too) and whether they may write one. */
export async function ownReview(deps: AppDeps, caller: AccountCaller, slug: string): Promise<OwnReviewResponse> {
  const plugin = await marketplacePlugin(deps.db, slug);
  const [row, refusal] = await Promise.all([ownRow(deps.db, plugin.id, caller.account.id), mayReview(deps.db, caller, plugin)]);
  return { review: row ? ownView(row, caller) : null, canReview: refusal === null };
}

const limit = rateLimits.pluginReviews;
const tooMany = `At most ${limit.limit} review writes per ${windowName(limit.windowSeconds)}`;

/** PUT /plugins/{slug}/review: writes the caller's review, or edits it (a hidden one stays hidden). */
export async function writeReview(deps: AppDeps, caller: AccountCaller, slug: string, input: ReviewRequest): Promise<OwnReviewResponse> {
  const accountId = caller.account.id;
  const now = deps.now();
  return countingTransaction(deps, async (tx, hit) => {
    const plugin = await marketplacePlugin(tx, slug, true);
    const refusal = await mayReview(tx, caller, plugin);
    if (refusal) throw refusal;
    const decision = await hit("pluginReviews", accountId, now);
    if (!decision.allowed) throw rateLimitedError(decision, tooMany);
    const [row] = await tx
      .insert(pluginReviews)
      .values({ pluginId: plugin.id, reviewerId: accountId, rating: input.rating, body: input.text, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({
        target: [pluginReviews.pluginId, pluginReviews.reviewerId],
        set: { rating: input.rating, body: input.text, updatedAt: now },
      })
      // xmax is 0 on a row this statement inserted, set on one it updated.
      .returning({ ...getTableColumns(pluginReviews), inserted: sql<boolean>`(xmax = 0)` });
    await recountRating(tx, plugin.id);
    const { inserted, ...review } = row!;
    return { review: ownView(review, caller), canReview: true, created: Boolean(inserted) };
  });
}

/** DELETE /plugins/{slug}/review: removes the caller's review (and the author's reply with it). */
export async function deleteReview(deps: AppDeps, caller: AccountCaller, slug: string): Promise<void> {
  const accountId = caller.account.id;
  const now = deps.now();
  await countingTransaction(deps, async (tx, hit) => {
    const plugin = await marketplacePlugin(tx, slug, true);
    const [deleted] = await tx
      .delete(pluginReviews)
      .where(and(eq(pluginReviews.pluginId, plugin.id), eq(pluginReviews.reviewerId, accountId)))
      .returning({ id: pluginReviews.id });
    if (!deleted) throw notFound(`You have not reviewed “${plugin.name}”.`);
    // Counted after the delete so a refused one (nothing to delete) does not count; past the limit the delete is rolled back.
    const decision = await hit("pluginReviews", accountId, now);
    if (!decision.allowed) throw rateLimitedError(decision, tooMany);
    await recountRating(tx, plugin.id);
  });
}
