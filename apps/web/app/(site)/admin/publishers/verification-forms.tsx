"use client";

import { publisherLimits } from "@streamkit/api-contract";
import { useActionState } from "react";
import { grantPublisher, revokePublisher } from "@/lib/server/admin-publisher-actions";
import type { ActionState } from "@/lib/server/commerce-actions";

export function GrantForm() {
  const [state, action, pending] = useActionState<ActionState, FormData>(grantPublisher, {});
  return (
    <form action={action} aria-label="Verify a publisher">
      {state.error ? (
        <p className="form-error" role="alert">
          {state.error}
        </p>
      ) : null}
      <div className="field">
        <label htmlFor="grant-publisher">Publisher</label>
        <input id="grant-publisher" name="publisher" required maxLength={320} placeholder="handle or email address" />
      </div>
      <div className="field">
        <label htmlFor="grant-note">Note</label>
        <input id="grant-note" name="note" required maxLength={publisherLimits.maxNoteLength} placeholder="Why: what you checked" />
      </div>
      <div className="form-actions">
        <button type="submit" className="button" disabled={pending}>
          {pending ? "Verifying…" : "Verify publisher"}
        </button>
      </div>
    </form>
  );
}

export function RevokeForm({ handle, name }: { handle: string; name: string }) {
  const [state, action, pending] = useActionState<ActionState, FormData>(revokePublisher, {});
  return (
    <form action={action} aria-label={`Revoke ${name}'s verification`}>
      {state.error ? <span className="problem">{state.error}</span> : null}
      <input type="hidden" name="publisher" value={handle} />
      <input name="note" required maxLength={publisherLimits.maxNoteLength} placeholder="Why" aria-label={`Why ${name}'s verification ends`} />
      <button type="submit" className="button danger small" disabled={pending}>
        Revoke
      </button>
    </form>
  );
}
