import { accounts, type Db, pluginFiles, plugins, pluginVersions, type Tx } from "@streamkit/db";
import { versionKey } from "@streamkit/plugin-rules";
import { sql } from "drizzle-orm";
import { catalogue } from "./catalogue/index";
import type { CataloguePlugin, CataloguePublisher } from "./catalogue/types";

/** Serialises seeding across processes starting together on one PostgreSQL. */
const SEED_LOCK = 720_410_002;

/** Full plugin.json for one version, with the manifest defaults spelled out. */
export function manifestFor(entry: CataloguePlugin, version: string) {
  return { ...entry.manifest, version };
}

/** The folder of one version: plugin.json first, then the files as they were at that version. */
export function filesFor(entry: CataloguePlugin, versionIndex: number): { path: string; content: string }[] {
  const version = entry.versions[versionIndex]!;
  const files: Record<string, string> = { ...entry.files };
  // Older versions carry only the files that differed; later overrides win up to this version.
  for (let i = entry.versions.length - 1; i >= versionIndex; i--) Object.assign(files, entry.versions[i]!.files ?? {});
  const manifest = `${JSON.stringify(manifestFor(entry, version.version), null, 2)}\n`;
  return [{ path: "plugin.json", content: manifest }, ...Object.entries(files).map(([path, content]) => ({ path, content }))];
}

/**
 * Seeds the demo catalogue when the database holds no plugin yet, and with it
 * whatever `options.inTransaction` inserts (the API's demo releases) in the
 * same transaction: a database that already had data gets neither, so demo
 * releases never reach a real installation's apps.
 * Returns how many plugins were inserted (0 when it was not empty).
 */
export async function seedDemoPlugins(db: Db, options: { inTransaction?: (tx: Tx) => Promise<unknown> } = {}): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    const existing = await tx.select({ id: plugins.id }).from(plugins).limit(1);
    if (existing.length > 0) return 0;

    const publisherIds = new Map<string, string>();
    const publisherId = async (publisher: CataloguePublisher) => {
      const key = `${publisher.kind}:${publisher.name}`;
      const known = publisherIds.get(key);
      if (known) return known;
      const [row] = await tx
        .insert(accounts)
        .values({
          name: publisher.name,
          email: publisher.email ?? null,
          official: publisher.kind === "official",
          verified: publisher.verified,
          plan: publisher.kind === "official" ? "ultimate" : "pro",
        })
        .returning({ id: accounts.id });
      publisherIds.set(key, row!.id);
      return row!.id;
    };

    for (const entry of catalogue) {
      const ownerId = await publisherId(entry.publisher);
      const first = entry.versions[0]!;
      const latest = entry.versions.at(-1)!;
      const [plugin] = await tx
        .insert(plugins)
        .values({
          slug: entry.manifest.id,
          ownerId,
          official: entry.publisher.kind === "official",
          name: entry.manifest.name,
          description: entry.manifest.description ?? "",
          homepage: entry.manifest.homepage ?? null,
          latestVersion: latest.version,
          permissions: entry.manifest.permissions ?? [],
          downloads: entry.downloads,
          priceTier: entry.price,
          createdAt: new Date(first.createdAt),
          updatedAt: new Date(latest.createdAt),
        })
        .returning({ id: plugins.id });
      for (const [index, version] of entry.versions.entries()) {
        const [row] = await tx
          .insert(pluginVersions)
          .values({
            pluginId: plugin!.id,
            version: version.version,
            versionKey: versionKey(version.version),
            changelog: version.changelog,
            manifest: manifestFor(entry, version.version),
            createdAt: new Date(version.createdAt),
          })
          .returning({ id: pluginVersions.id });
        await tx.insert(pluginFiles).values(filesFor(entry, index).map((file) => ({ versionId: row!.id, ...file })));
      }
    }
    if (options.inTransaction) await options.inTransaction(tx);
    return catalogue.length;
  });
}
