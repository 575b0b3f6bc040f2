import "server-only";
import { type AccountCaller, getRuntime, hasSessionCookie, resolveCaller } from "@streamkit/api";
import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { cache } from "react";

/**
 * The signed-in visitor as the one principal every procedure understands, or
 * null — through the API's one caller resolver, read fresh per request: a
 * plan change or a suspension shows on the next page.
 */
export const currentCaller = cache(async (): Promise<AccountCaller | null> => {
  // The cookies first: reading them is what makes a page dynamic, and prerendering (next build) must stop here, before any database opens.
  const cookie = (await cookies()).toString();
  if (!hasSessionCookie(cookie)) return null;
  const caller = await resolveCaller((await getRuntime()).deps, { surface: "web", cookie });
  return caller.kind === "account" ? caller : null;
});

/** For pages that need a signed-in visitor: others go to sign in and come back. */
export async function requireCaller(returnTo: string): Promise<AccountCaller> {
  const caller = await currentCaller();
  if (!caller) redirect(`/sign-in?next=${encodeURIComponent(returnTo)}`);
  return caller;
}
