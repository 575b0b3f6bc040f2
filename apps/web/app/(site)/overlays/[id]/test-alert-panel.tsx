"use client";

import { rateLimits, TEST_ALERT_LIMITS, type TestAlertType } from "@streamkit/api-contract";
import { POPULAR_CURRENCY_CODES } from "@streamkit/fx/currencies";
import { isKnownCurrencyCode, toMinorUnits } from "@streamkit/fx/money";
import { type FormEvent, type ReactNode, useState, useTransition } from "react";
import { sendTestAlert } from "@/lib/server/test-alert-actions";
import styles from "./overlay-editor.module.css";

const types: { value: TestAlertType; label: string }[] = [
  { value: "follow", label: "Follow" },
  { value: "subscription", label: "Subscription" },
  { value: "donation", label: "Donation" },
  { value: "raid", label: "Raid" },
  { value: "chat", label: "Chat message" },
  { value: "plugin", label: "Plugin value" },
];

const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;

/** What the form holds as an alert of its type: the API's shape, amounts in the currency's minor units. */
function alertOf(type: TestAlertType, form: FormData): Record<string, unknown> {
  const text = (name: string) => String(form.get(name) ?? "").trim();
  const whole = (name: string) => (text(name) === "" ? undefined : Number(text(name)));
  const name = text("name");
  switch (type) {
    case "follow":
      return { type, name };
    case "subscription":
      return { type, name, months: whole("months"), tier: text("tier") || undefined };
    case "donation": {
      const currency = text("currency").toUpperCase();
      const amount = Number(text("amount"));
      return {
        type,
        name,
        currency,
        // Major units in the form (5.00), minor units in the API (500); an unknown currency is the API's to refuse.
        amount: isKnownCurrencyCode(currency) && Number.isFinite(amount) && amount > 0 ? toMinorUnits(amount, currency) : Number.NaN,
        message: text("message") || undefined,
      };
    }
    case "raid":
      return { type, name, viewers: whole("viewers") };
    case "chat":
      return { type, name, message: text("message") };
    case "plugin":
      return { type, key: text("key"), value: String(form.get("value") ?? "") };
  }
}

/**
 * "Test alert" (docs/overlays.md#test-alerts): fires a follow, subscription,
 * donation, raid, chat message or plugin value at the overlay's open OBS
 * sources, which play it as they would live; nothing is saved.
 */
export function TestAlertPanel({ overlayId }: { overlayId: string }) {
  const [type, setType] = useState<TestAlertType>("follow");
  const [status, setStatus] = useState<{ kind: "done" | "error"; text: string } | null>(null);
  const [pending, startTransition] = useTransition();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const alert = alertOf(type, new FormData(event.currentTarget));
    startTransition(async () => {
      const result = await sendTestAlert(overlayId, alert);
      if (result.ok) {
        setStatus({ kind: "done", text: `Sent: every open OBS source of this overlay shows it for ${seconds(result.alert.durationMs)}.` });
      } else {
        const field = result.problems?.[0]?.path;
        setStatus({ kind: "error", text: field ? `${field}: ${result.message}` : result.message });
      }
    });
  };

  const field = (name: string, label: string, input: ReactNode) => (
    <div className={styles.field}>
      <label htmlFor={`alert-${name}`}>{label}</label>
      {input}
    </div>
  );
  const nameField = field("name", "Viewer name", <input id="alert-name" name="name" required maxLength={TEST_ALERT_LIMITS.nameMaxLength} />);

  return (
    <section className="panel" aria-labelledby="test-alert-title" data-testid="test-alert-panel">
      <h2 id="test-alert-title">Test alert</h2>
      <p className="hint">
        Your open OBS sources of this overlay play it as they would live, then show the overlay again. Nothing is saved. At most {rateLimits.testAlerts.limit} a
        minute.
      </p>
      <form className={styles.properties} onSubmit={submit} aria-label="Test alert">
        {field(
          "type",
          "Event",
          <select id="alert-type" value={type} onChange={(event) => setType(event.target.value as TestAlertType)}>
            {types.map((t) => (
              <option key={t.value} value={t.value}>
                {t.label}
              </option>
            ))}
          </select>,
        )}
        {type !== "plugin" ? nameField : null}
        {type === "subscription" ? (
          <div className={styles.frameFields}>
            {field("months", "Months", <input id="alert-months" name="months" type="number" min={1} max={TEST_ALERT_LIMITS.maxMonths} defaultValue={1} />)}
            {field(
              "tier",
              "Tier",
              <select id="alert-tier" name="tier" defaultValue="1">
                <option value="1">Tier 1</option>
                <option value="2">Tier 2</option>
                <option value="3">Tier 3</option>
                <option value="prime">Prime</option>
              </select>,
            )}
          </div>
        ) : null}
        {type === "donation" ? (
          <div className={styles.frameFields}>
            {field("amount", "Amount", <input id="alert-amount" name="amount" inputMode="decimal" required defaultValue="5.00" />)}
            {field(
              "currency",
              "Currency",
              <>
                <input id="alert-currency" name="currency" required maxLength={3} defaultValue="USD" list="alert-currencies" autoCapitalize="characters" />
                <datalist id="alert-currencies">
                  {POPULAR_CURRENCY_CODES.map((code) => (
                    <option key={code} value={code} />
                  ))}
                </datalist>
              </>,
            )}
          </div>
        ) : null}
        {type === "donation" || type === "chat"
          ? field(
              "message",
              type === "chat" ? "Message" : "Message (optional)",
              <input id="alert-message" name="message" required={type === "chat"} maxLength={TEST_ALERT_LIMITS.messageMaxLength} />,
            )
          : null}
        {type === "raid"
          ? field("viewers", "Viewers", <input id="alert-viewers" name="viewers" type="number" min={1} max={TEST_ALERT_LIMITS.maxViewers} defaultValue={10} />)
          : null}
        {type === "plugin" ? (
          <>
            {field("key", "Key", <input id="alert-key" name="key" required placeholder="plugin.goal.current" />)}
            {field("value", "Value", <input id="alert-value" name="value" maxLength={TEST_ALERT_LIMITS.valueMaxLength} />)}
          </>
        ) : null}
        <div className="form-actions">
          <button type="submit" className="button small" disabled={pending}>
            Send test alert
          </button>
        </div>
      </form>
      {status ? (
        <p className={status.kind === "error" ? "form-error" : "form-done"} role="status" data-testid="test-alert-status">
          {status.text}
        </p>
      ) : null}
    </section>
  );
}
