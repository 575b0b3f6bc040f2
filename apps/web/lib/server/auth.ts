import "server-only";
import { Auth, raw } from "@auth/core";
import type { Session } from "@auth/core/types";
import { type AccountCaller, env, findAccountById, getRuntime } from "@streamkit/api";
import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { cache } from "react";

/** The Auth.js session behind this request's cookies, or null. */
export async function readSession(cookieHeader: string): Promise<Session | null> {
  if (!cookieHeader.includes("authjs.")) return null;
  const runtime = await getRuntime();
  const response = await Auth(new Request(`${env().PUBLIC_URL}/api/auth/session`, { headers: { cookie: cookieHeader } }), { ...runtime.auth, raw });
  const body = response.body as Session | null | undefined;
  return body?.user?.id ? body : null;
}

/**
 * The signed-in visitor as the one principal every procedure understands, or
 * null. The account is read fresh: a plan change or a suspension shows on the
 * next page.
 */
export async function callerFromCookies(cookieHeader: string): Promise<AccountCaller | null> {
  const session = await readSession(cookieHeader);
  if (!session?.user?.id) return null;
  const runtime = await getRuntime();
  const account = await findAccountById(runtime.deps.db, session.user.id);
  if (!account) return null;
  return { kind: "account", account, channel: "web", scopes: "all" };
}

/** Per render: the page and its components share one lookup. */
export const currentCaller = cache(async (): Promise<AccountCaller | null> => callerFromCookies((await cookies()).toString()));

/** For pages that need a signed-in visitor: others go to sign in and come back. */
export async function requireCaller(returnTo: string): Promise<AccountCaller> {
  const caller = await currentCaller();
  if (!caller) redirect(`/sign-in?next=${encodeURIComponent(returnTo)}`);
  return caller;
}
