/**
 * The sound catalogue (docs/api.md#operations): pages, categories with their counts, one
 * sound, and the operator's additions and removals. The audio itself lives in
 * the blob store (blobs/); a sound row names its blob by key.
 */
import { type SoundCategorySlug, type SoundItem, type SoundListQuery, soundCategories, soundFormats, toIso } from "@streamkit/api-contract";
import { type Db, type Queryable, type Sound, sounds } from "@streamkit/db";
import { and, asc, count, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import { preparedPerDatabase } from "../shared/prepared";
import { blobStore } from "../shared/blobs/index";
import { badRequest } from "@streamkit/api-contract";
import { detectAudioFormat, readWavInfo } from "../shared/audio-format";
import { isUuid } from "@streamkit/api-contract";

/** LIKE's wildcards taken literally. */
const literal = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Every word must be found in the name, the description, or the category's slug or name. */
function searchCondition(q: string): SQL | undefined {
  const words = q.split(/\s+/).filter(Boolean).slice(0, 10);
  const conditions = words.map((word) => {
    const pattern = `%${literal(word)}%`;
    const lower = word.toLowerCase();
    const categories = soundCategories.filter((c) => c.slug.includes(lower) || c.name.toLowerCase().includes(lower)).map((c) => c.slug);
    return or(ilike(sounds.name, pattern), ilike(sounds.description, pattern), ...(categories.length ? [inArray(sounds.category, categories)] : []))!;
  });
  return conditions.length ? and(...conditions) : undefined;
}

/** One page of sounds by name (then id: a total order, so offsets never skip or repeat), and the next offset (null at the end). */
export async function listSounds(db: Db, query: SoundListQuery) {
  const conditions = [query.category ? eq(sounds.category, query.category) : undefined, query.q ? searchCondition(query.q) : undefined].filter(
    (c): c is SQL => c !== undefined,
  );
  const rows = await db
    .select()
    .from(sounds)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(asc(sounds.name), asc(sounds.id))
    .limit(query.limit + 1)
    .offset(query.offset);
  const more = rows.length > query.limit;
  return { items: rows.slice(0, query.limit), nextOffset: more ? query.offset + query.limit : null };
}

/** Every category of the data, in its order, with how many sounds it holds (0 included). */
export async function soundCategoryCounts(db: Db) {
  const rows = await db.select({ category: sounds.category, count: count() }).from(sounds).groupBy(sounds.category);
  const counts = new Map(rows.map((row) => [row.category, Number(row.count)]));
  return soundCategories.map((category) => ({ slug: category.slug, name: category.name, count: counts.get(category.slug) ?? 0 }));
}

/** A sound by id: read on every audio request, so prepared once. */
const soundStatement = preparedPerDatabase((db: Queryable) =>
  db
    .select()
    .from(sounds)
    .where(eq(sounds.id, sql.placeholder("id")))
    .prepare("sound_by_id"),
);

/** A sound by id; anything that is not a stored sound's id (malformed included) is null. */
export async function findSound(db: Queryable, id: string): Promise<Sound | null> {
  if (!isUuid(id)) return null;
  const [row] = await soundStatement(db).execute({ id });
  return row ?? null;
}

/** Where a client fetches a sound's audio: /api/v1 with a key, or the website's own route with the session. */
export const soundAudioPath = {
  api: (id: string) => `/api/v1/sounds/${id}/audio`,
  website: (id: string) => `/api/sounds/${id}/audio`,
} as const;

/** The audio's strong ETag: the blob's SHA-256, quoted. */
export const soundEtag = (sound: Pick<Sound, "blobKey">) => `"${sound.blobKey}"`;

/** A stored sound as the API shows it. */
export function toSoundItem(sound: Sound, audioUrl: string): SoundItem {
  return {
    id: sound.id,
    slug: sound.slug,
    name: sound.name,
    category: sound.category as SoundCategorySlug,
    description: sound.description,
    durationMs: sound.durationMs,
    format: sound.format as SoundItem["format"],
    size: sound.size,
    licence: sound.licence,
    attribution: sound.attribution,
    audio: { url: audioUrl, type: sound.format as SoundItem["format"], etag: soundEtag(sound) },
    createdAt: toIso(sound.createdAt),
  };
}

export interface NewSound {
  bytes: Uint8Array;
  name: string;
  category: SoundCategorySlug;
  description?: string;
  licence: string;
  attribution: string;
  /** The slug to take; by default one made from the name (with -2, -3… when taken). */
  slug?: string;
  /** Needed for formats whose length is not read from the header (everything but WAV). */
  durationMs?: number;
}

/** A slug from a name: lower-case words joined by hyphens. */
export const slugOf = (name: string) =>
  name
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60) || "sound";

/**
 * Adds a sound: the format from the bytes' magic numbers (an unknown one is
 * 400 bad_request), the length from a WAV header or the caller, the bytes
 * into the blob store, then the row; the first free slug wins, decided by
 * the unique index. `slug` given and taken: null.
 */
export async function addSound(db: Db, input: NewSound): Promise<Sound | null> {
  const format = detectAudioFormat(input.bytes);
  if (!format) {
    throw badRequest(`The file is not audio the catalogue takes: its first bytes are none of WAV, MP3, Ogg, FLAC, WebM or MP4 (${soundFormats.join(", ")}).`);
  }
  const durationMs = format === "audio/wav" ? readWavInfo(input.bytes)?.durationMs : input.durationMs;
  if (format === "audio/wav" && durationMs === undefined) throw badRequest("The WAV file's header is not readable: no fmt and data chunks.");
  if (durationMs === undefined) throw badRequest(`The length of ${format} audio is not read from the file; give it in milliseconds (--duration-ms).`);
  if (!Number.isInteger(durationMs) || durationMs <= 0) throw badRequest("The audio's length must be a positive whole number of milliseconds.");
  return db.transaction(async (tx) => {
    const blob = await blobStore(tx).put(input.bytes, format);
    const base = input.slug ?? slugOf(input.name);
    for (let attempt = 1; attempt <= (input.slug ? 1 : 100); attempt++) {
      const slug = attempt === 1 ? base : `${base}-${attempt}`;
      const [row] = await tx
        .insert(sounds)
        .values({
          slug,
          name: input.name,
          category: input.category,
          description: input.description ?? "",
          durationMs,
          format,
          size: blob.size,
          blobKey: blob.key,
          licence: input.licence,
          attribution: input.attribution,
        })
        .onConflictDoNothing({ target: sounds.slug })
        .returning();
      if (row) return row;
    }
    return null;
  });
}

/** Removes a sound, and its blob when no other sound uses the same bytes. False when there was no such sound. */
export async function removeSound(db: Db, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  return db.transaction(async (tx) => {
    const [removed] = await tx.delete(sounds).where(eq(sounds.id, id)).returning({ blobKey: sounds.blobKey });
    if (!removed) return false;
    const [shared] = await tx.select({ id: sounds.id }).from(sounds).where(eq(sounds.blobKey, removed.blobKey)).limit(1);
    if (!shared) await blobStore(tx).remove(removed.blobKey);
    return true;
  });
}
