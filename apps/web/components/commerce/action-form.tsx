"use client";

import { type ReactNode, useActionState } from "react";
import type { ActionState } from "@/lib/server/commerce-actions";

export interface ActionFormProps {
  action: (state: ActionState, form: FormData) => Promise<ActionState>;
  /** Hidden inputs: what the form acts on. */
  hidden?: Record<string, string>;
  submit: string;
  pendingText?: string;
  submitClassName?: string;
  /** Fields shown before the button. */
  children?: ReactNode;
  className?: string;
  "aria-label"?: string;
}

/**
 * A form posting to a server action: a plain form without JavaScript, and
 * with it the button shows progress. The action's refusal (a domain error's
 * message) or confirmation is shown with the form.
 */
export function ActionForm({ action, hidden = {}, submit, pendingText, submitClassName = "button", children, className, ...rest }: ActionFormProps) {
  const [state, formAction, pending] = useActionState(action, {});
  return (
    <form action={formAction} className={className} aria-label={rest["aria-label"]}>
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {state.error ? (
        <p className="form-error" role="alert">
          {state.error}
        </p>
      ) : null}
      {children}
      <div className="form-actions">
        <button type="submit" className={submitClassName} disabled={pending}>
          {pending && pendingText ? pendingText : submit}
        </button>
      </div>
      {state.message ? (
        <p className="form-done" role="status">
          {state.message}
        </p>
      ) : null}
    </form>
  );
}
