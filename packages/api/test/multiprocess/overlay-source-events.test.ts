/**
 * The browser source's event stream across server processes on one
 * PostgreSQL database: a save made through one process reaches a stream
 * opened on another (NOTIFY on the save, one LISTEN per process), and a
 * process shutting down ends its open streams at once instead of holding its
 * grace. PostgreSQL only, like every file here.
 */
import type { DatabaseHandle } from "@streamkit/db";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDatabase } from "../support/database";
import { eventStream } from "../support/event-stream";
import { bearer, insertAccount, insertKey } from "../support/factories";
import { overlayDocument, textLayer } from "../support/overlays";
import { type ServerProcess, startServerProcess } from "../support/server-process";

let database: DatabaseHandle;
let servers: ServerProcess[];
/** Long, so a process that waited for its open streams instead of ending them would be seen. */
const GRACE_MS = 30_000;

beforeAll(async () => {
  database = await createTestDatabase();
  servers = await Promise.all([0, 1].map(() => startServerProcess({ DATABASE_URL: database.url!, SHUTDOWN_GRACE_MS: String(GRACE_MS) })));
}, 120_000);

afterAll(async () => {
  await Promise.all(servers?.map((s) => s.stop()) ?? []);
  await database?.close();
});

const documentOf = (text: string) => overlayDocument([textLayer("title", text, { x: 0, y: 0 })], { width: 640, height: 360 });

it("a save through one process reaches a stream open on the other; SIGTERM ends the stream and the process exits at once", async () => {
  const [a, b] = [servers[0]!, servers[1]!];
  const account = await insertAccount(database.db, { plan: "pro" });
  const { key } = await insertKey(database.db, account.id, { scopes: ["inventory:write"] });
  const headers = { ...bearer(key), "content-type": "application/json" };
  const created = await fetch(`${a.url}/api/v1/overlays`, { method: "POST", headers, body: JSON.stringify({ name: "Live", document: documentOf("One") }) });
  expect(created.status).toBe(201);
  const { item } = await created.json();

  const response = await fetch(`${b.url}/api/overlay-source/${item.browserSource.token}/events`);
  expect(response.status).toBe(200);
  const events = eventStream(response);
  expect((await events.next())!.id).toBe("1");
  // Twice: the second save finds the listening connection already open.
  for (const [rev, text] of [
    [1, "Two"],
    [2, "Three"],
  ] as const) {
    const saved = await fetch(`${a.url}/api/v1/overlays/${item.id}`, {
      method: "PUT",
      headers,
      body: JSON.stringify({ baseRev: rev, document: documentOf(text) }),
    });
    expect(saved.status).toBe(200);
    const frame = (await events.next())!;
    expect(frame.id).toBe(String(rev + 1));
    expect(JSON.parse(frame.data).svg).toContain(`>${text}</tspan>`);
  }

  const started = performance.now();
  b.kill("SIGTERM");
  expect(await events.next()).toBeNull();
  expect(await b.exited).toEqual({ code: 0, signal: null });
  expect(performance.now() - started).toBeLessThan(GRACE_MS / 2);
});
