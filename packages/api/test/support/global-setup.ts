import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { migrateDatabase, openDatabase } from "@streamkit/db";
import postgres from "postgres";
import type { TestProject } from "vitest/node";
import { syncSoundCatalogue } from "../../src/app/seeding";

/**
 * Migrates one template database per engine, once per run; every test file
 * then starts from a copy (PGlite: a data-dir dump; PostgreSQL: CREATE
 * DATABASE … TEMPLATE), which is much faster than migrating each time.
 * The template also holds the seeded sound catalogue, so no test file pays
 * for synthesising it (createDeps then finds it there in one query).
 */
export default async function setup(project: TestProject) {
  const run = `${process.pid}_${Date.now()}`;
  const pglite = await openDatabase({});
  await migrateDatabase(pglite);
  await syncSoundCatalogue(pglite.db);
  const dump = await pglite.pglite!.dumpDataDir("none");
  await pglite.close();
  const dumpPath = join(tmpdir(), `streamkit-template-${run}.tar`);
  writeFileSync(dumpPath, Buffer.from(await dump.arrayBuffer()));
  project.provide("pgliteTemplate", dumpPath);

  const url = process.env.DATABASE_URL;
  if (!url) return;
  const template = `sk_template_${run}`;
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${template}`);
  const handle = await openDatabase({ url: withDatabase(url, template), maxConnections: 1 });
  await migrateDatabase(handle);
  await syncSoundCatalogue(handle.db);
  await handle.close();
  project.provide("postgresTemplate", template);

  return async () => {
    const leftovers = await admin<{ datname: string }[]>`select datname from pg_database where datname like ${`sk_test_${run}%`} or datname = ${template}`;
    for (const { datname } of leftovers) await admin.unsafe(`drop database if exists ${datname} with (force)`);
    await admin.end();
  };
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: string;
  }
}
