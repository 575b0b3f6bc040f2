"use client";

import { useActionState } from "react";
import { type PayoutRunState, runPayouts } from "@/lib/server/commerce-actions";
import { formatMoney } from "./money";

/** The operator's payout run: how the money is sent, an optional reference, and what the run paid. */
export function RunPayoutsForm({ methods }: { methods: { value: string; label: string }[] }) {
  const [state, action, pending] = useActionState<PayoutRunState, FormData>(runPayouts, {});
  return (
    <form action={action} aria-label="Run payouts">
      {state.error ? (
        <p className="form-error" role="alert">
          {state.error}
        </p>
      ) : null}
      <div className="field">
        <label htmlFor="payout-method">Method</label>
        <select id="payout-method" name="method" defaultValue={methods[0]?.value} required>
          {methods.map((method) => (
            <option key={method.value} value={method.value}>
              {method.label}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="payout-reference">Reference (optional)</label>
        <input id="payout-reference" name="reference" maxLength={200} placeholder="e.g. the bank batch number" />
        <span className="hint">Left empty, each payout gets its own reference (PO-date-author-currency).</span>
      </div>
      <div className="form-actions">
        <button type="submit" className="button" disabled={pending}>
          {pending ? "Paying…" : "Run payouts"}
        </button>
      </div>
      {state.message ? (
        <div className="form-done" role="status">
          <p>{state.message}</p>
          {state.payouts?.length ? (
            <ul>
              {state.payouts.map((payout) => (
                <li key={payout.id}>
                  {formatMoney(payout.amount, payout.currency)} to {payout.author.name || payout.author.email} — <code>{payout.reference}</code>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </form>
  );
}
