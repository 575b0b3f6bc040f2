/**
 * Connection caps (src/connection-limit.ts) and repeated log lines
 * (src/log-gate.ts) with real sockets against real server processes. Clients
 * bind to different loopback addresses (Linux routes all of 127/8), so the
 * server sees different peers: past MAX_CONNECTIONS_PER_ADDRESS a peer's new
 * connections are closed unanswered while another peer is still answered, a
 * trusted proxy is not capped, MAX_CONNECTIONS caps everyone together, and
 * the refusals and a slowloris's timeouts are logged once per address.
 */
import { mkdtempSync } from "node:fs";
import { connect, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { DatabaseHandle } from "@streamkit/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONNECTION_REFUSED, CONNECTION_REFUSED_TOTAL } from "../../../src/server/connection-limit";
import { createTestDatabase } from "../../support/database";
import { type ServerProcess, startServerProcess } from "../../support/server-process";

const onPostgres = process.env.TEST_DB === "postgres";
const databases: DatabaseHandle[] = [];
const PER_ADDRESS = 4;
const TOTAL = 5;
const PROXY = "127.0.0.3";
/** At most PER_ADDRESS connections per untrusted peer; PROXY is trusted. */
let capped: ServerProcess;
/** At most TOTAL connections in all. */
let full: ServerProcess;
/** A request may take one second at most; no cap that a slowloris of SLOW connections would reach. */
let impatient: ServerProcess;
const SLOW = 30;

async function databaseEnv(): Promise<Record<string, string>> {
  if (!onPostgres) return { DATA_DIR: mkdtempSync(join(tmpdir(), "streamkit-conn-")) };
  const database = await createTestDatabase();
  databases.push(database);
  return { DATABASE_URL: database.url! };
}

beforeAll(async () => {
  [capped, full, impatient] = await Promise.all([
    databaseEnv().then((env) => startServerProcess({ ...env, LOG_LEVEL: "info", MAX_CONNECTIONS_PER_ADDRESS: String(PER_ADDRESS), TRUSTED_PROXIES: PROXY })),
    databaseEnv().then((env) => startServerProcess({ ...env, LOG_LEVEL: "info", MAX_CONNECTIONS: String(TOTAL) })),
    databaseEnv().then((env) => startServerProcess({ ...env, LOG_LEVEL: "info", REQUEST_TIMEOUT_MS: "1000" })),
  ]);
}, 300_000);

afterAll(async () => {
  await Promise.all([capped?.stop(), full?.stop(), impatient?.stop()]);
  await Promise.all(databases.map((d) => d.close()));
});

const portOf = (s: ServerProcess) => Number(new URL(s.url).port);

/** A connection from a given loopback address, its bytes collected. */
class Client {
  readonly socket: Socket;
  received = "";
  readonly connected: Promise<void>;
  readonly closed: Promise<void>;

  constructor(target: ServerProcess, from: string) {
    this.socket = connect({ host: "127.0.0.1", port: portOf(target), localAddress: from });
    this.socket.on("data", (chunk: Buffer) => (this.received += chunk.toString("latin1")));
    // A refused connection may be reset rather than closed: either is a refusal.
    this.socket.on("error", () => {});
    this.connected = new Promise((done) => this.socket.once("connect", () => done()));
    this.closed = new Promise((done) => this.socket.once("close", () => done()));
  }

  /** GET /healthz on this connection, kept alive; resolves with the status line once the whole answer is in. */
  async get(): Promise<string> {
    const before = this.received.length;
    this.socket.write("GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n");
    for (;;) {
      const answer = this.received.slice(before);
      if (/\r\n\r\n\{"status":"alive"\}$/.test(answer)) return answer.split("\r\n")[0]!;
      if (this.socket.destroyed) return `closed after ${JSON.stringify(answer)}`;
      await Promise.race([new Promise((wake) => this.socket.once("data", wake)), this.closed]);
    }
  }
}

/** Opens `count` connections from `from`, one after another, each connected before the next. */
async function hold(target: ServerProcess, from: string, count: number): Promise<Client[]> {
  const clients: Client[] = [];
  for (let i = 0; i < count; i++) {
    const client = new Client(target, from);
    await client.connected;
    clients.push(client);
  }
  return clients;
}

/** The server closes the connection without a byte, even when a request is sent. */
async function expectRefused(client: Client): Promise<void> {
  client.socket.write("GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n");
  await client.closed;
  expect(client.received).toBe("");
}

/** Log lines of the process with this message and address. */
const linesOf = (target: ServerProcess, msg: string, address: string) =>
  target
    .output()
    .split("\n")
    .filter((line) => line.includes(`"msg":"${msg}"`) && line.includes(`"address":"${address}"`))
    .map((line) => JSON.parse(line) as Record<string, unknown>);

/**
 * A line the process writes after everything it has already done: a request
 * from a fresh address that leaves mid-body is logged as having gone away.
 * Waits for that line, so every line written before it is in the output.
 */
async function barrier(target: ServerProcess, from: string): Promise<void> {
  const path = `/api/webhooks/barrier-${Math.random().toString(36).slice(2)}`;
  const client = new Client(target, from);
  await client.connected;
  await new Promise<void>((done) =>
    client.socket.write(`POST ${path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{`, () => done()),
  );
  const gone = target.waitForLine((line) => line.includes("client went away") && line.includes(path));
  client.socket.destroy();
  await gone;
}

describe(`at most ${PER_ADDRESS} connections per untrusted address`, () => {
  it("closes a peer's connections past the cap unanswered, answers another peer meanwhile, and the peer again once one closes", async () => {
    const held = await hold(capped, "127.0.0.1", PER_ADDRESS);
    const excess = await hold(capped, "127.0.0.1", 6);
    for (const client of excess) await expectRefused(client);
    // The held connections are served, and so is another address.
    for (const client of held) expect(await client.get()).toBe("HTTP/1.1 200 OK");
    const [neighbour] = await hold(capped, "127.0.0.2", 1);
    expect(await neighbour!.get()).toBe("HTTP/1.1 200 OK");

    // One held connection closes: its place is free again (once the server has seen the close).
    held.shift()!.socket.destroy();
    let status = "";
    for (let attempt = 0; attempt < 100 && status !== "HTTP/1.1 200 OK"; attempt++) {
      const [retry] = await hold(capped, "127.0.0.1", 1);
      status = await retry!.get();
      if (status !== "HTTP/1.1 200 OK") await retry!.closed;
      else held.push(retry!);
    }
    expect(status).toBe("HTTP/1.1 200 OK");

    // The refusals were logged once for the address, not once per connection.
    await barrier(capped, "127.0.0.2");
    const refusals = linesOf(capped, CONNECTION_REFUSED, "127.0.0.1");
    expect(refusals).toHaveLength(1);
    expect(refusals[0]).toMatchObject({ level: 40, limit: PER_ADDRESS });
    for (const client of [...held, neighbour!]) client.socket.destroy();
  });

  it(`does not cap a trusted proxy (${PROXY}): its connections carry many clients`, async () => {
    const held = await hold(capped, PROXY, PER_ADDRESS * 2);
    for (const client of held) expect(await client.get()).toBe("HTTP/1.1 200 OK");
    for (const client of held) client.socket.destroy();
    expect(linesOf(capped, CONNECTION_REFUSED, PROXY)).toHaveLength(0);
  });
});

describe(`at most ${TOTAL} connections in all`, () => {
  it("closes connections past the total unanswered, whatever their address", async () => {
    const held = [...(await hold(full, "127.0.0.4", 3)), ...(await hold(full, "127.0.0.5", TOTAL - 3))];
    const [excess] = await hold(full, "127.0.0.6", 1);
    await expectRefused(excess!);
    for (const client of held) expect(await client.get()).toBe("HTTP/1.1 200 OK");
    const refusal = JSON.parse(await full.waitForLine((line) => line.includes(CONNECTION_REFUSED_TOTAL))) as Record<string, unknown>;
    expect(refusal).toMatchObject({ level: 40, limit: TOTAL, address: "127.0.0.6" });
    for (const client of held) client.socket.destroy();
  });
});

describe("a slowloris", () => {
  it(`of ${SLOW} connections from one address, each cut off, is logged once for that address`, async () => {
    const slow = await hold(impatient, "127.0.0.7", SLOW);
    for (const client of slow) client.socket.write("GET /healthz HTTP/1.1\r\nHost: localhost\r\nX-Slow: ");
    // Each is cut off with the timeout's 400 and closed.
    for (const client of slow) {
      await client.closed;
      expect(client.received).toMatch(/^HTTP\/1\.1 400 /);
    }
    await barrier(impatient, "127.0.0.8");
    const lines = linesOf(impatient, "request timed out", "127.0.0.7");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 30, timeoutMs: 1000 });
  }, 30_000);
});
