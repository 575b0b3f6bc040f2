/**
 * The HTTP server module (src/http-server.ts) through raw sockets against a
 * real server process, exact bytes on the wire: malformed requests are 400
 * bad_request in the envelope (never a 500 or a redirect), a body left unread
 * does not cost the client its answer, slow clients are cut off, and a client
 * that leaves mid-body is logged as that, never as an error.
 */
import { mkdtempSync } from "node:fs";
import { connect, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { DatabaseHandle } from "@streamkit/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../support/database";
import { type ServerProcess, startServerProcess } from "../../support/server-process";

const onPostgres = process.env.TEST_DB === "postgres";
const databases: DatabaseHandle[] = [];
/** Default timeouts, logging at debug. */
let server: ServerProcess;
/** A request may take one second at most. */
let impatient: ServerProcess;

async function databaseEnv(): Promise<Record<string, string>> {
  if (!onPostgres) return { DATA_DIR: mkdtempSync(join(tmpdir(), "streamkit-http-")) };
  const database = await createTestDatabase();
  databases.push(database);
  return { DATABASE_URL: database.url! };
}

beforeAll(async () => {
  [server, impatient] = await Promise.all([
    databaseEnv().then((env) => startServerProcess({ ...env, LOG_LEVEL: "debug" })),
    databaseEnv().then((env) => startServerProcess({ ...env, REQUEST_TIMEOUT_MS: "1000" })),
  ]);
}, 120_000);

afterAll(async () => {
  await Promise.all([server?.stop(), impatient?.stop()]);
  await Promise.all(databases.map((d) => d.close()));
});

const portOf = (s: ServerProcess) => Number(new URL(s.url).port);

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** One connection, read as it arrives: answers are taken one by one by their Content-Length. */
class RawConnection {
  readonly socket: Socket;
  private received = Buffer.alloc(0);
  private waiting: (() => void) | undefined;
  /** The socket's error, if it had one (a reset). */
  error: Error | undefined;
  readonly closed: Promise<void>;

  constructor(port: number, from?: string) {
    this.socket = connect({ port, host: "127.0.0.1", localAddress: from });
    this.socket.on("data", (chunk: Buffer) => {
      this.received = Buffer.concat([this.received, chunk]);
      this.waiting?.();
    });
    this.socket.on("error", (error) => {
      this.error = error;
    });
    this.closed = new Promise((done) => this.socket.once("close", () => done()));
    this.closed.then(() => this.waiting?.());
  }

  /** Bytes received and not yet taken as an answer. */
  get pending(): number {
    return this.received.byteLength;
  }

  write(bytes: string | Buffer): Promise<void> {
    return new Promise((done) => this.socket.write(bytes, () => done()));
  }

  /** The next whole answer; fails when the connection closes first. */
  async answer(): Promise<RawAnswer> {
    for (;;) {
      const parsed = this.take();
      if (parsed) return parsed;
      if (this.socket.destroyed) throw new Error(`closed before a whole answer (${this.error?.message ?? "no error"}): ${this.received}`);
      await new Promise<void>((wake) => (this.waiting = wake));
    }
  }

  private take(): RawAnswer | undefined {
    const end = this.received.indexOf("\r\n\r\n");
    if (end < 0) return undefined;
    const [statusLine, ...lines] = this.received.subarray(0, end).toString("latin1").split("\r\n");
    const headers: Record<string, string> = {};
    for (const line of lines) {
      const colon = line.indexOf(":");
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    const length = Number(headers["content-length"] ?? 0);
    if (this.received.byteLength < end + 4 + length) return undefined;
    const body = this.received.subarray(end + 4, end + 4 + length).toString("utf8");
    this.received = this.received.subarray(end + 4 + length);
    return { status: Number(statusLine!.split(" ")[1]), headers, body };
  }
}

/** Sends the bytes on a new connection and returns the first answer. */
async function exchange(target: ServerProcess, bytes: string): Promise<RawAnswer> {
  const connection = new RawConnection(portOf(target));
  await connection.write(bytes);
  try {
    return await connection.answer();
  } finally {
    connection.socket.destroy();
  }
}

function expectBadRequest(answer: RawAnswer) {
  expect(answer.status).toBe(400);
  expect(answer.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  expect(answer.headers["content-type"]).toBe("application/json; charset=utf-8");
  expect(answer.headers.location).toBeUndefined();
  expect(JSON.parse(answer.body)).toMatchObject({ error: { code: "bad_request", message: expect.any(String) } });
}

describe("malformed requests", () => {
  const hosts = ["%", "[", "a b", ":99999", "a@b", "evil.example:99999", "user:pw@localhost", "exa$mple"];
  for (const host of hosts) {
    for (const path of ["/api/v1/plugins", "/", "/api/auth/session"]) {
      it(`answers Host "${host}" on ${path} with 400 bad_request`, async () => {
        expectBadRequest(await exchange(server, `GET ${path} HTTP/1.1\r\nHost: ${host}\r\n\r\n`));
      });
    }
  }

  it.each([
    ["OPTIONS *", "OPTIONS * HTTP/1.1\r\nHost: localhost\r\n\r\n"],
    ["an absolute-form target", "GET http://evil.example/ HTTP/1.1\r\nHost: localhost\r\n\r\n"],
    ["an absolute-form API target", "GET http://evil.example/api/v1/plugins HTTP/1.1\r\nHost: localhost\r\n\r\n"],
    ["no Host in HTTP/1.1", "GET /api/v1/plugins HTTP/1.1\r\n\r\n"],
    ["two Host headers", "GET /api/v1/plugins HTTP/1.1\r\nHost: localhost\r\nHost: evil.example\r\n\r\n"],
    ["CONNECT", "CONNECT evil.example:443 HTTP/1.1\r\nHost: evil.example:443\r\n\r\n"],
    ["bytes that are not HTTP", "HELLO THERE\r\n\r\n"],
    ["a header line without a colon", "GET / HTTP/1.1\r\nHost: localhost\r\nnonsense\r\n\r\n"],
  ])("answers %s with 400 bad_request in the envelope", async (_name, bytes) => {
    expectBadRequest(await exchange(server, bytes));
  });

  it("still answers well-formed requests, HTTP/1.0 without Host included", async () => {
    for (const bytes of [
      "GET /api/v1/openapi.json HTTP/1.1\r\nHost: localhost:3000\r\nConnection: close\r\n\r\n",
      "GET /api/v1/openapi.json HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n",
      "GET /api/v1/openapi.json HTTP/1.1\r\nHost: [::1]:8080\r\nConnection: close\r\n\r\n",
      "GET /api/v1/openapi.json HTTP/1.0\r\n\r\n",
    ]) {
      const answer = await exchange(server, bytes);
      expect(answer.status, bytes).toBe(200);
    }
  });
});

it("says nosniff on the REST core's answers, successes and errors alike", async () => {
  for (const path of ["/api/v1/openapi.json", "/api/v1/plugins?limit=1", "/api/v1/no-such-thing", "/api/webhooks/builtin"]) {
    const response = await fetch(`${server.url}${path}`);
    expect(response.headers.get("x-content-type-options"), path).toBe("nosniff");
    await response.body?.cancel();
  }
});

describe("a body the server does not read", () => {
  /** 2 MiB in 64 KiB chunks, chunked, to a route whose limit is 1 MiB and which reads the body first. */
  const chunk = Buffer.alloc(64 * 1024, "a");
  const chunked = Buffer.concat([
    ...Array.from({ length: 32 }, () => Buffer.concat([Buffer.from(`${chunk.byteLength.toString(16)}\r\n`), chunk, Buffer.from("\r\n")])),
    Buffer.from("0\r\n\r\n"),
  ]);

  async function expectCleanTooLarge(connection: RawConnection, body: Buffer) {
    // The whole body goes out, as a client that does not read while it writes sends it.
    const [answer] = await Promise.all([connection.answer(), connection.write(body)]);
    expect(answer.status).toBe(413);
    expect(answer.headers.connection).toBe("close");
    expect(answer.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.parse(answer.body)).toMatchObject({ error: { code: "payload_too_large" } });
    await connection.closed;
    // Closed with a FIN after the body was read off, not a reset.
    expect(connection.error).toBeUndefined();
    const next = await exchange(server, "GET /api/v1/openapi.json HTTP/1.1\r\nHost: localhost\r\n\r\n");
    expect(next.status).toBe(200);
  }

  it("answers a chunked body over the limit with a whole 413, Connection: close, and no reset", async () => {
    const connection = new RawConnection(portOf(server));
    await connection.write("POST /api/webhooks/builtin HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n");
    await expectCleanTooLarge(connection, chunked);
  });

  it("answers a declared Content-Length over the limit likewise", async () => {
    const body = Buffer.alloc(3 * 1024 * 1024, "a");
    const connection = new RawConnection(portOf(server));
    await connection.write(
      `POST /api/webhooks/builtin HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.byteLength}\r\n\r\n`,
    );
    await expectCleanTooLarge(connection, body);
  });

  it("keeps the connection when a small unread body is drained", async () => {
    const body = JSON.stringify({ padding: "x".repeat(10_000) });
    const connection = new RawConnection(portOf(server));
    // Refused for want of a key before the body is read.
    await connection.write(
      `POST /api/v1/plugins HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
    const refused = await connection.answer();
    expect(refused.status).toBe(401);
    expect(refused.headers.connection).toBe("keep-alive");
    await connection.write("GET /api/v1/openapi.json HTTP/1.1\r\nHost: localhost\r\n\r\n");
    const next = await connection.answer();
    expect(next.status).toBe(200);
    connection.socket.destroy();
  });
});

describe("slow clients", () => {
  /** Sends one byte every 200 ms until the server closes; resolves with the time from the first byte to the close. */
  async function trickle(head: string, byte: string): Promise<{ ms: number; answer: RawAnswer }> {
    const connection = new RawConnection(portOf(impatient));
    const started = performance.now();
    await connection.write(head);
    const timer = setInterval(() => {
      if (!connection.socket.destroyed) connection.socket.write(byte);
    }, 200);
    try {
      const answer = await connection.answer();
      await connection.closed;
      return { ms: performance.now() - started, answer };
    } finally {
      clearInterval(timer);
    }
  }

  it("cuts off a body sent at a few bytes a second once REQUEST_TIMEOUT_MS passes", async () => {
    const { ms, answer } = await trickle(
      "POST /api/webhooks/builtin HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n",
      " ",
    );
    expectBadRequest(answer);
    expect(answer.headers.connection).toBe("close");
    // One second, checked every half second; far below Node's default of five minutes.
    expect(ms).toBeLessThan(5_000);
  }, 20_000);

  // A browser opens connections ahead of need and may send on one just as it times out: an answer there would be taken as the answer to that request.
  it("closes a connection that sent nothing, without an answer", async () => {
    const connection = new RawConnection(portOf(impatient));
    await connection.closed;
    expect(connection.error).toBeUndefined();
    expect(connection.pending).toBe(0);
  }, 20_000);

  it("closes a kept-alive connection that sent nothing after its answer, without another answer", async () => {
    const connection = new RawConnection(portOf(impatient));
    await connection.write("GET /api/v1/openapi.json HTTP/1.1\r\nHost: localhost\r\n\r\n");
    expect((await connection.answer()).status).toBe(200);
    await connection.closed;
    expect(connection.pending).toBe(0);
  }, 20_000);

  it("cuts off headers sent slowly", async () => {
    const { ms, answer } = await trickle("GET /api/v1/openapi.json HTTP/1.1\r\nHost: localhost\r\nX-Slow: ", "a");
    expectBadRequest(answer);
    expect(ms).toBeLessThan(5_000);
  }, 20_000);
});

describe("a client that goes away mid-body", () => {
  it.each([
    // From addresses of their own: the line is written once per address and minute (log-gate.ts). A connection reset before the
    // server accepted it has no peer address left to read ("unknown"), so the address itself is not asserted.
    ["closes its side", "closed", "127.0.0.11", (socket: Socket) => socket.destroy()],
    ["resets the connection", "reset", "127.0.0.12", (socket: Socket) => socket.resetAndDestroy()],
  ])("that %s is logged at info as having gone away, and nothing at error level", async (_name, tag, from, leave) => {
    const path = `/api/webhooks/went-away-${tag}`;
    const connection = new RawConnection(portOf(server), from);
    await connection.write(
      `POST ${path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n400\r\n${"a".repeat(0x400)}\r\n`,
    );
    // The server has the request (its debug line for the route is not out yet: it waits for the body).
    leave(connection.socket);
    const gone = JSON.parse(await server.waitForLine((line) => line.includes("client went away") && line.includes(path))) as { level: number; path: string };
    expect(gone).toMatchObject({ level: 30, path });
    // The REST core's own line for that request, once it has given up on the body.
    const done = JSON.parse(await server.waitForLine((line) => line.includes(`"path":"${path}"`) && line.includes('"status"'))) as {
      status: number;
    };
    expect(done.status).toBeLessThan(500);
    const errors = server
      .output()
      .split("\n")
      .filter((line) => /"level":(50|60)/.test(line));
    expect(errors).toEqual([]);
  });
});
