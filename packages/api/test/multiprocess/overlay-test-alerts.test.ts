/**
 * Test alerts across server processes on one PostgreSQL database
 * (docs/overlays.md#test-alerts): an alert fired through process A reaches a
 * browser source's stream connected to process B (the hub's NOTIFY, one
 * LISTEN per process, the drawing made on B), the overlay is not written, and
 * the per-overlay limit is exact across both. PostgreSQL only, like every file here.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { rateLimits } from "@streamkit/api-contract";
import type { DatabaseHandle } from "@streamkit/db";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDatabase } from "../support/database";
import { eventStream } from "../support/event-stream";
import { bearer, insertAccount, insertDesktopTokens } from "../support/factories";
import { overlayDocument, textLayer } from "../support/overlays";
import { type ServerProcess, startServerProcess } from "../support/server-process";

let database: DatabaseHandle;
let servers: ServerProcess[];
const clockFile = join(mkdtempSync(join(tmpdir(), "streamkit-clock-")), "offset");

beforeAll(async () => {
  database = await createTestDatabase();
  // Both processes at the beginning of a minute, so the limit's burst stays in one window.
  writeFileSync(clockFile, String(60_000 - (Date.now() % 60_000) + 1_000));
  servers = await Promise.all([0, 1].map(() => startServerProcess({ DATABASE_URL: database.url!, CLOCK_FILE: clockFile })));
}, 120_000);

afterAll(async () => {
  await Promise.all(servers?.map((s) => s.stop()) ?? []);
  await database?.close();
});

const documentOf = overlayDocument([textLayer("who", "{{plugin.alerts.name}}", { x: 0, y: 0, w: 600 })], { width: 640, height: 360 });

it("an alert fired through A reaches streams on B and on A, the overlay unchanged; the per-overlay limit is exact across both", async () => {
  const [a, b] = [servers[0]!, servers[1]!];
  const account = await insertAccount(database.db, { plan: "pro" });
  // The desktop app's token: 120 requests a minute, so the overlay's own limit is the one reached.
  const { accessToken } = await insertDesktopTokens(database.db, account.id);
  const headers = { ...bearer(accessToken), "content-type": "application/json" };
  const created = await fetch(`${a.url}/api/v1/overlays`, { method: "POST", headers, body: JSON.stringify({ name: "Alerts", document: documentOf }) });
  expect(created.status).toBe(201);
  const { item } = await created.json();
  const fire = (server: ServerProcess, name: string) =>
    fetch(`${server.url}/api/v1/overlays/${item.id}/test-alerts`, { method: "POST", headers, body: JSON.stringify({ alert: { type: "follow", name } }) });

  const onB = eventStream(await fetch(`${b.url}/api/overlay-source/${item.browserSource.token}/events`));
  const onA = eventStream(await fetch(`${a.url}/api/overlay-source/${item.browserSource.token}/events`));
  for (const stream of [onB, onA]) expect((await stream.next())!.id).toBe("1");

  const fired = await fire(a, "Grace");
  expect(fired.status).toBe(202);
  const { alert } = await fired.json();
  for (const stream of [onB, onA]) {
    const event = (await stream.next())!;
    expect(event.event).toBe("alert");
    expect(event.id).toBeUndefined();
    const data = JSON.parse(event.data);
    expect(data).toMatchObject({ id: alert.id, type: "follow", rev: 1, width: 640, height: 360 });
    expect(data.svg).toContain(">Grace</tspan>");
  }

  // Twenty more at once through both processes: exactly the rest of the limit is accepted.
  const burst = await Promise.all(Array.from({ length: 20 }, (_, i) => fire(i % 2 ? b : a, `Burst ${i}`)));
  const accepted = [];
  for (const response of burst) {
    if (response.status === 202) accepted.push((await response.json()).alert.id);
    else {
      expect(response.status).toBe(429);
      expect((await response.json()).error.code).toBe("rate_limited");
      expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
    }
  }
  expect(accepted).toHaveLength(rateLimits.testAlerts.limit - 1);
  // B's stream plays every accepted alert, and nothing else.
  const played = [];
  for (let i = 0; i < accepted.length; i++) {
    const event = (await onB.next())!;
    expect(event.event).toBe("alert");
    played.push(JSON.parse(event.data).id);
  }
  expect(played.sort()).toEqual([...accepted].sort());

  const after = await (await fetch(`${b.url}/api/v1/overlays/${item.id}`, { headers })).json();
  expect(after.item.rev).toBe(1);
  expect(after.item.document).toEqual(item.document);
  await Promise.all([onA.close(), onB.close()]);
});
