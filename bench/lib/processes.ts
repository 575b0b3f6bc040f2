import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";

const BENCH_SECRET_KEY = randomBytes(32).toString("base64url");

export function startProcess(command: string, args: string[], options: { cwd: string; env: Record<string, string | undefined>; name: string }): ChildProcess {
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: { ...process.env, ...options.env } as NodeJS.ProcessEnv,
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  child.stderr?.on("data", (chunk) => process.stderr.write(`[${options.name}] ${chunk}`));
  return child;
}

/**
 * The production server's command as `npm start` runs it — apps/web's start
 * script, its node flags (the heap limit among them) included — less its
 * variable assignments, which startApp sets itself.
 */
function productionCommand(repoRoot: string): { command: string; args: string[] } {
  const script: string = JSON.parse(readFileSync(`${repoRoot}/apps/web/package.json`, "utf8")).scripts.start;
  const [command, ...args] = script.split(/\s+/).filter((word) => !/^[A-Z_]+=/.test(word));
  return { command: command!, args };
}

/** The production build (apps/web/dist/server.mjs, started as `npm start` starts it) on PostgreSQL at 127.0.0.1:`port`, without the exchange-rate scheduler. */
export function startApp(ctx: { repoRoot: string; databaseUrl: string }, port: number, env: Record<string, string> = {}): ChildProcess {
  const { command, args } = productionCommand(ctx.repoRoot);
  return startProcess(command, args, {
    cwd: `${ctx.repoRoot}/apps/web`,
    env: {
      DATABASE_URL: ctx.databaseUrl,
      DEMO_DATA: "auto",
      LOG_LEVEL: "warn",
      NODE_ENV: "production",
      // Production on PostgreSQL needs the master secret; the benchmark's processes share one.
      SECRET_KEY: BENCH_SECRET_KEY,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      PORT: String(port),
      HOST: "127.0.0.1",
      FX_REFRESH: "off",
      // BENCH_CPU_PROFILE_DIR=<dir>: the app writes a V8 CPU profile there when it stops (docs/testing.md#profiles).
      ...(process.env.BENCH_CPU_PROFILE_DIR ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${process.env.BENCH_CPU_PROFILE_DIR}` } : {}),
      ...env,
    },
    name: "app",
  });
}

export async function waitForOk(url: string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
      last = response.status;
    } catch (error) {
      last = error;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer 200 in time (last: ${String(last)})`);
}

/** The process's peak resident memory so far, in MiB (VmHWM, Linux): read it just before stopping the process. */
export function peakRssMiB(child: ChildProcess): number {
  const kib = Number(/^VmHWM:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${child.pid}/status`, "utf8"))?.[1]);
  return Math.round(kib / 1024);
}

export function stopProcess(child: ChildProcess | undefined): void {
  if (!child?.pid) return;
  try {
    process.kill(-child.pid, "SIGTERM");
  } catch {
    // Already gone.
  }
}
