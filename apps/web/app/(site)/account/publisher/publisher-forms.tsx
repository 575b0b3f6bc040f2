"use client";

import { publisherLimits } from "@streamkit/api-contract";
import { useActionState } from "react";
import type { ActionState } from "@/lib/server/commerce-actions";
import { addDomain, changeHandle, checkDomain, removeDomain } from "@/lib/server/publisher-actions";

function Refusal({ state }: { state: ActionState }) {
  return state.error ? (
    <p className="form-error" role="alert">
      {state.error}
    </p>
  ) : null;
}

export function HandleForm({ handle, disabled }: { handle: string; disabled: boolean }) {
  const [state, action, pending] = useActionState<ActionState, FormData>(changeHandle, {});
  return (
    <form action={action} aria-label="Handle">
      <Refusal state={state} />
      <div className="field">
        <label htmlFor="handle">Handle</label>
        <input
          id="handle"
          name="handle"
          required
          minLength={publisherLimits.handleMinLength}
          maxLength={publisherLimits.handleMaxLength}
          pattern="[a-z0-9]+(-[a-z0-9]+)*"
          defaultValue={handle}
          disabled={disabled}
        />
        <span className="hint">
          Lowercase letters, digits and single hyphens. Your page's address; you can change it once every {publisherLimits.handleChangeDays} days.
        </span>
      </div>
      <div className="form-actions">
        <button type="submit" className="button" disabled={pending || disabled}>
          {pending ? "Saving…" : "Change handle"}
        </button>
      </div>
    </form>
  );
}

export function AddDomainForm() {
  const [state, action, pending] = useActionState<ActionState, FormData>(addDomain, {});
  return (
    <form action={action} aria-label="Add a domain">
      <Refusal state={state} />
      <div className="field">
        <label htmlFor="domain">Domain</label>
        <input id="domain" name="domain" required maxLength={publisherLimits.maxDomainLength} placeholder="example.com" />
        <span className="hint">A domain you control, without https://. At most {publisherLimits.maxDomainsPerAccount}.</span>
      </div>
      <div className="form-actions">
        <button type="submit" className="button" disabled={pending}>
          {pending ? "Adding…" : "Add domain"}
        </button>
      </div>
    </form>
  );
}

export function DomainActions({ domain }: { domain: string }) {
  const [checkState, check, checking] = useActionState<ActionState, FormData>(checkDomain, {});
  const [removeState, remove, removing] = useActionState<ActionState, FormData>(removeDomain, {});
  return (
    <div className="form-actions">
      <Refusal state={checkState} />
      <Refusal state={removeState} />
      <form action={check}>
        <input type="hidden" name="domain" value={domain} />
        <button type="submit" className="button small" disabled={checking} aria-label={`Check ${domain} now`}>
          {checking ? "Checking…" : "Check now"}
        </button>
      </form>
      <form action={remove}>
        <input type="hidden" name="domain" value={domain} />
        <button type="submit" className="button danger small" disabled={removing} aria-label={`Remove ${domain}`}>
          Remove
        </button>
      </form>
    </div>
  );
}
