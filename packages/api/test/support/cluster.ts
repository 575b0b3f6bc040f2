/**
 * A throwaway PostgreSQL cluster of a test file's own (the binaries of
 * /usr/lib/postgresql/15), for fault tests that stop, freeze or restart the
 * database under a real server process. As root (this machine, CI's
 * container) the cluster belongs to the postgres user: PostgreSQL refuses to
 * run as root.
 */
import { execFile } from "node:child_process";
import { chownSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer as createNetServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { encode } from "@auth/core/jwt";
import { migrateDatabase, openDatabase } from "@streamkit/db";
import { insertAccount } from "./factories";
import { SESSION_COOKIE } from "./session";

const run = promisify(execFile);
const BIN = "/usr/lib/postgresql/15/bin";

export interface Cluster {
  /** postgres:// URL of its `postgres` database. */
  url: string;
  start(): Promise<void>;
  /** `pg_ctl stop -m fast`. */
  stop(): Promise<void>;
  /** SIGSTOP to the postmaster and every process of the cluster (its backends too): the database hangs, sockets stay open. */
  freeze(): Promise<void>;
  /** SIGCONT to the processes `freeze` stopped. */
  thaw(): Promise<void>;
  /** Stops the cluster (thawed first) and deletes its files. */
  remove(): Promise<void>;
}

function pg(command: string, args: string[]) {
  const asRoot = process.getuid?.() === 0;
  return run(asRoot ? "runuser" : join(BIN, command), asRoot ? ["-u", "postgres", "--", join(BIN, command), ...args] : args, { timeout: 60_000 });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createNetServer().listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

/** The processes whose parent is `pid` (from /proc). */
function childrenOf(pid: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The fields after the command's closing parenthesis: state, then the parent's pid.
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      if (Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === pid) children.push(Number(entry));
    } catch {
      // The process ended while the list was read.
    }
  }
  return children;
}

/** initdb's a cluster on a free port in a temporary folder and starts it. */
export async function startCluster(): Promise<Cluster> {
  const dir = mkdtempSync(join(tmpdir(), "streamkit-cluster-"));
  if (process.getuid?.() === 0) {
    const { stdout } = await run("id", ["-u", "postgres"]);
    const { stdout: group } = await run("id", ["-g", "postgres"]);
    chownSync(dir, Number(stdout), Number(group));
  }
  const port = await freePort();
  const data = join(dir, "data");
  await pg("initdb", ["-D", data, "-U", "postgres", "-A", "trust", "--no-sync", "--no-instructions"]);
  let frozen: number[] = [];
  const cluster: Cluster = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start: async () => {
      await pg("pg_ctl", ["start", "-w", "-D", data, "-l", join(dir, "log"), "-o", `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`]);
    },
    stop: async () => {
      await pg("pg_ctl", ["stop", "-w", "-m", "fast", "-D", data]);
    },
    freeze: async () => {
      const postmaster = Number(readFileSync(join(data, "postmaster.pid"), "utf8").split("\n")[0]);
      // The postmaster first, so it forks no new backend while the others are stopped.
      process.kill(postmaster, "SIGSTOP");
      frozen = [postmaster, ...childrenOf(postmaster)];
      for (const pid of frozen.slice(1)) process.kill(pid, "SIGSTOP");
    },
    thaw: async () => {
      for (const pid of frozen) {
        try {
          process.kill(pid, "SIGCONT");
        } catch {
          // Already gone.
        }
      }
      frozen = [];
    },
    remove: async () => {
      await cluster.thaw();
      await cluster.stop().catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
  };
  await cluster.start();
  return cluster;
}

/** A website session cookie for an account, signed with the AUTH_SECRET a test's server process runs with. */
export async function sessionCookie(accountId: string, authSecret: string): Promise<string> {
  return `${SESSION_COOKIE}=${await encode({ token: { sub: accountId }, secret: authSecret, salt: SESSION_COOKIE, maxAge: 3600 })}`;
}

/** A started, migrated cluster holding one account, with a session cookie for it. */
export async function clusterWithAccount(authSecret: string): Promise<{ cluster: Cluster; accountId: string; cookie: string }> {
  const cluster = await startCluster();
  const setup = await openDatabase({ url: cluster.url, maxConnections: 2 });
  await migrateDatabase(setup);
  const account = await insertAccount(setup.db);
  await setup.close();
  return { cluster, accountId: account.id, cookie: await sessionCookie(account.id, authSecret) };
}

/** What a request got while the database was failing: status 0 and the cause when no answer came within `timeoutMs`; the body parsed when it is JSON. */
export async function answerWithin(url: string, init: RequestInit, timeoutMs: number): Promise<{ status: number; retryAfter: string | null; body: any }> {
  let status = 0;
  let retryAfter: string | null = null;
  let body: unknown;
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    status = response.status;
    retryAfter = response.headers.get("retry-after");
    const text = await response.text();
    body = text;
    body = JSON.parse(text);
  } catch (error) {
    if (status === 0) body = String((error as { cause?: unknown }).cause ?? error);
  }
  return { status, retryAfter, body };
}
