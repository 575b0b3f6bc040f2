/**
 * What a write's answer waits for (shared/write-fence.ts): every write settles this process's kept state before it
 * answers — on /api/v1, the website's tRPC and its batches — except the writes that change nothing a process keeps
 * (an overlay save, a test alert), whose answers do not wait. A fence of the test's own counts the settlings.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { addWriteFence } from "../../../src/shared/write-fence";
import { BASE, createTestApp, type TestApp } from "../../support/app";
import { TestClock } from "../../support/clock";
import { insertAccount, insertKey } from "../../support/factories";
import { apiCaller, createOverlay, documentOf } from "../../support/overlays";
import { sessionCookie } from "../../support/session";
import { readTrpc, trpcMutate } from "../../support/trpc";

const clock = new TestClock();
let app: TestApp;
let settlings = 0;

beforeAll(async () => {
  app = await createTestApp({ now: clock.now });
  addWriteFence(app.deps, async () => {
    settlings++;
  });
});
afterAll(() => app.close());
beforeEach(() => {
  settlings = 0;
});

async function streamer() {
  const account = await insertAccount(app.deps.db, { plan: "pro" });
  const { key } = await insertKey(app.deps.db, account.id, { scopes: ["inventory:write"] });
  const send = apiCaller(app, key, () => clock.nextMinute());
  const { id } = await createOverlay(send, documentOf("One"));
  return { account, id, send, cookie: await sessionCookie(app, account.id) };
}

describe("on /api/v1", () => {
  it("a save and a test alert answer without settling; creating and deleting an overlay settle", async () => {
    const { id, send } = await streamer();
    settlings = 0;
    expect((await send("PUT", `/overlays/${id}`, { baseRev: 1, document: documentOf("Two") })).status).toBe(200);
    expect((await send("POST", `/overlays/${id}/test-alerts`, { alert: { type: "follow", name: "Ada" } })).status).toBe(202);
    expect(settlings).toBe(0);

    expect((await send("POST", "/overlays", { name: "Another", document: documentOf("Three") })).status).toBe(201);
    expect(settlings).toBe(1);
    expect((await send("DELETE", `/overlays/${id}`)).status).toBe(204);
    expect(settlings).toBe(2);
  });
});

describe("on the website's tRPC", () => {
  it("a save answers without settling; another mutation settles, also when batched after or before a save", async () => {
    const { id, cookie } = await streamer();
    settlings = 0;
    const saved = await readTrpc(await trpcMutate(app, "overlays.update", { overlayId: id, baseRev: 1, document: documentOf("Two") }, { cookie }));
    expect(saved.status).toBe(200);
    expect(settlings).toBe(0);

    const created = await readTrpc(await trpcMutate(app, "keys.create", { name: "CI", scopes: ["plugins:read"] }, { cookie }));
    expect(created.status).toBe(200);
    expect(settlings).toBe(1);

    for (const [order, inputs] of [
      ["overlays.update,keys.create", { 0: { overlayId: id, baseRev: 2, document: documentOf("Three") }, 1: { name: "After", scopes: ["plugins:read"] } }],
      ["keys.create,overlays.update", { 0: { name: "Before", scopes: ["plugins:read"] }, 1: { overlayId: id, baseRev: 3, document: documentOf("Four") } }],
    ] as const) {
      settlings = 0;
      const batch = await app.raw(`/api/trpc/${order}?batch=1`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: BASE, cookie },
        body: JSON.stringify(inputs),
      });
      expect(batch.status, order).toBe(200);
      expect(settlings, order).toBe(1);
    }
  });
});
