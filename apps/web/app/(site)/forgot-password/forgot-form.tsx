"use client";

import { useActionState } from "react";
import { requestPasswordReset } from "@/lib/server/account-actions";
import type { FormState } from "@/lib/server/auth-actions";

export function ForgotPasswordForm() {
  const [state, action, pending] = useActionState<FormState, FormData>(requestPasswordReset, {});
  return (
    <form action={action} noValidate>
      {state.error ? (
        <p className="form-error" role="alert">
          {state.error}
        </p>
      ) : null}
      <div className="field">
        <label htmlFor="email">Email</label>
        <input id="email" name="email" type="email" autoComplete="email" required defaultValue={state.fields?.email} />
        {state.problems?.email ? <span className="problem">{state.problems.email}</span> : null}
      </div>
      <div className="form-actions">
        <button type="submit" className="button" disabled={pending}>
          {pending ? "Sending…" : "Send me a link"}
        </button>
      </div>
    </form>
  );
}
