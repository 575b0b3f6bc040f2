import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { fileURLToPath } from "node:url";

export interface ServerProcess {
  url: string;
  /** The process id, e.g. to read its memory from /proc. */
  pid: number;
  stop(): Promise<void>;
  /** Everything the process wrote on stdout so far (its JSON log lines, when LOG_LEVEL lets them through). */
  output(): string;
  /** Resolves with the first stdout line matching, as soon as it is written; rejects after `timeoutMs`. */
  waitForLine(match: (line: string) => boolean, timeoutMs?: number): Promise<string>;
  /** Sends the process a signal (SIGTERM: the graceful shutdown). */
  kill(signal: NodeJS.Signals): void;
  /** Resolves when the process has exited: its exit code, or the signal that ended it. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** One master secret for the processes a test file starts, as a deployment shares one (and no key file lands in the repository). */
const SECRET_KEY = randomBytes(32).toString("base64url");

/** Starts test/support/server-main.ts in its own Node process and waits until it listens. */
export function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const main = fileURLToPath(new URL("./server-main.ts", import.meta.url));
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", main], {
    env: { ...process.env, DATABASE_URL: "", DATA_DIR: "", NODE_ENV: "test", LOG_LEVEL: "silent", DEMO_DATA: "off", FX_REFRESH: "off", SECRET_KEY, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr!.on("data", (chunk) => (stderr += String(chunk)));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) => child.once("exit", (code, signal) => done({ code, signal })));
  return new Promise((resolve, reject) => {
    let buffer = "";
    child.stdout!.on("data", (chunk) => {
      buffer += String(chunk);
      const line = buffer.split("\n").find((l) => l.includes('"listening"'));
      if (!line) return;
      const { listening } = JSON.parse(line) as { listening: number };
      resolve({
        url: `http://127.0.0.1:${listening}`,
        pid: child.pid!,
        output: () => buffer,
        waitForLine: (match, timeoutMs = 10_000) =>
          new Promise<string>((found, fail) => {
            const scan = () => buffer.split("\n").find((l) => l.endsWith("}") && match(l));
            const timer = setTimeout(() => {
              child.stdout!.off("data", onData);
              fail(new Error(`no such line within ${timeoutMs} ms in:\n${buffer}`));
            }, timeoutMs);
            const onData = () => {
              const line = scan();
              if (line === undefined) return;
              clearTimeout(timer);
              child.stdout!.off("data", onData);
              found(line);
            };
            child.stdout!.on("data", onData);
            onData();
          }),
        kill: (signal) => child.kill(signal),
        exited,
        stop: () => {
          if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
          return exited.then(() => {});
        },
      });
    });
    child.once("exit", (code) => reject(new Error(`server process exited with ${code}: ${stderr}`)));
  });
}
