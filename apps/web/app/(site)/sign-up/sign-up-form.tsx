"use client";

import { passwordRules } from "@streamkit/api-contract";
import { useActionState, useEffect, useState } from "react";
import { CountrySelect } from "@/components/country-select";
import { type FormState, signUp } from "@/lib/server/auth-actions";

/** `country`: the visitor's, preselected until they choose; after a refused attempt, the one they chose. */
export function SignUpForm({ next, country }: { next: string; country: string | null }) {
  const [state, action, pending] = useActionState<FormState, FormData>(signUp, {});
  // React sets uncontrolled fields back to their props when it hydrates, so what was typed before is lost: the mark tells when typing is safe.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const problem = (field: string) => state.problems?.[field];
  const described = (field: string) => (problem(field) ? { "aria-invalid": true, "aria-describedby": `${field}-problem` } : {});
  return (
    <form action={action} noValidate data-hydrated={hydrated ? "" : undefined}>
      {state.error ? (
        <p className="form-error" role="alert">
          {state.error}
        </p>
      ) : null}
      <input type="hidden" name="next" value={next} />
      <div className="field">
        <label htmlFor="name">Name</label>
        <input id="name" name="name" autoComplete="name" required maxLength={60} defaultValue={state.fields?.name} {...described("name")} />
        <span className="hint">Shown as the publisher of your plugins.</span>
        {problem("name") ? (
          <span id="name-problem" className="problem">
            {problem("name")}
          </span>
        ) : null}
      </div>
      <div className="field">
        <label htmlFor="email">Email</label>
        <input id="email" name="email" type="email" autoComplete="email" required defaultValue={state.fields?.email} {...described("email")} />
        {problem("email") ? (
          <span id="email-problem" className="problem">
            {problem("email")}
          </span>
        ) : null}
      </div>
      <div className="field">
        <label htmlFor="password">Password</label>
        <input
          id="password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          minLength={passwordRules.minLength}
          {...described("password")}
        />
        <span className="hint">At least {passwordRules.minLength} characters.</span>
        {problem("password") ? (
          <span id="password-problem" className="problem">
            {problem("password")}
          </span>
        ) : null}
      </div>
      <div className="field">
        <label htmlFor="country">Country</label>
        {/* Keyed by the choice: React resets the form after each attempt, and a select resets to the default it was first rendered with. */}
        <CountrySelect
          key={state.fields?.country ?? "visitor"}
          id="country"
          name="country"
          defaultValue={state.fields ? state.fields.country || null : country}
        />
        <span className="hint">Paid plugins cost rupees in India and dollars elsewhere.</span>
        {problem("country") ? <span className="problem">{problem("country")}</span> : null}
      </div>
      <div className="form-actions">
        <button type="submit" className="button" disabled={pending}>
          {pending ? "Creating your account…" : "Create account"}
        </button>
      </div>
    </form>
  );
}
