import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { findMigrationsFolder, migrateDatabase, openDatabase } from "../src/client";
import { accounts } from "../src/schema";

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
});
