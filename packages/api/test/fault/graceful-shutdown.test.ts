/**
 * SIGTERM must not drop requests (docs/operations.md). A real
 * server process on a throwaway PostgreSQL cluster; requests held in flight
 * by real means: website reads (tRPC keys.list) waiting on a lock the test
 * holds on api_keys, and key creations (tRPC keys.create) whose bodies the
 * test sends in two halves (Expect: 100-continue tells it the server has
 * the request). SIGTERM while they are all in flight: a new connection is
 * refused, an idle kept-alive connection is closed at once, every request
 * in flight gets its real answer with `Connection: close` once the test lets
 * it finish, and the process exits 0. With a short SHUTDOWN_GRACE_MS, a
 * request outliving it is cut and logged, and the process exits 0 anyway.
 * SIGINT (Ctrl-C) does the same.
 */
import { Agent, request as httpRequest } from "node:http";
import { connect, type Socket } from "node:net";
import { apiKeys, openDatabase } from "@streamkit/db";
import { eq } from "drizzle-orm";
import postgres from "postgres";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type Cluster, clusterWithAccount } from "../support/cluster";
import { type ServerProcess, startServerProcess } from "../support/server-process";

const AUTH_SECRET = "shutdown-test-session-secret-0123456789abcdef";
/** Requests in flight at SIGTERM: half waiting on the database, half with their bodies half sent. */
const IN_FLIGHT = 12;

let cluster: Cluster;
let cookie: string;
let accountId: string;
let locker: postgres.Sql;
const servers: ServerProcess[] = [];

beforeAll(async () => {
  ({ cluster, accountId, cookie } = await clusterWithAccount(AUTH_SECRET));
  locker = postgres(cluster.url, { max: 2, onnotice: () => {} });
}, 120_000);

afterAll(async () => {
  for (const server of servers) await server.stop();
  await locker?.end({ timeout: 1 });
  await cluster?.remove();
});

interface Answer {
  status?: number;
  connection?: string;
  body?: string;
  /** No answer: what the client saw instead (a reset, the connection closed). */
  error?: string;
}

/** One HTTP request on `agent`; its answer, or what happened instead. */
function send(url: string, init: { method: string; headers: Record<string, string | number>; agent: Agent }) {
  const req = httpRequest(url, init);
  const answer = new Promise<Answer>((resolve) => {
    req.once("response", (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => (body += chunk));
      res.once("end", () => resolve({ status: res.statusCode, connection: res.headers.connection, body }));
      res.once("error", (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? String(error) }));
    });
    req.once("error", (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? String(error) }));
  });
  return { req, answer };
}

/** A key creation whose body is sent in two halves: `started` once the server has the request (100 Continue) and the first half. */
function slowCreate(base: string, agent: Agent, name: string) {
  const body = JSON.stringify({ name, scopes: ["plugins:read"] });
  const half = Math.floor(body.length / 2);
  const { req, answer } = send(`${base}/api/trpc/keys.create`, {
    method: "POST",
    agent,
    headers: { cookie, origin: base, "content-type": "application/json", "content-length": Buffer.byteLength(body), expect: "100-continue" },
  });
  const started = new Promise<void>((resolve) => req.once("continue", () => req.write(body.slice(0, half), () => resolve())));
  req.flushHeaders();
  return { started, answer, finish: () => req.end(body.slice(half)) };
}

/** A website read of the account's keys (it waits while the test holds api_keys). */
function listKeys(base: string, agent: Agent) {
  const { req, answer } = send(`${base}/api/trpc/keys.list`, { method: "GET", agent, headers: { cookie } });
  req.end();
  return answer;
}

/** Holds an ACCESS EXCLUSIVE lock on api_keys until `release`; `waiting(n)` resolves once n backends wait for it. */
async function holdApiKeys() {
  let release!: () => void;
  let locked!: () => void;
  const isLocked = new Promise<void>((resolve) => (locked = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  const transaction = locker.begin(async (tx) => {
    await tx`lock table api_keys in access exclusive mode`;
    locked();
    await released;
  });
  await isLocked;
  return {
    async waiting(count: number) {
      for (;;) {
        const [row] = await locker<{ waiting: number }[]>`
          select count(*)::int as waiting from pg_stat_activity where wait_event_type = 'Lock' and query ilike '%api_keys%'`;
        if (row!.waiting >= count) return;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    release: async () => {
      release();
      await transaction;
    },
  };
}

function refused(url: string): Promise<string> {
  const { port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect(Number(port), "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve("connected");
    });
    socket.once("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? String(error)));
  });
}

const start = (env: Record<string, string> = {}) =>
  startServerProcess({ DATABASE_URL: cluster.url, AUTH_SECRET, LOG_LEVEL: "info", WEB_RATE_LIMIT_PER_MINUTE: "100000", ...env }).then((server) => {
    servers.push(server);
    return server;
  });

it("on SIGTERM refuses new connections, closes idle ones at once, answers every request in flight and exits 0", async () => {
  const server = await start();
  const base = server.url;
  const agent = new Agent({ keepAlive: true, maxSockets: 100 });

  // An idle kept-alive connection: one answered request on it.
  const idleAgent = new Agent({ keepAlive: true });
  const first = send(`${base}/healthz`, { method: "GET", agent: idleAgent, headers: {} });
  const idleSocket = new Promise<Socket>((resolve) => first.req.once("socket", resolve));
  first.req.end();
  expect((await first.answer).status).toBe(200);
  const idleClosed = new Promise<void>((resolve) => void idleSocket.then((socket) => socket.once("close", () => resolve())));

  const lock = await holdApiKeys();
  const reads = Array.from({ length: IN_FLIGHT / 2 }, () => listKeys(base, agent));
  const writes = Array.from({ length: IN_FLIGHT / 2 }, (_, i) => slowCreate(base, agent, `shutdown-${i}`));
  await lock.waiting(IN_FLIGHT / 2);
  await Promise.all(writes.map((write) => write.started));

  server.kill("SIGTERM");
  await server.waitForLine((line) => line.includes("shutting down"));
  expect(await refused(base)).toBe("ECONNREFUSED");
  // Closed while every request is still held: it did not wait for them.
  await idleClosed;

  for (const write of writes) write.finish();
  await lock.release();
  const answers = await Promise.all([...reads, ...writes.map((write) => write.answer)]);
  const dropped = answers.filter((answer) => answer.status !== 200).length;
  console.info(`shutdown: ${IN_FLIGHT} requests in flight at SIGTERM, ${dropped} dropped: ${JSON.stringify(answers.map((a) => a.error ?? a.status))}`);
  for (const answer of answers) {
    expect(answer, JSON.stringify(answer)).toMatchObject({ status: 200, connection: "close" });
  }
  expect(await server.exited).toEqual({ code: 0, signal: null });
  expect(server.output()).toContain('"msg":"shut down"');

  // The writes answered 200 are in the database.
  const check = await openDatabase({ url: cluster.url, maxConnections: 1 });
  const keys = await check.db.select({ name: apiKeys.name }).from(apiKeys).where(eq(apiKeys.accountId, accountId));
  await check.close();
  expect(keys.map((key) => key.name).sort()).toEqual(writes.map((_, i) => `shutdown-${i}`).sort());
  agent.destroy();
  idleAgent.destroy();
}, 120_000);

it("cuts and logs a request still running at SHUTDOWN_GRACE_MS, and exits 0 anyway", async () => {
  const server = await start({ SHUTDOWN_GRACE_MS: "500" });
  const base = server.url;
  const agent = new Agent({ keepAlive: true });
  const lock = await holdApiKeys();
  const read = listKeys(base, agent);
  const write = slowCreate(base, agent, "never-finished");
  await lock.waiting(1);
  await write.started;

  server.kill("SIGTERM");
  // Neither is let go: the read waits for the lock, the write for the rest of its body.
  expect(await server.exited).toEqual({ code: 0, signal: null });
  await lock.release();
  expect((await read).error).toBeDefined();
  expect((await write.answer).error).toBeDefined();
  const cut = server
    .output()
    .split("\n")
    .filter((line) => line.includes("request cut at shutdown"))
    .map((line) => JSON.parse(line) as { method: string; path: string });
  expect(cut.map(({ method, path }) => `${method} ${path}`).sort()).toEqual(["GET /api/trpc/keys.list", "POST /api/trpc/keys.create"]);
  agent.destroy();
}, 120_000);

it("shuts down the same way on SIGINT", async () => {
  const server = await start();
  expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  server.kill("SIGINT");
  expect(await server.exited).toEqual({ code: 0, signal: null });
  expect(server.output()).toMatch(/"signal":"SIGINT".*"msg":"shutting down/);
  expect(server.output()).toContain('"msg":"shut down"');
}, 120_000);
