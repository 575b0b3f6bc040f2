/**
 * Puts the seeded catalogue (catalogue.ts) into the database: each sound is
 * synthesised and handed to `add` (the API's sound feature stores it) once
 * per database, remembered by slug in `settings`, so a start with nothing new
 * costs one query (no synthesis), a release that adds sounds adds just those,
 * and a sound the operator removed stays removed. The API's composition root
 * runs it at every start (packages/api/src/app/seeding.ts), and once into the
 * tests' template database, so test files start with the catalogue without
 * paying for it.
 */
import type { SoundCategorySlug } from "@streamkit/api-contract";
import { type Db, settings, sounds } from "@streamkit/db";
import { eq, inArray } from "drizzle-orm";
import { type SeededSound, seededLicence, seededSampleRate, seededSounds } from "./catalogue";
import { recipes } from "./recipes";
import { encodeWav, render } from "./synth";

const SEEDED_KEY = "sounds.seeded";

/** A stable seed per slug, so each sound's noise is its own and the same everywhere. */
function seedOf(slug: string): number {
  let hash = 2166136261;
  for (const char of slug) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619);
  return hash >>> 0;
}

/** The WAV bytes of a seeded sound. */
export function synthesiseSound(sound: SeededSound): Uint8Array {
  const recipe = recipes[sound.slug];
  if (!recipe) throw new Error(`no recipe for the seeded sound ${sound.slug}`);
  return encodeWav(render(sound.seconds, seededSampleRate, seedOf(sound.slug), recipe));
}

/** A synthesised sound with its catalogue entry, as the catalogue stores a new sound. */
export interface SeededSoundFile {
  bytes: Uint8Array;
  slug: string;
  name: string;
  category: SoundCategorySlug;
  description: string;
  licence: string;
  attribution: string;
}

/** Adds the seeded sounds this database has not had yet; `add` stores one and returns null when its slug was taken meanwhile. */
export async function syncSeededSounds(db: Db, add: (sound: SeededSoundFile) => Promise<object | null>): Promise<{ added: string[] }> {
  const [marker] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, SEEDED_KEY));
  const seeded = new Set<string>(marker ? (JSON.parse(marker.value) as string[]) : []);
  const missing = seededSounds.filter((sound) => !seeded.has(sound.slug));
  if (missing.length === 0) return { added: [] };
  // A slug the operator already used for a sound of their own is left alone.
  const taken = new Set(
    (
      await db
        .select({ slug: sounds.slug })
        .from(sounds)
        .where(
          inArray(
            sounds.slug,
            missing.map((sound) => sound.slug),
          ),
        )
    ).map((row) => row.slug),
  );
  const added: string[] = [];
  for (const sound of missing) {
    if (taken.has(sound.slug)) continue;
    const row = await add({
      bytes: synthesiseSound(sound),
      slug: sound.slug,
      name: sound.name,
      category: sound.category,
      description: sound.description,
      ...seededLicence,
    });
    if (row) added.push(sound.slug);
  }
  const value = JSON.stringify([...new Set([...seeded, ...missing.map((sound) => sound.slug)])].sort());
  await db.insert(settings).values({ key: SEEDED_KEY, value }).onConflictDoUpdate({ target: settings.key, set: { value } });
  return { added };
}
