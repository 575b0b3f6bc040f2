import { execFile } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { DatabaseHandle } from "@streamkit/db";
import { afterAll, beforeAll } from "vitest";
import { createTestDatabase } from "./database";
import { type ServerProcess, startServerProcess } from "./server-process";

const repoRoot = fileURLToPath(new URL("../../../../", import.meta.url));

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
  /** stdout parsed, when the command succeeded. */
  json: any;
  /** stderr parsed, when it failed. */
  error: any;
}

/** Runs `npm run -s admin -- …` from the repository root, exactly as an operator would. */
export function admin(args: string[], env: Record<string, string>): Promise<CliResult> {
  return new Promise((resolve) => {
    execFile(
      "npm",
      ["run", "-s", "admin", "--", ...args],
      { cwd: repoRoot, env: { ...process.env, DATABASE_URL: "", DATA_DIR: "", LOG_LEVEL: "warn", ...env } },
      (error, stdout, stderr) => {
        const code = error ? ((error as { code?: number }).code ?? 1) : 0;
        const parse = (text: string) => {
          try {
            return JSON.parse(text);
          } catch {
            return undefined;
          }
        };
        resolve({ code, stdout, stderr, json: parse(stdout), error: parse(stderr.trim().split("\n").at(-1) ?? "") });
      },
    );
  });
}

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
