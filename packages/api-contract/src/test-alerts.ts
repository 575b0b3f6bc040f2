import { isKnownCurrencyCode } from "@streamkit/fx/money";
import { alertTypes, PLUGIN_KEY } from "@streamkit/overlay";
import { z } from "zod";
import { overlayIdSchema } from "./overlays";
import { isoTimestamp } from "./time";

/**
 * Test alerts (docs/overlays.md#test-alerts, docs/api.md#overlays): an event
 * fired at an overlay's open browser sources from the editor or the API, which
 * they play as they would live (the values a plugin would fill), without a save.
 */
export const TEST_ALERT_LIMITS = {
  /** A viewer's display name. */
  nameMaxLength: 50,
  /** A donation's note or a chat message. */
  messageMaxLength: 200,
  /** A plugin value. */
  valueMaxLength: 200,
  /** A donation's amount in the currency's minor units (cents, yen, fils): 1 to this. */
  maxAmountMinor: 100_000_000,
  maxViewers: 1_000_000,
  maxMonths: 1_200,
  /** How long a source shows the alert before it returns to the overlay, when the request does not say. */
  defaultDurationMs: 6_000,
  minDurationMs: 1_000,
  maxDurationMs: 30_000,
} as const;

/** The overlay's alert types: one list, so a test alert of each type can have its alert sound. */
export const testAlertTypes = alertTypes;
export type TestAlertType = (typeof testAlertTypes)[number];

const L = TEST_ALERT_LIMITS;
const name = z
  .string()
  .trim()
  .min(1, "A name is needed.")
  .max(L.nameMaxLength, `A name has at most ${L.nameMaxLength} characters.`)
  .meta({ description: "The viewer's display name." });
const message = z.string().trim().max(L.messageMaxLength, `A message has at most ${L.messageMaxLength} characters.`);
const durationMs = z
  .int()
  .min(L.minDurationMs)
  .max(L.maxDurationMs)
  .optional()
  .meta({ description: `How long the sources show the alert, in ms (${L.minDurationMs}–${L.maxDurationMs}; default ${L.defaultDurationMs}).` });

export const testAlertSchema = z
  .discriminatedUnion("type", [
    z.object({ type: z.literal("follow"), name, durationMs }),
    z.object({
      type: z.literal("subscription"),
      name,
      months: z.int().min(1).max(L.maxMonths).optional().meta({ description: "Months subscribed so far (1 when absent)." }),
      tier: z.enum(["prime", "1", "2", "3"]).optional().meta({ description: "The subscription's tier (1 when absent)." }),
      durationMs,
    }),
    z.object({
      type: z.literal("donation"),
      name,
      amount: z
        .int("An amount is a whole number of the currency's minor units (500 for €5.00).")
        .min(1, "An amount is at least 1 minor unit.")
        .max(L.maxAmountMinor, `An amount is at most ${L.maxAmountMinor.toLocaleString("en-US")} minor units.`)
        .meta({ description: "In the currency's ISO 4217 minor units: 500 is €5.00 in EUR, ¥500 in JPY." }),
      currency: z
        .string()
        .refine(isKnownCurrencyCode, "Not a currency this service knows: an ISO 4217 code such as EUR, USD or INR (GET /fx/currencies).")
        .meta({ description: "An ISO 4217 code this service knows (GET /fx/currencies), upper case.", example: "EUR" }),
      message: message.optional().meta({ description: "The donor's note." }),
      durationMs,
    }),
    z.object({ type: z.literal("raid"), name, viewers: z.int().min(1).max(L.maxViewers).meta({ description: "Viewers the raid brings." }), durationMs }),
    z.object({ type: z.literal("chat"), name, message: message.min(1, "A chat message needs text."), durationMs }),
    z.object({
      type: z.literal("plugin"),
      key: z
        .string()
        .max(100)
        .regex(PLUGIN_KEY, "A plugin value's key is plugin.<id>.<name>, as {{plugin.<id>.<name>}} in a text.")
        .meta({ description: "plugin.<id>.<name>, as written in the overlay's `{{…}}`.", example: "plugin.goal.current" }),
      value: z.string().max(L.valueMaxLength, `A value has at most ${L.valueMaxLength} characters.`),
      durationMs,
    }),
  ])
  .meta({ id: "TestAlert" });
export type TestAlert = z.infer<typeof testAlertSchema>;

export const testAlertInputSchema = z.object({ overlayId: overlayIdSchema, alert: testAlertSchema });

export const firedTestAlertSchema = z
  .object({
    id: z.uuid().meta({ description: "The alert's id, also in the sources' `alert` event." }),
    overlayId: z.uuid(),
    type: z.enum(testAlertTypes),
    values: z.record(z.string(), z.string()).meta({ description: "The plugin values the sources draw the overlay with while the alert shows." }),
    durationMs: z.int(),
    firedAt: isoTimestamp,
  })
  .meta({ id: "TestAlertFired" });
export type FiredTestAlert = z.infer<typeof firedTestAlertSchema>;

export const testAlertResponseSchema = z.object({ alert: firedTestAlertSchema });
