// Apart from admin-cli.ts, which the author CLI's tests import too: this one reaches the whole API through the test database.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { DatabaseHandle } from "@streamkit/db";
import { afterAll, beforeAll } from "vitest";
import { createTestDatabase } from "./database";
import { type ServerProcess, startServerProcess } from "./server-process";

/**
 * The server a CLI test file runs the operator CLI beside, started before its tests and stopped after them: on
 * PostgreSQL both share a fresh database; on PGlite the server holds a fresh data folder and the CLI goes through
 * its admin channel. `env` is what the CLI needs to reach the same data.
 */
export function serverForCli(folderPrefix: string): { readonly env: Record<string, string>; readonly server: ServerProcess } {
  let database: DatabaseHandle | undefined;
  const state = { env: {} as Record<string, string>, server: undefined as unknown as ServerProcess };
  beforeAll(async () => {
    if (process.env.TEST_DB === "postgres") {
      database = await createTestDatabase();
      state.env = { DATABASE_URL: database.url! };
    } else {
      state.env = { DATA_DIR: mkdtempSync(join(tmpdir(), folderPrefix)) };
    }
    state.server = await startServerProcess(state.env);
  }, 120_000);
  afterAll(async () => {
    await state.server?.stop();
    await database?.close();
  });
  return state;
}
