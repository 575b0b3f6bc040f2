"use client";

import { passwordRules } from "@streamkit/api-contract";
import { type ReactNode, useActionState } from "react";
import { updateProfile } from "@/lib/server/account-actions";
import { changePassword, deleteAccount, type FormState } from "@/lib/server/auth-actions";

function Problem({ state, field }: { state: FormState; field: string }) {
  const problem = state.problems?.[field];
  return problem ? (
    <span id={`${field}-problem`} className="problem">
      {problem}
    </span>
  ) : null;
}
const describedBy = (state: FormState, field: string) => (state.problems?.[field] ? { "aria-invalid": true, "aria-describedby": `${field}-problem` } : {});
function FormError({ state }: { state: FormState }) {
  return state.error ? (
    <p className="form-error" role="alert">
      {state.error}
    </p>
  ) : null;
}

export function ProfileForm({ name, countrySelect }: { name: string; countrySelect: ReactNode }) {
  const [state, action, pending] = useActionState<FormState, FormData>(updateProfile, {});
  return (
    <form action={action} noValidate aria-label="Name and country">
      <FormError state={state} />
      <div className="field">
        <label htmlFor="profile-name">Name</label>
        <input id="profile-name" name="name" required maxLength={60} defaultValue={state.fields?.name ?? name} {...describedBy(state, "name")} />
        <span className="hint">Shown as the publisher of your plugins.</span>
        <Problem state={state} field="name" />
      </div>
      <div className="field">
        <label htmlFor="country">Country</label>
        {countrySelect}
        <span className="hint">Decides your prices: rupees in India, dollars elsewhere.</span>
        <Problem state={state} field="country" />
      </div>
      <div className="form-actions">
        <button type="submit" className="button" disabled={pending}>
          {pending ? "Saving…" : "Save"}
        </button>
      </div>
    </form>
  );
}

export function PasswordForm({ hasPassword }: { hasPassword: boolean }) {
  const [state, action, pending] = useActionState<FormState, FormData>(changePassword, {});
  return (
    <form action={action} noValidate aria-label={hasPassword ? "Change password" : "Set a password"}>
      <FormError state={state} />
      {hasPassword ? (
        <div className="field">
          <label htmlFor="currentPassword">Current password</label>
          <input
            id="currentPassword"
            name="currentPassword"
            type="password"
            autoComplete="current-password"
            required
            {...describedBy(state, "currentPassword")}
          />
          <Problem state={state} field="currentPassword" />
        </div>
      ) : (
        <p className="muted">You sign in with GitHub or Google. Set a password to sign in with your email address too.</p>
      )}
      <div className="field">
        <label htmlFor="newPassword">New password</label>
        <input
          id="newPassword"
          name="newPassword"
          type="password"
          autoComplete="new-password"
          required
          minLength={passwordRules.minLength}
          {...describedBy(state, "newPassword")}
        />
        <span className="hint">At least {passwordRules.minLength} characters. You stay signed in here; everywhere else you sign in again.</span>
        <Problem state={state} field="newPassword" />
      </div>
      <div className="form-actions">
        <button type="submit" className="button" disabled={pending}>
          {pending ? "Saving…" : hasPassword ? "Change password" : "Set password"}
        </button>
      </div>
    </form>
  );
}

export function DeleteAccountForm({ hasPassword }: { hasPassword: boolean }) {
  const [state, action, pending] = useActionState<FormState, FormData>(deleteAccount, {});
  return (
    <form action={action} noValidate aria-label="Delete account" className="confirm">
      <FormError state={state} />
      <div className="field">
        <label htmlFor="confirmation">{hasPassword ? "Your password" : "Your email address"}</label>
        <input
          id="confirmation"
          name="confirmation"
          type={hasPassword ? "password" : "email"}
          autoComplete={hasPassword ? "current-password" : "email"}
          required
          {...describedBy(state, "confirmation")}
        />
        <Problem state={state} field="confirmation" />
      </div>
      <div className="form-actions">
        <button type="submit" className="button danger" disabled={pending}>
          {pending ? "Deleting…" : "Delete my account"}
        </button>
      </div>
    </form>
  );
}
