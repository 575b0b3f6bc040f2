import type { AdminAccount } from "@streamkit/api-contract";
import { planNames, plans } from "@streamkit/plans";
import Link from "next/link";
import { ActionForm } from "@/components/commerce/action-form";
import { changeAccount } from "@/lib/server/admin-actions";
import { positionFields, type SearchPosition } from "../admin-paging";

/**
 * One account's changes, each behind a disclosure that says what it does
 * before the button that does it. The operator's own row offers no
 * suspension and no removal of their own access (the API refuses them too).
 */
export function AccountActions({ account, self, position }: { account: AdminAccount; self: boolean; position: SearchPosition }) {
  const base = { id: account.id, ...positionFields(position) };
  const { name } = account;
  return (
    <div className="account-actions-list">
      <details>
        <summary>Change plan…</summary>
        <ActionForm
          action={changeAccount}
          hidden={{ ...base, change: "plan" }}
          submit="Set plan"
          submitClassName="button small"
          pendingText="Setting…"
          aria-label={`Change the plan of ${name}`}
        >
          <div className="field">
            <label htmlFor={`plan-${account.id}`}>Plan</label>
            <select id={`plan-${account.id}`} name="value" defaultValue={account.plan}>
              {planNames.map((plan) => (
                <option key={plan} value={plan}>
                  {plans[plan].title}
                </option>
              ))}
            </select>
          </div>
          <p className="hint">It applies to the account’s next request; overlays beyond the new plan stay stored but locked.</p>
        </ActionForm>
      </details>
      <Link
        href={`/admin/subscriptions?grant=${account.id}#give-complimentary`}
        className="complimentary-link"
        aria-label={`Give ${name} a complimentary plan`}
      >
        Give a complimentary plan…
      </Link>
      {self ? (
        <p className="hint">This is you: another operator, or the operator CLI, can suspend you or remove your operator access.</p>
      ) : (
        <>
          <details>
            <summary>{account.staff ? "Remove operator access…" : "Make operator…"}</summary>
            <ActionForm
              action={changeAccount}
              hidden={{ ...base, change: "staff", value: String(!account.staff) }}
              submit={account.staff ? `Remove ${name}’s operator access` : `Make ${name} an operator`}
              submitClassName={account.staff ? "button danger small" : "button small"}
              pendingText="Saving…"
              className="confirm"
              aria-label={account.staff ? `Remove the operator access of ${name}` : `Make ${name} an operator`}
            >
              <p>
                {account.staff
                  ? `${name} can no longer open these pages or review, refund, pay out or change accounts.`
                  : `${name} can then open these pages and review prices, refund, pay out and change accounts, yours included.`}
              </p>
            </ActionForm>
          </details>
          <details>
            <summary>{account.suspended ? "Unsuspend…" : "Suspend…"}</summary>
            <ActionForm
              action={changeAccount}
              hidden={{ ...base, change: "suspended", value: String(!account.suspended) }}
              submit={account.suspended ? `Unsuspend ${name}` : `Suspend ${name}`}
              submitClassName={account.suspended ? "button small" : "button danger small"}
              pendingText="Saving…"
              className="confirm"
              aria-label={account.suspended ? `Unsuspend ${name}` : `Suspend ${name}`}
            >
              <p>
                {account.suspended
                  ? `${name} can sign in and use the website, API keys and the desktop app again.`
                  : `${name} is refused everywhere at once — the website, API keys and the desktop app — until unsuspended. Nothing is deleted.`}
              </p>
            </ActionForm>
          </details>
        </>
      )}
    </div>
  );
}
