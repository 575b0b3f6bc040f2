/**
 * The demo catalogue seeded into an empty database: the service's own plugins
 * and community plugins, each a real plugin folder (plugin.json + Lua).
 *
 * Each entry describes the plugin's latest folder in `files` (paths relative to
 * the plugin folder, `plugin.json` excluded: it is generated from `manifest`
 * plus each version's number) and its version history, oldest first. Older
 * versions may override files whose content differed at that version.
 */
export type CatalogueTier = "t1" | "t2" | "t3" | "t4" | "t5";

export interface CataloguePublisher {
  /** "official" for the service's own plugins, "user" for the community. */
  kind: "official" | "user";
  name: string;
  verified: boolean;
  /** Community publishers get a demo account with this address. */
  email?: string;
}

export interface CatalogueVersion {
  version: string;
  changelog: string;
  /** ISO 8601 UTC timestamp. */
  createdAt: string;
  /** Files that differed at this version (full content), keyed by path. */
  files?: Record<string, string>;
}

export interface CataloguePlugin {
  publisher: CataloguePublisher;
  /** plugin.json without `version` (the version comes from each entry below). */
  manifest: {
    id: string;
    name: string;
    author?: string;
    description?: string;
    homepage?: string;
    main?: string;
    api?: 1;
    permissions?: string[];
    optional_permissions?: string[];
    library?: boolean;
    libraries?: string[];
  };
  /** The latest folder's files except plugin.json, keyed by relative path. */
  files: Record<string, string>;
  /** Oldest first; the last one is the latest. */
  versions: CatalogueVersion[];
  downloads: number;
  price: CatalogueTier | null;
}
