"use server";

/**
 * The consent page's Allow and Deny (a plain form post: it works without
 * JavaScript). The request is read again by the API from the query the page
 * was opened with, so nothing the page showed can be altered on the way;
 * the answer sends the browser to the app's loopback address, or to the
 * "return to Streamkit" page for the deep link.
 */
import type { DevicePending } from "@streamkit/api-contract";
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

/** /device's form state: which step is shown, the code typed so far, and what the code asks for. */
export interface DeviceState {
  step: "code" | "confirm" | "done";
  userCode: string;
  error?: string;
  pending?: DevicePending;
  decision?: "allow" | "deny";
  appName?: string;
  deviceLabel?: string | null;
}

/**
 * /device's steps (plain form posts, checked by Next's own Origin check like
 * every server action, then by the API as the signed-in visitor): `lookup`
 * opens the typed code and shows what it asks; `decide` allows or denies it.
 * The API counts wrong codes per account and address.
 */
export async function deviceStep(_state: DeviceState, form: FormData): Promise<DeviceState> {
  if (!isForm(form)) return { step: "code", userCode: "", error: WRONG_CALL };
  const userCode = String(form.get("userCode") ?? "").slice(0, 40);
  const oauth = (await api()).oauth;
  try {
    if (form.get("step") === "decide") {
      const decision = form.get("decision") === "allow" ? "allow" : "deny";
      const answer = await oauth.deviceDecide({ userCode, decision });
      if (decision === "allow") revalidatePath("/account/connected-apps");
      return { step: "done", userCode, decision: answer.decision, appName: answer.appName, deviceLabel: answer.deviceLabel };
    }
    return { step: "confirm", userCode, pending: await oauth.deviceLookup({ userCode }) };
  } catch (error) {
    const known = domainError(error);
    if (!known) throw error;
    return { step: "code", userCode, error: known.code === "validation_error" ? "Type the code your device shows: 8 letters, like BCDF-GHJK." : known.message };
  }
}
