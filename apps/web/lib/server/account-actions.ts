"use server";

import { passwordResetRequestSchema, passwordResetSchema, profileSchema } from "@streamkit/api-contract";
import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { WRONG_CALL, isForm } from "./action-input";
import { api } from "./api";
import type { FormState } from "./auth-actions";
import { domainError } from "./errors";

const problemsOf = (issues: { path: PropertyKey[]; message: string }[]) => Object.fromEntries(issues.map((issue) => [String(issue.path[0]), issue.message]));

/** Name and country (docs/accounts.md). */
export async function updateProfile(_state: FormState, form: FormData): Promise<FormState> {
  if (!isForm(form)) return { error: WRONG_CALL };
  const fields = { name: String(form.get("name") ?? ""), country: String(form.get("country") ?? "") };
  const parsed = profileSchema.safeParse(fields);
  if (!parsed.success) return { error: "Check the highlighted fields.", fields, problems: problemsOf(parsed.error.issues) };
  try {
    await (await api()).accounts.updateProfile(fields);
  } catch (error) {
    const known = domainError(error);
    if (known) return { error: known.message, fields };
    throw error;
  }
  // The header shows the name: every page's layout renders it anew.
  revalidatePath("/", "layout");
  redirect("/account?changed=profile");
}

/** "Forgot password?": the same answer whether or not the email has an account. */
export async function requestPasswordReset(_state: FormState, form: FormData): Promise<FormState> {
  if (!isForm(form)) return { error: WRONG_CALL };
  const fields = { email: String(form.get("email") ?? "") };
  const parsed = passwordResetRequestSchema.safeParse(fields);
  if (!parsed.success) return { error: "Check the highlighted fields.", fields, problems: problemsOf(parsed.error.issues) };
  try {
    await (await api()).accounts.requestPasswordReset(parsed.data);
  } catch (error) {
    const known = domainError(error);
    if (known) return { error: known.message, fields };
    throw error;
  }
  redirect("/forgot-password?sent=1");
}

/** A new password from a reset link; then the person signs in with it. */
export async function resetPassword(_state: FormState, form: FormData): Promise<FormState> {
  if (!isForm(form)) return { error: WRONG_CALL };
  const parsed = passwordResetSchema.safeParse({ token: String(form.get("token") ?? ""), newPassword: String(form.get("newPassword") ?? "") });
  if (!parsed.success) return { error: "Check the highlighted fields.", problems: problemsOf(parsed.error.issues) };
  try {
    await (await api()).accounts.resetPassword(parsed.data);
  } catch (error) {
    const known = domainError(error);
    if (known) return { error: known.message, problems: { token: known.message } };
    throw error;
  }
  redirect("/sign-in?reset=1");
}
