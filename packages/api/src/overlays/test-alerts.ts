import { randomUUID } from "node:crypto";
import { type FiredTestAlert, rateLimits, TEST_ALERT_LIMITS, type TestAlert, windowName } from "@streamkit/api-contract";
import { formatAmount, fromMinorUnits } from "@streamkit/fx/money";
import { minorUnitsOf } from "@streamkit/fx/currencies";
import type { AccountCaller } from "../shared/context";
import type { AppDeps } from "../shared/deps";
import { hitLimit } from "../shared/limits/index";
import { rateLimitedError } from "../shared/limits/window";
import type { AlertNotice } from "./alert-frames";
import { unlockedRow } from "./overlays";
import { announceAlert } from "./source-hub";

/**
 * Test alerts (docs/overlays.md#test-alerts): an event fired at an overlay
 * fills the plugin values a live one would, and every open browser source of
 * the overlay, on every process, plays it for its duration (the hub's `alert`
 * notice, drawn by alert-frames.ts). Nothing is written to the overlay: its
 * document and rev stay as they were. Limited per overlay in the database
 * (rateLimits.testAlerts), so the limit holds across processes.
 */

const tiers = { prime: "with Prime", "1": "at Tier 1", "2": "at Tier 2", "3": "at Tier 3" } as const;

/** The plugin values an alert fills, as the desktop app's plugins would live (the table in docs/overlays.md#test-alerts). */
export function testAlertValues(alert: TestAlert): Record<string, string> {
  switch (alert.type) {
    case "follow":
      return { "plugin.alerts.type": "follow", "plugin.alerts.name": alert.name, "plugin.alerts.message": "just followed" };
    case "subscription": {
      const months = alert.months ?? 1;
      const tier = alert.tier ?? "1";
      const span = months > 1 ? `subscribed for ${months} months` : "subscribed";
      return {
        "plugin.alerts.type": "subscription",
        "plugin.alerts.name": alert.name,
        "plugin.alerts.message": `${span} ${tiers[tier]}`,
        "plugin.alerts.months": String(months),
        "plugin.alerts.tier": tier,
      };
    }
    case "donation": {
      const major = fromMinorUnits(alert.amount, alert.currency);
      const amount = formatAmount(major, alert.currency);
      const note = alert.message ? `: ${alert.message}` : "";
      return {
        "plugin.alerts.type": "donation",
        "plugin.alerts.name": alert.name,
        "plugin.alerts.message": `donated ${amount}`,
        "plugin.alerts.amount": amount,
        "plugin.donations.recent": `${alert.name} — ${amount}${note}`,
        "plugin.goal.current": major.toFixed(minorUnitsOf(alert.currency)),
      };
    }
    case "raid":
      return {
        "plugin.alerts.type": "raid",
        "plugin.alerts.name": alert.name,
        "plugin.alerts.message": `raided with ${alert.viewers.toLocaleString("en-US")} viewer${alert.viewers === 1 ? "" : "s"}`,
        "plugin.alerts.viewers": String(alert.viewers),
      };
    case "chat":
      return { "plugin.chat-commands.latest": `${alert.name}: ${alert.message}` };
    case "plugin":
      return { [alert.key]: alert.value };
  }
}

/** Fires a test alert at one of the caller's overlays: 404 for another's, 403 plan_required when locked, 429 past the overlay's limit. */
export async function fireTestAlert(deps: AppDeps, caller: AccountCaller, input: { overlayId: string; alert: TestAlert }): Promise<{ alert: FiredTestAlert }> {
  await unlockedRow(deps.db, caller, input.overlayId);
  const now = deps.now();
  // Counted after the ownership check: another account cannot spend an overlay's alerts.
  const decision = await hitLimit(deps, "testAlerts", input.overlayId, now);
  if (!decision.allowed) {
    const { limit, windowSeconds } = rateLimits.testAlerts;
    throw rateLimitedError(decision, `At most ${limit} test alerts per ${windowName(windowSeconds)} for one overlay`);
  }
  const alert: AlertNotice = {
    id: randomUUID(),
    type: input.alert.type,
    values: testAlertValues(input.alert),
    durationMs: input.alert.durationMs ?? TEST_ALERT_LIMITS.defaultDurationMs,
  };
  await announceAlert(deps, input.overlayId, alert);
  return { alert: { ...alert, overlayId: input.overlayId, firedAt: now.toISOString() } };
}
