/**
 * Test alerts (POST /api/v1/overlays/{overlayId}/test-alerts,
 * docs/overlays.md#test-alerts): every open browser source of the overlay
 * plays the alert as an `alert` event (drawn with the alert's plugin values,
 * no id), the overlay itself is never written, and the per-overlay limit
 * holds. Read through the REST core, event by event.
 */
import { rateLimits, TEST_ALERT_LIMITS } from "@streamkit/api-contract";
import { accounts, overlays } from "@streamkit/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { announceAlert } from "../../../src/overlays/source-hub";
import { testAlertValues } from "../../../src/overlays/test-alerts";
import { createTestApp, type TestApp } from "../../support/app";
import { TestClock } from "../../support/clock";
import { eventStream } from "../../support/event-stream";
import { bearer, insertAccount, insertDesktopTokens, insertKey } from "../../support/factories";
import { apiCaller, createOverlay, overlayDocument, textLayer } from "../../support/overlays";
import { settleKeptCallers } from "../../../src/accounts/principal";

let app: TestApp;
const clock = new TestClock();
beforeAll(async () => {
  app = await createTestApp({ now: clock.now });
});
afterAll(() => app.close());

const alertDocument = overlayDocument([
  textLayer("who", "{{plugin.alerts.name}}", { y: 0, w: 600 }),
  textLayer("ticker", "{{plugin.donations.recent}}", { y: 80, w: 600 }),
  textLayer("goal", "Goal {{plugin.goal.current}}", { y: 160, w: 600 }),
  textLayer("chat", "{{plugin.chat-commands.latest}}", { y: 240, w: 600 }),
  textLayer("title", "Hello", { y: 320, w: 600 }),
]);

/** A Pro account's overlay with an alert text, called with a desktop token (120 requests a minute: the per-overlay limit is reached first). */
async function overlayOf() {
  clock.nextMinute();
  const account = await insertAccount(app.deps.db, { plan: "pro" });
  const { accessToken } = await insertDesktopTokens(app.deps.db, account.id, { now: clock.now() });
  const send = apiCaller(app, accessToken);
  const { id, token } = await createOverlay(send, alertDocument, "Alerts");
  return {
    account,
    id,
    token,
    send,
    fire: (alert: unknown) => send("POST", `/overlays/${id}/test-alerts`, { alert }),
  };
}

const open = (token: string) => app.raw(`/api/overlay-source/${token}/events`);

describe("test alerts", () => {
  it("test alerts reach every open source and never change the document", async () => {
    const overlay = await overlayOf();
    const before = await overlay.send("GET", `/overlays/${overlay.id}`);
    const sources = [eventStream(await open(overlay.token)), eventStream(await open(overlay.token))];
    for (const source of sources) expect((await source.next())!.id).toBe("1");

    const fired = await overlay.fire({ type: "donation", name: "Ada", amount: 500, currency: "EUR", message: "for the cat" });
    expect(fired.status).toBe(202);
    expect(fired.body.alert).toMatchObject({
      overlayId: overlay.id,
      type: "donation",
      durationMs: TEST_ALERT_LIMITS.defaultDurationMs,
      values: {
        "plugin.alerts.type": "donation",
        "plugin.alerts.name": "Ada",
        "plugin.alerts.amount": "€5.00",
        "plugin.alerts.message": "donated €5.00",
        "plugin.donations.recent": "Ada — €5.00: for the cat",
        "plugin.goal.current": "5.00",
      },
    });
    expect(fired.body.alert.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(fired.body.alert.firedAt).toBe(clock.now().toISOString());

    for (const source of sources) {
      const event = (await source.next())!;
      expect(event.event).toBe("alert");
      // No id: Last-Event-ID still names the frame shown.
      expect(event.id).toBeUndefined();
      const data = JSON.parse(event.data);
      expect(Object.keys(data)).toEqual(["id", "type", "values", "durationMs", "rev", "width", "height", "sound", "svg"]);
      expect(data).toMatchObject({ id: fired.body.alert.id, type: "donation", values: fired.body.alert.values, rev: 1, width: 1280, height: 720, sound: null });
      expect(data.svg).toContain(">Ada</tspan>");
      expect(data.svg).toContain(">Ada — €5.00: for the cat</tspan>");
      expect(data.svg).toContain(">Goal 5.00</tspan>");
      expect(data.svg).toContain(">Hello</tspan>");
      // A key the alert does not fill stays blank, as on stream.
      expect(data.svg).not.toContain("{{");
    }

    // Nothing written: the same rev, document and ETag; the feed still draws the names blank.
    const after = await overlay.send("GET", `/overlays/${overlay.id}`);
    expect(after.body.item.rev).toBe(1);
    expect(after.body.item.document).toEqual(before.body.item.document);
    expect(after.headers.get("etag")).toBe(before.headers.get("etag"));
    const feed = await (await app.raw(`/api/overlay-source/${overlay.token}`)).json();
    expect(feed.rev).toBe(1);
    expect(feed.svg).not.toContain("Ada");

    // A save afterwards is the next frame, rev 2; a later alert is drawn from it.
    expect((await overlay.send("PUT", `/overlays/${overlay.id}`, { baseRev: 1, name: "Renamed" })).status).toBe(200);
    for (const source of sources) expect((await source.next())!.id).toBe("2");
    expect((await overlay.fire({ type: "chat", name: "Bo", message: "hi <there>" })).status).toBe(202);
    for (const source of sources) {
      const data = JSON.parse((await source.next())!.data);
      expect(data).toMatchObject({ type: "chat", rev: 2, values: { "plugin.chat-commands.latest": "Bo: hi <there>" } });
      expect(data.svg).toContain(">Bo: hi &lt;there&gt;</tspan>");
    }
    await Promise.all(sources.map((s) => s.close()));
  });

  it("each type fills its plugin values; a plugin value fills its own key", () => {
    expect(testAlertValues({ type: "follow", name: "Ada" })).toEqual({
      "plugin.alerts.type": "follow",
      "plugin.alerts.name": "Ada",
      "plugin.alerts.message": "just followed",
    });
    expect(testAlertValues({ type: "subscription", name: "Ada", months: 3, tier: "2" })).toMatchObject({
      "plugin.alerts.message": "subscribed for 3 months at Tier 2",
      "plugin.alerts.months": "3",
      "plugin.alerts.tier": "2",
    });
    expect(testAlertValues({ type: "subscription", name: "Ada" })["plugin.alerts.message"]).toBe("subscribed at Tier 1");
    expect(testAlertValues({ type: "raid", name: "Ada", viewers: 1200 })).toMatchObject({
      "plugin.alerts.message": "raided with 1,200 viewers",
      "plugin.alerts.viewers": "1200",
    });
    // The currency's own minor units: none for JPY, three for BHD.
    expect(testAlertValues({ type: "donation", name: "Ada", amount: 500, currency: "JPY" })).toMatchObject({
      "plugin.donations.recent": "Ada — ¥500",
      "plugin.goal.current": "500",
    });
    expect(testAlertValues({ type: "donation", name: "Ada", amount: 1500, currency: "BHD" })["plugin.goal.current"]).toBe("1.500");
    expect(testAlertValues({ type: "plugin", key: "plugin.followers.count", value: "1,234" })).toEqual({ "plugin.followers.count": "1,234" });
  });

  it("the notice stays far below NOTIFY's 8,000 bytes at the largest alert", async () => {
    const { id } = await overlayOf();
    const wide = "𝔸".repeat(TEST_ALERT_LIMITS.nameMaxLength);
    const values = testAlertValues({
      type: "donation",
      name: wide,
      amount: TEST_ALERT_LIMITS.maxAmountMinor,
      currency: "EUR",
      message: "\u2028".repeat(TEST_ALERT_LIMITS.messageMaxLength),
    });
    const notice = JSON.stringify({ overlay: id, alert: { id, type: "donation", values, durationMs: TEST_ALERT_LIMITS.maxDurationMs } });
    expect(Buffer.byteLength(notice)).toBeLessThan(4000);
  });

  it("a source opened later does not replay it; a locked source plays none", async () => {
    const overlay = await overlayOf();
    const early = eventStream(await open(overlay.token));
    expect((await early.next())!.id).toBe("1");
    expect((await overlay.fire({ type: "follow", name: "Early" })).status).toBe(202);
    expect((await early.next())!.event).toBe("alert");
    const late = eventStream(await open(overlay.token));
    expect((await late.next())!.id).toBe("1");

    // Suspended (the database announces it): the streams blank (1.locked); an alert fired meanwhile (its notice sent directly, as the account cannot call) is not played.
    await app.deps.db.update(accounts).set({ suspended: true }).where(eq(accounts.id, overlay.account.id));
    await settleKeptCallers(app.deps);
    expect((await early.next())!.id).toBe("1.locked");
    expect((await late.next())!.id).toBe("1.locked");
    await announceAlert(app.deps, overlay.id, { id: "locked-alert", type: "follow", values: { "plugin.alerts.name": "Nobody" }, durationMs: 1000 });
    // Each stream takes alerts in the order notices come, behind its frames: this one comes while it is locked, whenever it is drawn.
    await app.deps.db.update(accounts).set({ suspended: false }).where(eq(accounts.id, overlay.account.id));
    await settleKeptCallers(app.deps);
    // The next events are the drawing coming back and the next alert, never the one fired while locked.
    for (const source of [early, late]) {
      const next = (await source.next())!;
      expect(next.event).toBe("message");
      expect(next.id).toBe("1");
    }
    const back = await overlay.fire({ type: "follow", name: "Back" });
    for (const source of [early, late]) expect(JSON.parse((await source.next())!.data).id).toBe(back.body.alert.id);
    await Promise.all([early.close(), late.close()]);
  });

  it(`at most ${rateLimits.testAlerts.limit} a minute per overlay: 429 rate_limited with Retry-After, counted apart for each overlay`, async () => {
    const overlay = await overlayOf();
    for (let i = 0; i < rateLimits.testAlerts.limit; i++) expect((await overlay.fire({ type: "follow", name: `F${i}` })).status).toBe(202);
    const refused = await overlay.fire({ type: "follow", name: "One too many" });
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe("rate_limited");
    expect(refused.body.error.message).toMatch(/^At most 10 test alerts per minute for one overlay; retry in \d+ seconds?\.$/);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    // Another overlay of the same account has its own count.
    const other = await overlay.send("POST", "/overlays", { name: "Other", document: alertDocument });
    expect((await overlay.send("POST", `/overlays/${other.body.item.id}/test-alerts`, { alert: { type: "follow", name: "Ok" } })).status).toBe(202);
    clock.nextMinute();
    expect((await overlay.fire({ type: "follow", name: "Next minute" })).status).toBe(202);
  });

  it("refuses bad bodies with 400 validation_error and their paths; another account's overlay is 404, a locked one 403", async () => {
    const overlay = await overlayOf();
    const cases: [unknown, string][] = [
      [{ type: "donation", name: "Ada", amount: 5.5, currency: "EUR" }, "alert.amount"],
      [{ type: "donation", name: "Ada", amount: 0, currency: "EUR" }, "alert.amount"],
      [{ type: "donation", name: "Ada", amount: 500, currency: "XYZ" }, "alert.currency"],
      [{ type: "donation", name: "Ada", amount: 500, currency: "eur" }, "alert.currency"],
      [{ type: "follow", name: "x".repeat(TEST_ALERT_LIMITS.nameMaxLength + 1) }, "alert.name"],
      [{ type: "follow", name: "  " }, "alert.name"],
      [{ type: "chat", name: "Ada", message: "" }, "alert.message"],
      [{ type: "raid", name: "Ada", viewers: -1 }, "alert.viewers"],
      [{ type: "plugin", key: "alerts.name", value: "x" }, "alert.key"],
      [{ type: "follow", name: "Ada", durationMs: 100 }, "alert.durationMs"],
      [{ type: "party", name: "Ada" }, "alert.type"],
    ];
    for (const [alert, path] of cases) {
      const answer = await overlay.fire(alert);
      expect(answer.status, JSON.stringify(alert)).toBe(400);
      expect(answer.body.error.code).toBe("validation_error");
      expect(answer.body.error.details.map((d: { path: string }) => d.path)).toContain(path);
    }

    const stranger = await insertAccount(app.deps.db, { plan: "ultimate" });
    const { key } = await insertKey(app.deps.db, stranger.id, { scopes: ["inventory:write"] });
    const foreign = await app.json(`/overlays/${overlay.id}/test-alerts`, {
      method: "POST",
      headers: { ...bearer(key), "content-type": "application/json" },
      body: JSON.stringify({ alert: { type: "follow", name: "Mallory" } }),
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.code).toBe("not_found");

    // Locked: the overlay needs a plan above the account's (as a fork of an Ultimate design on Pro).
    await app.deps.db.update(overlays).set({ plan: "ultimate" }).where(eq(overlays.id, overlay.id));
    const locked = await overlay.fire({ type: "follow", name: "Ada" });
    expect(locked.status).toBe(403);
    expect(locked.body.error).toMatchObject({ code: "plan_required", details: { requiredPlan: "ultimate" } });
  });
});
