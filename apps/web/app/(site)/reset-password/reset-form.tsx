"use client";

import { passwordRules } from "@streamkit/api-contract";
import { useActionState } from "react";
import { resetPassword } from "@/lib/server/account-actions";
import type { FormState } from "@/lib/server/auth-actions";

export function ResetPasswordForm({ token }: { token: string }) {
  const [state, action, pending] = useActionState<FormState, FormData>(resetPassword, {});
  return (
    <form action={action} noValidate>
      {state.error ? (
        <p className="form-error" role="alert">
          {state.problems?.token ?? state.error}
        </p>
      ) : null}
      <input type="hidden" name="token" value={token} />
      <div className="field">
        <label htmlFor="newPassword">New password</label>
        <input id="newPassword" name="newPassword" type="password" autoComplete="new-password" required minLength={passwordRules.minLength} />
        <span className="hint">At least {passwordRules.minLength} characters.</span>
        {state.problems?.newPassword ? <span className="problem">{state.problems.newPassword}</span> : null}
      </div>
      <div className="form-actions">
        <button type="submit" className="button" disabled={pending}>
          {pending ? "Saving…" : "Set new password"}
        </button>
      </div>
    </form>
  );
}
