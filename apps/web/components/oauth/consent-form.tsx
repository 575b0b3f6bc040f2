"use client";

import { useActionState } from "react";
import type { ActionState } from "@/lib/server/commerce-actions";
import { decideAuthorization } from "@/lib/server/oauth-actions";

/** Allow and Deny: one form, the pressed button says which; the authorization request travels as its original query. */
export function ConsentForm({ query, appName }: { query: string; appName: string }) {
  const [state, action, pending] = useActionState<ActionState, FormData>(decideAuthorization, {});
  return (
    <form action={action}>
      {state.error ? (
        <p className="form-error" role="alert">
          {state.error}
        </p>
      ) : null}
      <input type="hidden" name="query" value={query} />
      <div className="form-actions">
        <button type="submit" name="decision" value="allow" className="button" disabled={pending}>
          Allow {appName}
        </button>
        <button type="submit" name="decision" value="deny" className="button secondary" disabled={pending}>
          Deny
        </button>
      </div>
    </form>
  );
}
