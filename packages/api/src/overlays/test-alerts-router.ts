import { rateLimits, TEST_ALERT_LIMITS, testAlertInputSchema, testAlertResponseSchema, windowName } from "@streamkit/api-contract";
import { accountProcedure } from "../shared/trpc";
import { fireTestAlert } from "./test-alerts";

const tags = ["Overlays"];
const { limit, windowSeconds } = rateLimits.testAlerts;

/** POST /overlays/{overlayId}/test-alerts (docs/overlays.md#test-alerts), spread into the overlays router. */
export const testAlertProcedures = {
  testAlert: accountProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/overlays/{overlayId}/test-alerts",
        tags,
        summary: "Fire a test alert at an overlay's open browser sources",
        description: [
          "Every browser source of this overlay open now (on any server process) plays the alert as it would live, for `durationMs`, then shows the overlay again; nothing is saved: the document and rev are unchanged, and a source opened later does not see it.",
          "`alert` is one of: `follow` {name}; `subscription` {name, months?, tier?}; `donation` {name, amount in the currency's ISO 4217 minor units (500 is €5.00), currency (a code of GET /fx/currencies), message?}; `raid` {name, viewers}; `chat` {name, message}; `plugin` {key: plugin.<id>.<name>, value}; each may add `durationMs`",
          `(${TEST_ALERT_LIMITS.minDurationMs}–${TEST_ALERT_LIMITS.maxDurationMs}, default ${TEST_ALERT_LIMITS.defaultDurationMs}).`,
          "The answer (202) lists the plugin values the alert fills (`plugin.alerts.name`, `plugin.donations.recent`, `plugin.goal.current`, `plugin.chat-commands.latest`, …: the table in /docs/guides/overlays#test-alerts); the overlay is drawn with them, `{{keys}}` without a value blank.",
          "The sources receive it as a server-sent event without an id: `event: alert` with `data: {id, type, values, durationMs, rev, width, height, svg}`; a locked source, and a page that polls instead of streaming, plays none.",
          `At most ${limit} test alerts per ${windowName(windowSeconds)} per overlay, whoever fires them (429 rate_limited with Retry-After). Another account's overlay is 404 not_found; a locked overlay is 403 plan_required with details.requiredPlan.`,
        ].join(" "),
      },
      // Nothing is saved but the alert's count: its answer need not wait for this process's notices.
      rest: {
        auth: "key",
        scope: "inventory:write",
        entitlement: "overlays",
        successStatus: 202,
        errors: ["not_found", "rate_limited"],
        changesNothingKept: true,
      },
    })
    .input(testAlertInputSchema)
    .output(testAlertResponseSchema)
    .mutation(({ ctx, input }) => fireTestAlert(ctx.deps, ctx.caller, input)),
};
