import { execFile } from "node:child_process";
import { mkdir, mkdtemp, readdir, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";

export const repoRoot = fileURLToPath(new URL("../../../../", import.meta.url));
/** The command npm links for the workspace, the one `npx streamkit-plugin` runs. */
export const binPath = join(repoRoot, "node_modules", ".bin", "streamkit-plugin");

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
  /** stdout parsed as JSON, when it is. */
  json: any;
}

/** Runs streamkit-plugin as a child process with a clean STREAMKIT_* environment plus `env`. */
export function runCli(args: string[], opts: { cwd?: string; env?: Record<string, string> } = {}): Promise<CliRun> {
  const env: Record<string, string | undefined> = { ...process.env };
  delete env.STREAMKIT_API_KEY;
  delete env.STREAMKIT_API_URL;
  // Pinned signing keys go to a folder of this test process, never the user's ~/.config.
  env.STREAMKIT_CONFIG_DIR = join(tmpdir(), `streamkit-cli-config-${process.pid}`);
  return new Promise((resolve) => {
    execFile(binPath, args, { cwd: opts.cwd ?? repoRoot, env: { ...env, ...opts.env } }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === "number" ? error.code : 1) : 0;
      let json: unknown;
      try {
        json = JSON.parse(stdout);
      } catch {
        json = undefined;
      }
      resolve({ code, stdout, stderr, json });
    });
  });
}

export function tempDir(prefix = "streamkit-cli-"): Promise<string> {
  return mkdtemp(join(tmpdir(), prefix));
}

/** Writes files (string: UTF-8; Uint8Array: raw bytes) under `root`, creating folders. */
export async function writeTree(root: string, files: Record<string, string | Uint8Array>): Promise<void> {
  for (const [path, content] of Object.entries(files)) {
    const file = join(root, ...path.split("/"));
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, content);
  }
}

/** Every file under `root` as path → bytes (paths "/"-separated), for comparing folders. */
export async function readTree(root: string): Promise<Record<string, Buffer>> {
  const out: Record<string, Buffer> = {};
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const absolute = join(entry.parentPath, entry.name);
    out[relative(root, absolute).split(sep).join("/")] = await readFile(absolute);
  }
  return out;
}
