"use server";

import { Auth, raw, skipCSRFCheck } from "@auth/core";
import { CredentialsSignin } from "@auth/core/errors";
import { changePasswordSchema, deleteAccountSchema, sameSitePath, signUpSchema } from "@streamkit/api-contract";
import { CLIENT_ADDRESS_HEADER, env, getRuntime, oauthProviders, signInDeviceAfter, signInRefusal } from "@streamkit/api";
import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { WRONG_CALL, isForm } from "./action-input";
import { api } from "./api";
import { currentCaller } from "./auth";
import { domainError } from "./errors";

export interface FormState {
  error?: string;
  fields?: Record<string, string>;
  problems?: Record<string, string>;
}

/** Only paths on this site, so a crafted link cannot send people elsewhere after signing in (sameSitePath resolves it as a browser would). */
function safeNext(value: FormDataEntryValue | null): string {
  return sameSitePath(value, env().PUBLIC_URL);
}

/**
 * Calls an Auth.js action in-process and applies its cookies. Server actions
 * are already protected against cross-site posts by Next (Origin check), so
 * Auth.js's own CSRF token is skipped, as next-auth does.
 */
async function authAction(path: string, body: URLSearchParams) {
  const runtime = await getRuntime();
  const jar = await cookies();
  const response = await Auth(
    new Request(`${env().PUBLIC_URL}/api/auth/${path}`, {
      method: "POST",
      // The client's address for the sign-in limit: server.ts always sets this header, replacing any the client sent.
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        cookie: jar.toString(),
        [CLIENT_ADDRESS_HEADER]: (await headers()).get(CLIENT_ADDRESS_HEADER) ?? "unknown",
      },
      body,
    }),
    { ...runtime.auth, raw, skipCSRFCheck },
  );
  for (const cookie of response.cookies ?? []) jar.set(cookie.name, cookie.value, cookie.options);
  // A password sign-in that started a session also remembers this browser for the account (packages/api's sign-in-device.ts).
  if (path === "callback/credentials") {
    const device = await signInDeviceAfter(runtime.deps, response.cookies ?? []);
    if (device) jar.set(device.name, device.value, device.options);
  }
  return response;
}

export async function signInWithPassword(_state: FormState, form: FormData): Promise<FormState> {
  if (!isForm(form)) return { error: WRONG_CALL };
  const email = String(form.get("email") ?? "");
  const next = safeNext(form.get("next"));
  const failed = { error: "That email and password do not match an account.", fields: { email } };
  try {
    const response = await authAction("callback/credentials", new URLSearchParams({ email, password: String(form.get("password") ?? ""), callbackUrl: next }));
    if (!response.redirect || response.redirect.includes("error=")) return failed;
  } catch (error) {
    // Too many attempts for this email or from this address: the same answer whether or not the account exists.
    const refusal = signInRefusal(error);
    if (refusal) return { error: refusal.message, fields: { email } };
    // In raw mode Auth.js throws on wrong credentials instead of redirecting.
    if (error instanceof CredentialsSignin) return failed;
    throw error;
  }
  redirect(next);
}

export async function signUp(_state: FormState, form: FormData): Promise<FormState> {
  if (!isForm(form)) return { error: WRONG_CALL };
  const fields = { name: String(form.get("name") ?? ""), email: String(form.get("email") ?? ""), country: String(form.get("country") ?? "") };
  const parsed = signUpSchema.safeParse({ ...fields, password: String(form.get("password") ?? ""), country: fields.country || undefined });
  if (!parsed.success) {
    const problems = Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message]));
    return { error: "Check the highlighted fields.", fields, problems };
  }
  try {
    await (await api()).accounts.signUp(parsed.data);
  } catch (error) {
    const known = domainError(error);
    if (known?.code === "conflict") {
      return { error: "An account with this email already exists. Sign in instead.", fields, problems: { email: "Already registered." } };
    }
    if (known) return { error: known.message, fields };
    throw error;
  }
  const next = safeNext(form.get("next"));
  await authAction("callback/credentials", new URLSearchParams({ email: parsed.data.email, password: parsed.data.password, callbackUrl: next }));
  redirect(next === "/" ? "/account" : next);
}

export async function signInWithProvider(form: FormData): Promise<void> {
  if (!isForm(form)) redirect("/sign-in");
  const provider = String(form.get("provider") ?? "");
  if (!oauthProviders(env()).some((p) => p.id === provider)) redirect("/sign-in");
  const response = await authAction(`signin/${provider}`, new URLSearchParams({ callbackUrl: safeNext(form.get("next")) }));
  redirect(response.redirect ?? "/sign-in");
}

/** The form's problems by field, from a zod error of the shared schema or the API's validation_error details. */
function problemsOf(issues: { path: PropertyKey[] | string; message: string }[]): Record<string, string> {
  return Object.fromEntries(issues.map((issue) => [String(Array.isArray(issue.path) ? issue.path[0] : issue.path).split(".")[0], issue.message]));
}

/**
 * A new password. Every session of the account ends (this one too), so the
 * person is signed in again here with the new password at once.
 */
export async function changePassword(_state: FormState, form: FormData): Promise<FormState> {
  if (!isForm(form)) return { error: WRONG_CALL };
  const parsed = changePasswordSchema.safeParse({
    currentPassword: String(form.get("currentPassword") ?? ""),
    newPassword: String(form.get("newPassword") ?? ""),
  });
  if (!parsed.success) return { error: "Check the highlighted fields.", problems: problemsOf(parsed.error.issues) };
  const email = (await currentCaller())?.account.email ?? null;
  try {
    await (await api()).accounts.changePassword(parsed.data);
  } catch (error) {
    const known = domainError(error);
    if (known?.code === "validation_error" && Array.isArray(known.details))
      return { error: known.message, problems: problemsOf(known.details as { path: string; message: string }[]) };
    if (known) return { error: known.message };
    throw error;
  }
  if (email) await authAction("callback/credentials", new URLSearchParams({ email, password: parsed.data.newPassword, callbackUrl: "/account" }));
  redirect("/account?changed=password");
}

/** Deletes the account (docs/accounts.md), then ends this session. */
export async function deleteAccount(_state: FormState, form: FormData): Promise<FormState> {
  if (!isForm(form)) return { error: WRONG_CALL };
  const parsed = deleteAccountSchema.safeParse({ confirmation: String(form.get("confirmation") ?? "") });
  if (!parsed.success) return { error: "Confirm to delete your account.", problems: problemsOf(parsed.error.issues) };
  try {
    await (await api()).accounts.deleteAccount(parsed.data);
  } catch (error) {
    const known = domainError(error);
    if (known?.code === "validation_error") return { error: known.message, problems: { confirmation: known.message } };
    if (known) return { error: known.message };
    throw error;
  }
  await authAction("signout", new URLSearchParams({ callbackUrl: "/" }));
  redirect("/account/deleted");
}

export async function signOut(): Promise<void> {
  await authAction("signout", new URLSearchParams({ callbackUrl: "/" }));
  redirect("/");
}
