"use server";

/**
 * /admin/publishers: grant or revoke a publisher's verification, each with a
 * note. They call the same procedures as the operator CLI's service, as the
 * signed-in operator (recorded as who did it), and go back to the page with
 * a notice. Plain form posts, without JavaScript.
 */
import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { WRONG_CALL, isForm } from "./action-input";
import { api } from "./api";
import type { ActionState } from "./commerce-actions";
import { domainError } from "./errors";

const text = (form: FormData, name: string) => String(form.get(name) ?? "").trim();

async function decide(form: FormData, decision: "grant" | "revoke"): Promise<ActionState> {
  if (!isForm(form)) return { error: WRONG_CALL };
  const input = { publisher: text(form, "publisher"), note: text(form, "note") };
  let handle: string;
  try {
    const publishers = (await api()).admin.publishers;
    handle = (decision === "grant" ? await publishers.grant(input) : await publishers.revoke(input)).handle;
  } catch (error) {
    const known = domainError(error);
    if (!known) throw error;
    return { error: known.code === "validation_error" ? "Name the publisher (handle or email) and say why in the note." : known.message };
  }
  revalidatePath("/", "layout");
  redirect(`/admin/publishers?${new URLSearchParams({ [decision === "grant" ? "granted" : "revoked"]: handle })}`);
}

export async function grantPublisher(_state: ActionState, form: FormData): Promise<ActionState> {
  return decide(form, "grant");
}

export async function revokePublisher(_state: ActionState, form: FormData): Promise<ActionState> {
  return decide(form, "revoke");
}
