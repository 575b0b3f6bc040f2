/**
 * A plugin's icon and screenshots (docs/plugins.md#icons-and-screenshots): pictures its author uploads, taken and
 * re-encoded by the asset library's reader (shared/pictures.ts: type from the bytes, bounds before decoding, metadata
 * dropped), counted against the account's plugin-media storage, and the screenshots' count per plugin — both decided
 * by the database under the account's row lock (shared/quota.ts), so concurrent uploads never pass either together.
 * The icon is copied onto the plugin's row in the same transaction (browsing reads one row per plugin).
 */
import {
  AppError,
  type AssetPictureType,
  generatedIconUrl,
  notFound,
  type PluginIcon,
  type PluginScreenshot,
  pluginMediaLimits,
  pluginMediaUrl,
} from "@streamkit/api-contract";
import { accounts, type Db, type PluginIconColumn, pluginMedia, plugins, type Queryable } from "@streamkit/db";
import { and, asc, count, eq, max, ne, or, sql, sum } from "drizzle-orm";
import { blobStore, retryOnBlobRace } from "../../shared/blobs/index";
import type { AccountCaller } from "../../shared/context";
import type { AppDeps } from "../../shared/deps";
import { type Picture, type PictureWording, processPicture } from "../../shared/pictures";
import { withinQuota } from "../../shared/quota";

export type MediaRole = "icon" | "screenshot";

const accepted = "PNG, JPEG, WebP or GIF";
const wordingOf = (role: MediaRole): PictureWording => ({
  taker: `a plugin's ${role}`,
  empty: `The body is empty; send the bytes of a ${accepted} picture as the ${role}.`,
  unreadable: `The body is not a picture (its bytes are no image format); send the bytes of a ${accepted} file as the ${role}.`,
});

/** Decodes within the role's bounds and re-encodes, or throws the 400/413/415 that says why not. */
export function processMedia(bytes: Uint8Array, role: MediaRole): Promise<Picture> {
  return processPicture(bytes, pluginMediaLimits[role], wordingOf(role));
}

/** What a listing shows as the icon: the uploaded one, or the one drawn from the slug. */
export function iconOf(slug: string, icon: PluginIconColumn | null): { icon: PluginIcon; iconGenerated: boolean } {
  if (icon) return { icon: { url: pluginMediaUrl(icon.blobKey, icon.contentType), width: icon.width, height: icon.height }, iconGenerated: false };
  const side = pluginMediaLimits.generatedIconSide;
  return { icon: { url: generatedIconUrl(slug), width: side, height: side }, iconGenerated: true };
}

type MediaRow = typeof pluginMedia.$inferSelect;
type ScreenshotRow = Pick<MediaRow, "id" | "blobKey" | "contentType" | "width" | "height" | "alt">;

function toScreenshot(row: ScreenshotRow): PluginScreenshot {
  return { id: row.id, url: pluginMediaUrl(row.blobKey, row.contentType as AssetPictureType), width: row.width, height: row.height, alt: row.alt };
}

/** The caller's own plugin by slug, whatever its status; another account's or an unknown one is 404 (never revealed). */
export async function ownPlugin(db: Queryable, caller: AccountCaller, slug: string): Promise<{ id: string; slug: string }> {
  const [row] = await db
    .select({ id: plugins.id, slug: plugins.slug })
    .from(plugins)
    .where(and(eq(plugins.slug, slug), eq(plugins.ownerId, caller.account.id)));
  if (!row) throw notFound(`You have no plugin "${slug.slice(0, 100)}".`);
  return row;
}

/** Screenshots of one plugin, in order. */
export async function screenshotsOf(db: Db | Queryable, pluginId: string): Promise<PluginScreenshot[]> {
  const rows = await db
    .select()
    .from(pluginMedia)
    .where(and(eq(pluginMedia.pluginId, pluginId), eq(pluginMedia.role, "screenshot")))
    .orderBy(asc(pluginMedia.position), asc(pluginMedia.createdAt), asc(pluginMedia.id));
  return rows.map(toScreenshot);
}

/** A column of a statement over plugins: the row's plugin's screenshots, in order, as JSON text (read with screenshotsFromJson). */
export const screenshotsJson = sql<string>`(select coalesce(json_agg(json_build_object('id', ${pluginMedia.id}, 'blobKey', ${pluginMedia.blobKey},
  'contentType', ${pluginMedia.contentType}, 'width', ${pluginMedia.width}, 'height', ${pluginMedia.height}, 'alt', ${pluginMedia.alt})
  order by ${pluginMedia.position}, ${pluginMedia.createdAt}, ${pluginMedia.id}), '[]')::text
  from ${pluginMedia} where ${pluginMedia.pluginId} = ${plugins.id} and ${pluginMedia.role} = 'screenshot')`;

export function screenshotsFromJson(json: string): PluginScreenshot[] {
  return (JSON.parse(json) as ScreenshotRow[]).map(toScreenshot);
}

/** Screenshots of several plugins, in order, in one query (the dashboard's list). */
export async function screenshotsOfMany(db: Db, pluginIds: string[]): Promise<Map<string, PluginScreenshot[]>> {
  const byPlugin = new Map<string, PluginScreenshot[]>();
  if (pluginIds.length === 0) return byPlugin;
  const rows = await db
    .select()
    .from(pluginMedia)
    .where(and(sql`${pluginMedia.pluginId} = any(${`{${pluginIds.join(",")}}`}::uuid[])`, eq(pluginMedia.role, "screenshot")))
    .orderBy(asc(pluginMedia.position), asc(pluginMedia.createdAt), asc(pluginMedia.id));
  for (const row of rows) {
    const list = byPlugin.get(row.pluginId);
    if (list) list.push(toScreenshot(row));
    else byPlugin.set(row.pluginId, [toScreenshot(row)]);
  }
  return byPlugin;
}

const MiB = 1024 * 1024;
const inMiB = (bytes: number) => `${Math.round((bytes / MiB) * 10) / 10} MiB`;

/** Bytes the account's plugins' pictures hold, leaving out one plugin's icon (the one an upload replaces). */
async function usedBytes(db: Queryable, accountId: string, replacing?: string): Promise<number> {
  const [row] = await db
    .select({ bytes: sum(pluginMedia.size) })
    .from(pluginMedia)
    .where(and(eq(pluginMedia.accountId, accountId), replacing ? or(ne(pluginMedia.pluginId, replacing), ne(pluginMedia.role, "icon")) : undefined));
  return Number(row?.bytes ?? 0);
}

/**
 * Stores a picture as the plugin's icon or as its next screenshot, under the account's row lock: the storage is summed
 * and (for a screenshot) the plugin's screenshots counted after the lock, so of concurrent uploads past a limit exactly
 * as many as fit succeed. The blob is put in the same transaction, so a refused upload leaves nothing.
 */
export async function addMedia(
  deps: AppDeps,
  caller: AccountCaller,
  plugin: { id: string; slug: string },
  role: MediaRole,
  picture: Picture,
  alt = "",
): Promise<{ icon: PluginIcon; iconGenerated: boolean } | PluginScreenshot> {
  const limit = pluginMediaLimits.storageBytesPerAccount;
  const size = picture.bytes.byteLength;
  const attempt = () =>
    withinQuota(
      deps.db,
      {
        accountId: caller.account.id,
        limit,
        amount: size,
        count: (tx) => usedBytes(tx, caller.account.id, role === "icon" ? plugin.id : undefined),
        message: `The ${role} (${inMiB(size)} once stored) does not fit: your plugins' icons and screenshots may take at most ${inMiB(limit)} together. Delete screenshots you no longer need, or upload smaller pictures.`,
        details: (used) => ({ usedBytes: used, sizeBytes: size }),
      },
      async (tx) => {
        const now = deps.now();
        let position = 0;
        if (role === "icon") {
          // First: the old icon's row goes (and its blob, unless named elsewhere) before the new bytes are put.
          await tx.delete(pluginMedia).where(and(eq(pluginMedia.pluginId, plugin.id), eq(pluginMedia.role, "icon")));
        } else {
          const [held] = await tx
            .select({ count: count(), last: max(pluginMedia.position) })
            .from(pluginMedia)
            .where(and(eq(pluginMedia.pluginId, plugin.id), eq(pluginMedia.role, "screenshot")));
          if ((held?.count ?? 0) >= pluginMediaLimits.maxScreenshots) {
            throw new AppError(
              "limit_reached",
              `The plugin already has ${pluginMediaLimits.maxScreenshots} screenshots, the most it may have; delete one before adding another.`,
              { limit: pluginMediaLimits.maxScreenshots, screenshots: held?.count ?? 0 },
            );
          }
          position = held?.last === null || held?.last === undefined ? 0 : held.last + 1;
        }
        const blob = await blobStore(tx).put(picture.bytes, picture.contentType);
        const [row] = await tx
          .insert(pluginMedia)
          .values({
            pluginId: plugin.id,
            accountId: caller.account.id,
            role,
            position,
            alt,
            blobKey: blob.key,
            contentType: picture.contentType,
            size,
            width: picture.width,
            height: picture.height,
            createdAt: now,
            updatedAt: now,
          })
          .returning();
        if (role === "screenshot") return toScreenshot(row!);
        const icon: PluginIconColumn = { blobKey: blob.key, contentType: picture.contentType, width: picture.width, height: picture.height };
        await tx.update(plugins).set({ icon }).where(eq(plugins.id, plugin.id));
        return iconOf(plugin.slug, icon);
      },
    );
  return retryOnBlobRace(attempt);
}

/** Takes the uploaded icon away: the generated one shows again. Nothing to remove is fine (idempotent). */
export async function removeIcon(deps: AppDeps, caller: AccountCaller, slug: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const plugin = await ownPlugin(tx, caller, slug);
    await tx.delete(pluginMedia).where(and(eq(pluginMedia.pluginId, plugin.id), eq(pluginMedia.role, "icon")));
    await tx
      .update(plugins)
      .set({ icon: null })
      .where(and(eq(plugins.id, plugin.id), sql`${plugins.icon} is not null`));
  });
}

const noScreenshot = () => notFound("Your plugin has no such screenshot.");

export async function removeScreenshot(deps: AppDeps, caller: AccountCaller, slug: string, screenshotId: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const plugin = await ownPlugin(tx, caller, slug);
    const gone = await tx
      .delete(pluginMedia)
      .where(and(eq(pluginMedia.id, screenshotId), eq(pluginMedia.pluginId, plugin.id), eq(pluginMedia.role, "screenshot")))
      .returning({ id: pluginMedia.id });
    if (gone.length === 0) throw noScreenshot();
  });
}

export async function setScreenshotAlt(deps: AppDeps, caller: AccountCaller, slug: string, screenshotId: string, alt: string): Promise<PluginScreenshot> {
  const plugin = await ownPlugin(deps.db, caller, slug);
  const [row] = await deps.db
    .update(pluginMedia)
    .set({ alt, updatedAt: deps.now() })
    .where(and(eq(pluginMedia.id, screenshotId), eq(pluginMedia.pluginId, plugin.id), eq(pluginMedia.role, "screenshot")))
    .returning();
  if (!row) throw noScreenshot();
  return toScreenshot(row);
}

/**
 * Puts the screenshots in the order of `ids`, which must name each of them once. The account's row is locked first, as
 * an upload locks it, so a screenshot added meanwhile cannot slip between the check and the update.
 */
export async function reorderScreenshots(deps: AppDeps, caller: AccountCaller, slug: string, ids: string[]): Promise<PluginScreenshot[]> {
  return deps.db.transaction(async (tx) => {
    const plugin = await ownPlugin(tx, caller, slug);
    await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, caller.account.id)).for("no key update");
    const current = await screenshotsOf(tx, plugin.id);
    const wanted = ids.map((id) => id.toLowerCase());
    const same = wanted.length === current.length && new Set(wanted).size === wanted.length && current.every((shot) => wanted.includes(shot.id));
    if (!same) {
      throw new AppError("bad_request", `Name each of the plugin's ${current.length} screenshots once, in the new order.`, {
        screenshots: current.map((shot) => shot.id),
      });
    }
    const now = deps.now();
    for (const [position, id] of wanted.entries()) {
      await tx
        .update(pluginMedia)
        .set({ position, updatedAt: now })
        .where(and(eq(pluginMedia.id, id), eq(pluginMedia.pluginId, plugin.id)));
    }
    return screenshotsOf(tx, plugin.id);
  });
}

/** The stored picture an address names, while some plugin not taken down holds that content in that type. */
export async function findServedMedia(db: Queryable, blobKey: string, contentType: AssetPictureType) {
  const [row] = await db
    .select({ size: pluginMedia.size })
    .from(pluginMedia)
    .innerJoin(plugins, eq(plugins.id, pluginMedia.pluginId))
    .where(and(eq(pluginMedia.blobKey, blobKey), eq(pluginMedia.contentType, contentType), ne(plugins.status, "taken_down")))
    .limit(1);
  return row ?? null;
}
