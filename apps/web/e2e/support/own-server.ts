import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const webRoot = fileURLToPath(new URL("../../", import.meta.url));

export interface OwnServer {
  url: string;
  /** What the server wrote to stdout and stderr so far (its JSON log lines). */
  output(): string;
  stop(): Promise<void>;
}

/** A port nobody listens on now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

/**
 * A second production server on its own empty embedded database, for the
 * journeys that need a state the shared e2e server has left behind (e.g. no
 * exchange-rate feed read yet). Ready once its database answers.
 */
export async function startOwnServer(env: Record<string, string>): Promise<OwnServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), "streamkit-e2e-own-"));
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, ["--enable-source-maps", "dist/server.mjs"], {
    cwd: webRoot,
    env: {
      ...process.env,
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
      DATABASE_URL: "",
      PUBLIC_URL: "",
      DATA_DIR: dataDir,
      HOST: "127.0.0.1",
      PORT: String(port),
      // The "listening" line (info) says the database is open and the port too.
      LOG_LEVEL: "info",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stderr!.on("data", (chunk) => (output += String(chunk)));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not listen within 90 s:\n${output}`)), 90_000);
    child.stdout!.on("data", (chunk) => {
      output += String(chunk);
      if (output.includes('"msg":"listening"')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited with ${code}:\n${output}`));
    });
  });
  return {
    url,
    output: () => output,
    stop: () =>
      new Promise<void>((done) => {
        child.once("exit", () => {
          rmSync(dataDir, { recursive: true, force: true });
          done();
        });
        child.kill("SIGTERM");
      }),
  };
}
