"use server";

/**
 * The consent page's Allow and Deny (a plain form post: it works without
 * JavaScript). The request is read again by the API from the query the page
 * was opened with, so nothing the page showed can be altered on the way;
 * the answer sends the browser to the app's loopback address, or to the
 * "return to Streamkit" page for the deep link.
 */
import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { WRONG_CALL, isForm } from "./action-input";
import { api } from "./api";
import type { ActionState } from "./commerce-actions";
import { domainError } from "./errors";

export async function decideAuthorization(_state: ActionState, form: FormData): Promise<ActionState> {
  if (!isForm(form)) return { error: WRONG_CALL };
  const query = [...new URLSearchParams(String(form.get("query") ?? ""))].slice(0, 40);
  const decision = form.get("decision") === "allow" ? "allow" : "deny";
  let location: string;
  try {
    ({ location } = await (await api()).oauth.authorize({ query, decision }));
  } catch (error) {
    const known = domainError(error);
    if (!known) throw error;
    return { error: known.message };
  }
  redirect(location);
}

/** "Sign out" of one connected app on the account page: every token of that sign-in stops working. */
export async function revokeConnectedApp(_state: ActionState, form: FormData): Promise<ActionState> {
  if (!isForm(form)) return { error: WRONG_CALL };
  try {
    await (await api()).oauth.revokeConnectedApp({ id: String(form.get("id") ?? "").slice(0, 100) });
  } catch (error) {
    const known = domainError(error);
    if (!known) throw error;
    return { error: known.code === "validation_error" ? "No such connected app." : known.message };
  }
  revalidatePath("/account/connected-apps");
  redirect("/account/connected-apps?revoked=1");
}
