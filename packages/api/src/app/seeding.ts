/**
 * The seed data (@streamkit/seed) into a database, at start and into the
 * tests' template: the synthesised sounds stored through the sound feature
 * (addSound: the blob, then the row), the demo catalogue with the demo
 * releases in its transaction. Only the composition root imports the seed
 * package; the code that answers requests does not.
 */
import type { PublishRelease } from "@streamkit/api-contract";
import type { Db } from "@streamkit/db";
import { seedDemoPlugins, syncSeededSounds } from "@streamkit/seed";
import { addSound } from "../sounds";
import { publishMissingReleases } from "../updater";

/** Adds the seeded sounds this database has not had yet (the first start: about a second; later ones: one query). */
export function syncSoundCatalogue(db: Db): Promise<{ added: string[] }> {
  return syncSeededSounds(db, (sound) => addSound(db, sound));
}

/** Seeds the demo catalogue, and `options.releases` with it, into a database that holds no plugin yet; how many plugins (0 when it was not empty). */
export function seedDemoCatalogue(db: Db, options: { releases?: PublishRelease[] } = {}): Promise<number> {
  const { releases } = options;
  return seedDemoPlugins(db, releases ? { inTransaction: (tx) => publishMissingReleases(tx, releases) } : {});
}
