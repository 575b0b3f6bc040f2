import { type PaidPlan, paidPlanNames, plans } from "@streamkit/plans";
import { ActionForm } from "@/components/commerce/action-form";
import { DataTable } from "@/components/data-table";
import { formatDate } from "@/components/format";
import { grantComplimentaryPlan, revokeComplimentaryPlan } from "@/lib/server/admin-subscription-actions";
import { CopyId } from "../copy-id";

export interface ComplimentaryInForce {
  id: string;
  accountId: string;
  accountEmail: string | null;
  accountName: string;
  plan: PaidPlan;
  endsAt: string;
  note: string | null;
}

/** Plans given for free and still in force, soonest to end first, each with Revoke. */
export function ComplimentaryList({ gifts, back }: { gifts: ComplimentaryInForce[]; back: Record<string, string> }) {
  return (
    <section className="panel" aria-labelledby="complimentary-title">
      <h2 id="complimentary-title">Complimentary plans in force</h2>
      <DataTable
        labelledBy="complimentary-title"
        columns={["Account", "Plan", "Until", "Note", "Revoke"]}
        rows={gifts.length}
        empty="No account has a complimentary plan now."
      >
        {gifts.map((gift) => (
          <tr key={gift.id} data-testid="complimentary-row" data-account-id={gift.accountId}>
            <td>
              <strong>{gift.accountName}</strong>
              <br />
              <small className="muted">{gift.accountEmail ?? "no email address"}</small>
              <br />
              <CopyId id={gift.accountId} label="Account id" />
            </td>
            <td>{plans[gift.plan].title}</td>
            <td>
              <time dateTime={gift.endsAt}>{formatDate(gift.endsAt)}</time>
            </td>
            <td>{gift.note ?? <span className="muted">—</span>}</td>
            <td>
              <details className="refund">
                <summary>Revoke…</summary>
                <ActionForm
                  action={revokeComplimentaryPlan}
                  hidden={{ accountId: gift.accountId, ...back }}
                  submit={`Revoke ${plans[gift.plan].title}`}
                  submitClassName="button danger small"
                  pendingText="Revoking…"
                  className="confirm"
                  aria-label={`Revoke the complimentary plan of ${gift.accountName}`}
                >
                  <p>{gift.accountName} loses it now and is back on their own plan or subscription.</p>
                </ActionForm>
              </details>
            </td>
          </tr>
        ))}
      </DataTable>
    </section>
  );
}

/** Give an account a plan for free until a day: a new one replaces the one in force. */
export function GrantComplimentaryForm({
  accountId,
  accountLabel,
  defaultEnd,
  back,
}: {
  accountId?: string;
  accountLabel?: string;
  defaultEnd: string;
  back: Record<string, string>;
}) {
  return (
    <section className="panel" id="give-complimentary" aria-labelledby="give-complimentary-title">
      <h2 id="give-complimentary-title">Give a complimentary plan</h2>
      <p className="muted">
        The account has the plan, without paying, until the end of the last day (UTC). It replaces a complimentary plan in force; a subscription goes on and is
        charged as usual. Nothing is recorded as revenue.
      </p>
      <ActionForm
        action={grantComplimentaryPlan}
        hidden={back}
        submit="Give the plan"
        pendingText="Giving…"
        className="complimentary-form"
        aria-label="Give a complimentary plan"
      >
        <div className="field">
          <label htmlFor="gift-account">Account id</label>
          <input id="gift-account" name="accountId" defaultValue={accountId} required aria-describedby="gift-account-hint" />
          <span id="gift-account-hint" className="hint">
            {accountLabel ?? "Copy it from the accounts page (Give a complimentary plan there fills it in)."}
          </span>
        </div>
        <div className="field">
          <label htmlFor="gift-plan">Plan</label>
          <select id="gift-plan" name="plan" defaultValue={paidPlanNames.at(-1)}>
            {paidPlanNames.map((plan) => (
              <option key={plan} value={plan}>
                {plans[plan].title}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="gift-ends">Last day</label>
          <input id="gift-ends" name="endsOn" type="date" defaultValue={defaultEnd} required />
        </div>
        <div className="field">
          <label htmlFor="gift-note">Note (optional)</label>
          <input id="gift-note" name="note" maxLength={500} placeholder="Why, for the other operators" />
        </div>
      </ActionForm>
    </section>
  );
}
