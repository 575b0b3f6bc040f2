import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { findMigrationsFolder, migrateDatabase, openDatabase } from "../src/client";
import { accounts, overlays } from "../src/schema";

/** A folder with the migrations up to the one before `tag`, as a database of an older version has them. */
function migrationsBefore(tag: string): string {
  const older = mkdtempSync(join(tmpdir(), "streamkit-migrations-"));
  cpSync(findMigrationsFolder(), older, { recursive: true });
  const journalFile = join(older, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalFile, "utf8")) as { entries: { tag: string }[] };
  const index = journal.entries.findIndex((entry) => entry.tag === tag);
  expect(index).toBeGreaterThan(0);
  writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, index) }));
  return older;
}

describe("checked-in migrations", () => {
  it("match the Drizzle schema: generating again produces nothing new", () => {
    const out = mkdtempSync(join(tmpdir(), "streamkit-migrations-"));
    cpSync(findMigrationsFolder(), out, { recursive: true });
    const list = () => [...readdirSync(out), ...readdirSync(join(out, "meta"))].sort();
    const before = list();
    execFileSync("npx", ["drizzle-kit", "generate", "--dialect", "postgresql", "--schema", "./src/schema/index.ts", "--out", out], {
      stdio: "pipe",
      env: { ...process.env, NO_COLOR: "1" },
    });
    expect(list()).toEqual(before);
  }, 180_000);

  it("apply to an empty embedded database, and again without effect", async () => {
    const handle = await openDatabase({});
    try {
      await migrateDatabase(handle);
      await migrateDatabase(handle);
      await handle.db.insert(accounts).values({ name: "Ada" });
      const rows = await handle.db.select().from(accounts);
      expect(rows).toHaveLength(1);
      expect(rows[0]!.createdAt).toBeInstanceOf(Date);
    } finally {
      await handle.close();
    }
  }, 180_000);

  it("put every existing overlay live at its current rev, so nothing on stream changes by upgrading", async () => {
    const older = migrationsBefore("0012_overlay_live_rev");
    const handle = await openDatabase({});
    try {
      await migrateDatabase(handle, older);
      const [account] = await handle.db.insert(accounts).values({ name: "Sam" }).returning({ id: accounts.id });
      await handle.db.execute(sql`insert into overlays (account_id, name, document, rev, plan)
        values (${account!.id}, 'Saved often', '{}'::jsonb, 7, 'pro'), (${account!.id}, 'New', '{}'::jsonb, 1, 'pro')`);
      await migrateDatabase(handle);
      const rows = await handle.db.select({ name: overlays.name, rev: overlays.rev, liveRev: overlays.liveRev }).from(overlays).orderBy(overlays.name);
      expect(rows).toEqual([
        { name: "New", rev: 1, liveRev: 1 },
        { name: "Saved often", rev: 7, liveRev: 7 },
      ]);
      // A live rev past the current one cannot be stored.
      await expect(handle.db.update(overlays).set({ liveRev: 8 })).rejects.toThrow();
    } finally {
      await handle.close();
    }
  }, 180_000);

  it("drop the GitHub and Google tokens that older versions kept in auth_identities, keeping the identity", async () => {
    const older = migrationsBefore("0010_auth_identities_without_tokens");
    const handle = await openDatabase({});
    try {
      await migrateDatabase(handle, older);
      const [account] = await handle.db.insert(accounts).values({ name: "Octo", email: "octo@example.com" }).returning({ id: accounts.id });
      await handle.db.execute(sql`insert into auth_identities (user_id, type, provider, provider_account_id, access_token, refresh_token, id_token, scope)
        values (${account!.id}, 'oauth', 'github', '4242', 'gho_secret_access', 'ghr_secret_refresh', 'eyJ.secret.id', 'read:user')`);
      await migrateDatabase(handle);
      const { rows } = (await handle.db.execute(sql`select * from auth_identities`)) as unknown as { rows: unknown[] };
      expect(rows).toEqual([{ user_id: account!.id, type: "oauth", provider: "github", provider_account_id: "4242" }]);
    } finally {
      await handle.close();
    }
  }, 180_000);

  it("give every publisher of existing plugins a handle, the earliest publisher of alike names the plain one", async () => {
    const older = migrationsBefore("0020_publishers");
    const handle = await openDatabase({});
    try {
      await migrateDatabase(handle, older);
      const people = await handle.db
        .insert(accounts)
        .values([{ name: "Late Twin" }, { name: "Late Twin" }, { name: "Reader Only" }])
        .returning({ id: accounts.id });
      const [later, earlier] = people;
      await handle.db.execute(sql`insert into plugins (slug, owner_id, name, latest_version, created_at)
        values ('later-one', ${later!.id}, 'Later', '1.0.0', '2026-02-01T00:00:00Z'), ('earlier-one', ${earlier!.id}, 'Earlier', '1.0.0', '2026-01-01T00:00:00Z')`);
      await migrateDatabase(handle);
      const { rows } = (await handle.db.execute(sql`select account_id, handle from publisher_handles order by handle`)) as unknown as {
        rows: { account_id: string; handle: string }[];
      };
      expect(rows).toEqual([
        { account_id: earlier!.id, handle: "late-twin" },
        { account_id: later!.id, handle: "late-twin-2" },
      ]);
    } finally {
      await handle.close();
    }
  }, 180_000);
  it("backfill the authors' analytics roll-ups from the downloads and the ledger already there", async () => {
    const older = migrationsBefore("0023_author_analytics");
    const handle = await openDatabase({});
    try {
      await migrateDatabase(handle, older);
      const [author, indian, nowhere] = await handle.db
        .insert(accounts)
        .values([{ name: "Author" }, { name: "Indian", country: "IN" }, { name: "Nowhere" }])
        .returning({ id: accounts.id });
      const run = (query: ReturnType<typeof sql>) => handle.db.execute(query);
      await run(sql`insert into plugins (id, slug, owner_id, name, latest_version)
        values ('00000000-0000-4000-8000-000000000001', 'counted', ${author!.id}, 'Counted', '1.1.0')`);
      const plugin = "00000000-0000-4000-8000-000000000001";
      await run(sql`insert into plugin_versions (plugin_id, version, version_key, manifest, created_at) values
        (${plugin}, '1.0.0', '1.0.0', '{}', '2026-01-01T00:00:00Z'), (${plugin}, '1.1.0', '1.1.0', '{}', '2026-01-05T10:00:00Z')`);
      await run(sql`insert into plugin_downloads (plugin_id, account_id, day) values
        (${plugin}, ${indian!.id}, '2026-01-03'), (${plugin}, ${nowhere!.id}, '2026-01-03'), (${plugin}, ${indian!.id}, '2026-01-05')`);
      await run(sql`insert into checkouts (id, account_id, plugin_id, provider, currency, amount, status) values
        ('00000000-0000-4000-8000-0000000000c1', ${indian!.id}, ${plugin}, 'builtin', 'INR', 9900, 'paid')`);
      await run(sql`insert into purchases (id, account_id, plugin_id, checkout_id, provider, provider_payment_id, currency, amount, status, paid_at, refunded_at) values
        ('00000000-0000-4000-8000-0000000000d1', ${indian!.id}, ${plugin}, '00000000-0000-4000-8000-0000000000c1', 'builtin', 'pay_1', 'INR', 9900, 'refunded', '2026-01-03T23:59:00Z', '2026-01-06T00:01:00Z')`);
      await run(sql`insert into ledger_entries (kind, author_id, currency, gross, share, purchase_id, available_at, created_at) values
        ('sale', ${author!.id}, 'INR', 9900, 7920, '00000000-0000-4000-8000-0000000000d1', '2026-01-17T00:00:00Z', '2026-01-03T23:59:00Z'),
        ('refund', ${author!.id}, 'INR', -9900, -7920, '00000000-0000-4000-8000-0000000000d1', '2026-01-17T00:00:00Z', '2026-01-06T00:01:00Z')`);
      await migrateDatabase(handle);
      const { rows: downloads } = (await run(
        sql`select day::text, version, country, downloads from plugin_download_days order by day, country`,
      )) as unknown as { rows: unknown[] };
      // The version newest by the end of the download's day; the account's country, '' for none.
      expect(downloads).toEqual([
        { day: "2026-01-03", version: "1.0.0", country: "", downloads: 1 },
        { day: "2026-01-03", version: "1.0.0", country: "IN", downloads: 1 },
        { day: "2026-01-05", version: "1.1.0", country: "IN", downloads: 1 },
      ]);
      const { rows: sales } = (await run(
        sql`select day::text, currency, sales, sale_gross, sale_share, refunds, refund_gross, refund_share from plugin_sale_days order by day`,
      )) as unknown as { rows: unknown[] };
      expect(sales).toEqual([
        { day: "2026-01-03", currency: "INR", sales: 1, sale_gross: 9900, sale_share: 7920, refunds: 0, refund_gross: 0, refund_share: 0 },
        { day: "2026-01-06", currency: "INR", sales: 0, sale_gross: 0, sale_share: 0, refunds: 1, refund_gross: 9900, refund_share: 7920 },
      ]);
    } finally {
      await handle.close();
    }
  }, 180_000);

  it("make plugins listed before search findable by their README, name and description", async () => {
    const older = migrationsBefore("0025_plugin_discovery");
    const handle = await openDatabase({});
    try {
      await migrateDatabase(handle, older);
      const [owner] = await handle.db.insert(accounts).values({ name: "Early Author" }).returning({ id: accounts.id });
      await handle.db.execute(sql`with p as (
          insert into plugins (slug, owner_id, name, description, latest_version) values ('early-one', ${owner!.id}, 'Early One', 'Counts raids.', '1.0.0') returning id
        ), v as (
          insert into plugin_versions (plugin_id, version, version_key, manifest) select id, '1.0.0', '1.0.0', '{}'::jsonb from p returning id
        )
        insert into plugin_files (version_id, path, content) select id, 'README.md', 'Plays a xylophone.' from v`);
      await migrateDatabase(handle);
      const found = async (words: string) =>
        (
          (await handle.db.execute(sql`select slug from plugins where search_vector @@ websearch_to_tsquery('english', ${words})`)) as unknown as {
            rows: { slug: string }[];
          }
        ).rows.map((row) => row.slug);
      expect(await found("xylophone")).toEqual(["early-one"]);
      expect(await found("raid")).toEqual(["early-one"]);
      expect(await found("early")).toEqual(["early-one"]);
    } finally {
      await handle.close();
    }
  }, 180_000);

  it("copy the plugin API version of each plugin's latest version into its listing, 1 where the manifest leaves it out", async () => {
    const older = migrationsBefore("0028_plugin_api_version");
    const handle = await openDatabase({});
    try {
      await migrateDatabase(handle, older);
      const [owner] = await handle.db.insert(accounts).values({ name: "Versioned Author" }).returning({ id: accounts.id });
      // A later plugin API version is not allowed yet; the copy reads whatever the latest version's manifest says.
      await handle.db.execute(sql`with p as (
          insert into plugins (slug, owner_id, name, latest_version) values ('api-two', ${owner!.id}, 'Api Two', '2.0.0'), ('api-default', ${owner!.id}, 'Api Default', '1.0.0') returning id, slug
        )
        insert into plugin_versions (plugin_id, version, version_key, manifest)
        select id, v.version, v.version, v.manifest::jsonb from p join (values
          ('api-two', '1.0.0', '{"api": 1}'), ('api-two', '2.0.0', '{"api": 2}'), ('api-default', '1.0.0', '{}')
        ) as v(slug, version, manifest) on v.slug = p.slug`);
      await migrateDatabase(handle);
      const { rows } = (await handle.db.execute(sql`select slug, api_version from plugins order by slug`)) as unknown as {
        rows: { slug: string; api_version: number }[];
      };
      expect(rows).toEqual([
        { slug: "api-default", api_version: 1 },
        { slug: "api-two", api_version: 2 },
      ]);
    } finally {
      await handle.close();
    }
  }, 180_000);
});
