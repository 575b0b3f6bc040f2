/**
 * Redis for the tests of the Redis-counted limits: the shared one (REDIS_URL, else 127.0.0.1:6379 — CI starts
 * it, so an unreachable one fails the test instead of skipping it), and throwaway redis-server children for
 * the outage tests. Every test run writes under a prefix of its own and removes its keys afterwards.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { createServer } from "node:net";
import { createClient } from "@redis/client";

export const sharedRedisUrl = process.env.REDIS_URL || "redis://127.0.0.1:6379";

/** A key prefix no other run uses. */
export const runPrefix = (name: string) => `streamkit-test:${name}:${randomUUID()}:`;

const plainClient = (url: string) => createClient({ url, socket: { connectTimeout: 3_000, reconnectStrategy: false } });
export type RedisInspector = ReturnType<typeof plainClient>;

/** A plain client to look at the keys; fails (not skips) when Redis does not answer within 3 seconds. */
export async function inspectRedis(url = sharedRedisUrl): Promise<RedisInspector> {
  const client = plainClient(url);
  client.on("error", () => {});
  try {
    await client.connect();
  } catch (error) {
    throw new Error(`Redis at ${url} does not answer (${String(error)}): these tests need it. Start redis-server, or set REDIS_URL (.ci/run starts one).`);
  }
  return client;
}

/** Deletes every key under `prefix`. */
export async function deleteKeys(client: RedisInspector, prefix: string): Promise<void> {
  for await (const keys of client.scanIterator({ MATCH: `${prefix}*`, COUNT: 500 })) if (keys.length > 0) await client.del(keys);
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface RedisServer {
  url: string;
  /** Stops the server (SIGTERM) and resolves once it has exited. */
  stop(): Promise<void>;
  /** Starts it again on the same port (empty: nothing is saved), resolving once it accepts connections. */
  start(): Promise<void>;
}

/** A redis-server child of this test on a free port, without persistence. */
export async function startRedisServer(): Promise<RedisServer> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const start = () =>
    new Promise<void>((resolve, reject) => {
      const started = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], {
        stdio: ["ignore", "pipe", "pipe"],
      });
      child = started;
      let output = "";
      started.stdout!.on("data", (chunk) => {
        output += String(chunk);
        if (output.includes("Ready to accept connections")) resolve();
      });
      started.once("exit", (code) => reject(new Error(`redis-server exited (${code}) before it was ready:\n${output}`)));
      started.once("error", reject);
    });
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    start,
    async stop() {
      const running = child;
      if (!running || running.exitCode !== null || running.signalCode !== null) return;
      const exited = new Promise((resolve) => running.once("exit", resolve));
      running.kill("SIGTERM");
      await exited;
    },
  };
}
