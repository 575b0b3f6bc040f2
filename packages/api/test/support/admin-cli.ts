import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";

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
