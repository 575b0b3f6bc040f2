import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const repoRoot = fileURLToPath(new URL("../../../../", import.meta.url));

/** The operator CLI against the e2e server's embedded database (through its admin channel). */
export function admin(...args: string[]): Record<string, unknown> {
  const output = execFileSync("npm", ["run", "-s", "admin", "--", ...args], {
    cwd: repoRoot,
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR, DATABASE_URL: "", LOG_LEVEL: "warn" },
    encoding: "utf8",
  });
  return JSON.parse(output) as Record<string, unknown>;
}
