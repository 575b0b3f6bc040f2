import { readFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { type DatabaseHandle, openDatabase } from "@streamkit/db";
import postgres from "postgres";
import { inject } from "vitest";
import { withDatabase } from "./global-setup";

/** A fresh, migrated database for one test file, on the engine of the current project. */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  if (process.env.TEST_DB === "postgres") {
    const url = process.env.DATABASE_URL!;
    const template = inject("postgresTemplate");
    const name = `sk_test_${template.slice("sk_template_".length)}_${randomBytes(4).toString("hex")}`;
    const admin = postgres(url, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${name} template ${template}`);
    const handle = await openDatabase({ url: withDatabase(url, name) });
    return {
      ...handle,
      async close() {
        await handle.close();
        await admin.unsafe(`drop database if exists ${name} with (force)`);
        await admin.end();
      },
    };
  }
  const dump = readFileSync(inject("pgliteTemplate"));
  return openDatabase({ loadDataDir: new Blob([dump]) });
}
