"use client";

import { useActionState } from "react";
import type { ActionState } from "@/lib/server/commerce-actions";
import { revokeConnectedApp } from "@/lib/server/oauth-actions";

/** Sign one app out: a plain form post, so it works without JavaScript too. */
export function RevokeAppForm({ id, label }: { id: string; label: string }) {
  const [state, action, pending] = useActionState<ActionState, FormData>(revokeConnectedApp, {});
  return (
    <form action={action}>
      <input type="hidden" name="id" value={id} />
      {state.error ? <span className="problem">{state.error}</span> : null}
      <button type="submit" className="button danger small" disabled={pending} aria-label={`Sign out ${label}`}>
        Sign out
      </button>
    </form>
  );
}
