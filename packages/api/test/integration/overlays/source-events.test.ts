/**
 * The OBS browser source's event stream (GET /api/overlay-source/{token}/events):
 * the current frame on connect, each change as it happens, and the end when
 * the address or the overlay goes away. Read through the REST core, event by
 * event, never by waiting a while.
 */
import { accounts, subscriptions } from "@streamkit/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deleteAccount } from "../../../src/accounts/account-settings";
import { runAdminCommand } from "../../../src/admin/commands";
import { createTestApp, type TestApp } from "../../support/app";
import { webCaller } from "../../support/commerce";
import { eventStream } from "../../support/event-stream";
import { bearer, insertAccount, insertKey } from "../../support/factories";
import { apiCaller, createOverlay, documentOf } from "../../support/overlays";
import { billing, subscribe, subscriber } from "../../support/subscriptions";

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

async function overlayOf(plan: "pro" | "ultimate" = "pro") {
  const account = await insertAccount(app.deps.db, { plan });
  const { key } = await insertKey(app.deps.db, account.id, { scopes: ["inventory:write"] });
  const send = apiCaller(app, key);
  const { id, token } = await createOverlay(send, documentOf("Hello"), "Live");
  return {
    account,
    id,
    token,
    save: (baseRev: number, text: string) => send("PUT", `/overlays/${id}`, { baseRev, document: documentOf(text) }),
    send,
  };
}

const open = (token: string, headers: Record<string, string> = {}) => app.raw(`/api/overlay-source/${token}/events`, { headers });

describe("the browser source's event stream", () => {
  it("answers text/event-stream, uncached, with a request id, retry advice and the current frame; a save reaches it", async () => {
    const overlay = await overlayOf();
    const response = await open(overlay.token);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    const events = eventStream(response);
    const first = (await events.next())!;
    expect(events.state.retry).toBeGreaterThan(0);
    expect(first.event).toBe("message");
    expect(first.id).toBe("1");
    const frame = JSON.parse(first.data);
    expect(frame).toMatchObject({ rev: 1, locked: false, width: 1280, height: 720 });
    expect(frame.svg).toContain(">Hello</tspan>");
    // The same JSON as the feed.
    expect(frame).toEqual(await (await app.raw(`/api/overlay-source/${overlay.token}`)).json());

    expect((await overlay.save(1, "Changed")).status).toBe(200);
    const second = (await events.next())!;
    expect(second.id).toBe("2");
    expect(JSON.parse(second.data)).toMatchObject({ rev: 2, locked: false });
    expect(JSON.parse(second.data).svg).toContain(">Changed</tspan>");
    await events.close();
  });

  it("Last-Event-ID naming the current rev gets no initial frame, an older one gets the current frame", async () => {
    const overlay = await overlayOf();
    await overlay.save(1, "Two");
    const older = eventStream(await open(overlay.token, { "last-event-id": "1" }));
    expect((await older.next())!.id).toBe("2");
    const current = eventStream(await open(overlay.token, { "last-event-id": "2" }));
    await overlay.save(2, "Three");
    // The first event of the up-to-date stream is the next save's, not rev 2 again.
    expect((await current.next())!.id).toBe("3");
    expect((await older.next())!.id).toBe("3");
    await Promise.all([older.close(), current.close()]);
  });

  it("revoking or renewing the address ends its streams with `revoked`; the old address is then 404", async () => {
    const overlay = await overlayOf();
    const events = eventStream(await open(overlay.token));
    expect((await events.next())!.id).toBe("1");
    const renewed = await overlay.send("POST", `/overlays/${overlay.id}/browser-source`);
    expect(await events.next()).toMatchObject({ event: "revoked" });
    expect(await events.next()).toBeNull();
    expect((await open(overlay.token)).status).toBe(404);

    const again = eventStream(await open(renewed.body.item.browserSource.token));
    expect((await again.next())!.id).toBe("1");
    await overlay.send("DELETE", `/overlays/${overlay.id}/browser-source`);
    expect(await again.next()).toMatchObject({ event: "revoked" });
    expect(await again.next()).toBeNull();
  });

  it("deleting the overlay ends the stream with `deleted`", async () => {
    const overlay = await overlayOf();
    const events = eventStream(await open(overlay.token));
    expect((await events.next())!.id).toBe("1");
    expect((await overlay.send("DELETE", `/overlays/${overlay.id}`)).status).toBe(204);
    expect(await events.next()).toMatchObject({ event: "deleted" });
    expect(await events.next()).toBeNull();
  });

  it("a locked overlay's stream gets a blank frame with locked: true", async () => {
    const overlay = await overlayOf();
    await app.deps.db.update(accounts).set({ plan: "free" }).where(eq(accounts.id, overlay.account.id));
    const events = eventStream(await open(overlay.token));
    const frame = (await events.next())!;
    expect(frame.id).toBe("1.locked");
    expect(JSON.parse(frame.data)).toEqual({ rev: 1, locked: true, width: 1280, height: 720, svg: "" });
    await events.close();
  });

  it("an operator's suspension or downgrade blanks the open stream at once; lifting it brings the drawing back", async () => {
    const overlay = await overlayOf();
    const events = eventStream(await open(overlay.token));
    expect((await events.next())!.id).toBe("1");
    await runAdminCommand(app.deps, ["account", "suspend", "--email", overlay.account.email!]);
    const blank = (await events.next())!;
    expect(blank.id).toBe("1.locked");
    expect(JSON.parse(blank.data)).toMatchObject({ locked: true, svg: "" });
    await runAdminCommand(app.deps, ["account", "unsuspend", "--email", overlay.account.email!]);
    const back = (await events.next())!;
    expect(back.id).toBe("1");
    expect(JSON.parse(back.data).svg).toContain(">Hello</tspan>");
    await runAdminCommand(app.deps, ["account", "set-plan", "--email", overlay.account.email!, "--plan", "free"]);
    expect((await events.next())!.id).toBe("1.locked");
    await events.close();
  });

  it("a plan that billing changes — a refund ending the subscription, a complimentary plan, a new subscription — locks and unlocks the open stream at once", async () => {
    const email = `subscriber-${Date.now()}@test.example`;
    const sub = await subscriber(app, { email });
    await subscribe(sub, "pro");
    const { key } = await insertKey(app.deps.db, sub.id, { scopes: ["inventory:write"] });
    const created = await app.request("/overlays", {
      method: "POST",
      headers: { ...bearer(key), "content-type": "application/json" },
      body: JSON.stringify({ name: "Paid for", document: documentOf("Subscribed") }),
    });
    expect(created.status).toBe(201);
    const { token } = (await created.json()).item.browserSource;
    const events = eventStream(await open(token));
    expect((await events.next())!.id).toBe("1");

    // Billing's own code, which announces nothing: the database's triggers do.
    const payment = (await billing(sub)).payments[0];
    await runAdminCommand(app.deps, ["subscription", "refund", "--payment", payment.id]);
    expect((await events.next())!.id).toBe("1.locked");
    await runAdminCommand(app.deps, ["plan", "grant", "--email", email, "--plan", "pro", "--until", new Date(Date.now() + 86_400_000).toISOString()]);
    expect((await events.next())!.id).toBe("1");
    await runAdminCommand(app.deps, ["plan", "revoke", "--email", email]);
    expect((await events.next())!.id).toBe("1.locked");
    await subscribe(sub, "pro");
    const back = (await events.next())!;
    expect(back.id).toBe("1");
    expect(JSON.parse(back.data).svg).toContain(">Subscribed</tspan>");
    await events.close();
  });

  it("a plan running out by time alone — a complimentary plan's end, a cancelled subscription's period end — blanks the open stream when it happens", async () => {
    const email = `lapsing-${Date.now()}@test.example`;
    const sub = await subscriber(app, { email });
    await runAdminCommand(app.deps, ["plan", "grant", "--email", email, "--plan", "pro", "--until", new Date(Date.now() + 1500).toISOString()]);
    const { key } = await insertKey(app.deps.db, sub.id, { scopes: ["inventory:write"] });
    const created = await app.request("/overlays", {
      method: "POST",
      headers: { ...bearer(key), "content-type": "application/json" },
      body: JSON.stringify({ name: "Granted", document: documentOf("Granted") }),
    });
    expect(created.status).toBe(201);
    const { token } = (await created.json()).item.browserSource;
    const events = eventStream(await open(token));
    expect((await events.next())!.id).toBe("1");
    // No notice comes: the hub reads the overlay again when the grant ends.
    expect((await events.next())!.id).toBe("1.locked");

    // A subscription cancelled at its period's end, which comes in a second and a half.
    await subscribe(sub, "pro");
    expect((await events.next())!.id).toBe("1");
    await app.deps.db
      .update(subscriptions)
      .set({ cancelAtPeriodEnd: true, currentPeriodEnd: new Date(Date.now() + 1500) })
      .where(eq(subscriptions.accountId, sub.id));
    expect((await events.next())!.id).toBe("1.locked");
    await events.close();
  });

  it("an account deleted ends its overlays' streams with `deleted`", async () => {
    const overlay = await overlayOf();
    const events = eventStream(await open(overlay.token));
    expect((await events.next())!.id).toBe("1");
    const caller = await webCaller(app, overlay.account.id);
    await deleteAccount(app.deps, caller, { confirmation: caller.account.email! });
    expect(await events.next()).toMatchObject({ event: "deleted" });
    expect(await events.next()).toBeNull();
  });

  it("a stream whose overlay does not change costs no statement, while other overlays are saved and other accounts' plans change", async () => {
    const quiet = await overlayOf();
    const busy = await overlayOf();
    const quietStreams = await Promise.all(Array.from({ length: 5 }, async () => eventStream(await open(quiet.token))));
    for (const stream of quietStreams) expect((await stream.next())!.id).toBe("1");
    const busyStream = eventStream(await open(busy.token));
    expect((await busyStream.next())!.id).toBe("1");

    // Every statement the app's pool runs, through Drizzle's query logger (both drivers), kept when it names the quiet overlay or its account.
    const session = (app.deps.db as unknown as { session: { logger: { logQuery(query: string, params: unknown[]): void } } }).session;
    const logger = session.logger;
    const named: string[] = [];
    session.logger = {
      logQuery(query, params) {
        if (params.some((p) => p === quiet.id || p === quiet.account.id)) named.push(query);
      },
    };
    try {
      for (let rev = 1; rev <= 5; rev++) {
        expect((await busy.save(rev, `Busy ${rev}`)).status).toBe(200);
        expect((await busyStream.next())!.id).toBe(String(rev + 1));
      }
      const other = await insertAccount(app.deps.db, { plan: "pro" });
      await app.deps.db.update(accounts).set({ suspended: true }).where(eq(accounts.id, other.id));
      await app.deps.db.update(accounts).set({ suspended: true }).where(eq(accounts.id, busy.account.id));
      expect((await busyStream.next())!.id).toBe("6.locked");
    } finally {
      session.logger = logger;
    }
    expect(named).toEqual([]);
    await Promise.all([...quietStreams, busyStream].map((stream) => stream.close()));
  });

  it("an unknown, forged or malformed address is 404 in the error envelope", async () => {
    const overlay = await overlayOf();
    const forged = overlay.token.replace(/.$/, (c) => (c === "A" ? "B" : "A"));
    for (const token of [forged, "nonsense", "x".repeat(300)]) {
      const response = await open(token);
      expect(response.status).toBe(404);
      expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
      expect(response.headers.get("x-request-id")).toBeTruthy();
      expect((await response.json()).error.code).toBe("not_found");
    }
  });
});
