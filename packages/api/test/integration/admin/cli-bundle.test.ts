/**
 * scripts/run-cli.mjs, behind `npm run admin` and `npm run fx:refresh`: the
 * program runs from one bundled file, rebuilt when a workspace source is newer
 * than it, so an operator never runs yesterday's code after a pull.
 */
import { execFile } from "node:child_process";
import { statSync, utimesSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { expect, it } from "vitest";

const runCli = fileURLToPath(new URL("../../../scripts/run-cli.mjs", import.meta.url));
const bundle = fileURLToPath(new URL("../../../dist/cli/admin.mjs", import.meta.url));
const source = fileURLToPath(new URL("../../../src/admin/commands.ts", import.meta.url));

async function run(args: string[]) {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [runCli, ...args]);
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

it("runs the program from its bundle, and builds it again when a source is newer", async () => {
  const first = await run(["admin", "--help"]);
  expect(first.code).toBe(0);
  expect(first.stdout).toMatch(/^Usage: npm run -s admin -- <command> \[flags\]/);
  const built = statSync(bundle).mtimeMs;

  // Unchanged sources: the same bundle runs again.
  expect((await run(["admin", "--help"])).code).toBe(0);
  expect(statSync(bundle).mtimeMs).toBe(built);

  // A source edited after the build (its time moved past the bundle's): rebuilt before it runs.
  const later = new Date(built + 1_000);
  utimesSync(source, later, later);
  const again = await run(["admin", "--help"]);
  expect(again.code).toBe(0);
  expect(again.stdout).toBe(first.stdout);
  expect(statSync(bundle).mtimeMs).toBeGreaterThanOrEqual(later.getTime());
}, 120_000);

it("refuses a program it does not know with its usage and exit code 2", async () => {
  const result = await run(["nonsense"]);
  expect(result.code).toBe(2);
  expect(result.stdout).toBe("");
  expect(result.stderr).toBe("Usage: node packages/api/scripts/run-cli.mjs <admin|fx-refresh> [args…]\n");
});
