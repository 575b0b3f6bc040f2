"use server";

/**
 * The account's publisher settings (/account/publisher): the handle and the
 * domains to verify. Each calls the same procedures as /api/v1's website-only
 * publisher operations, as the signed-in account, and goes back to the page
 * with a notice; they work as plain form posts, without JavaScript.
 */
import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { WRONG_CALL, isForm } from "./action-input";
import { api } from "./api";
import type { ActionState } from "./commerce-actions";
import { domainError } from "./errors";

const PAGE = "/account/publisher";
const text = (form: FormData, name: string) => String(form.get(name) ?? "").trim();

/** A refusal as the form shows it: the domain error's message; validation problems by their first message. */
function refused(error: unknown): ActionState {
  const known = domainError(error);
  if (!known) throw error;
  const problems = Array.isArray(known.details) ? (known.details as { message: string }[]) : [];
  return { error: known.code === "validation_error" && problems[0] ? problems[0].message : known.message };
}

function back(params: Record<string, string>): never {
  revalidatePath(PAGE);
  redirect(`${PAGE}?${new URLSearchParams(params)}`);
}

export async function changeHandle(_state: ActionState, form: FormData): Promise<ActionState> {
  if (!isForm(form)) return { error: WRONG_CALL };
  try {
    await (await api()).publishers.changeHandle({ handle: text(form, "handle") });
  } catch (error) {
    return refused(error);
  }
  // Every listing shows the handle.
  revalidatePath("/", "layout");
  back({ changed: "handle" });
}

export async function addDomain(_state: ActionState, form: FormData): Promise<ActionState> {
  if (!isForm(form)) return { error: WRONG_CALL };
  let domain: string;
  try {
    domain = (await (await api()).publishers.addDomain({ domain: text(form, "domain") })).item.domain;
  } catch (error) {
    return refused(error);
  }
  back({ added: domain });
}

export async function checkDomain(_state: ActionState, form: FormData): Promise<ActionState> {
  if (!isForm(form)) return { error: WRONG_CALL };
  let status: string;
  try {
    status = (await (await api()).publishers.checkDomain({ domain: text(form, "domain") })).item.status;
  } catch (error) {
    return refused(error);
  }
  back({ checked: text(form, "domain"), status });
}

export async function removeDomain(_state: ActionState, form: FormData): Promise<ActionState> {
  if (!isForm(form)) return { error: WRONG_CALL };
  try {
    await (await api()).publishers.removeDomain({ domain: text(form, "domain") });
  } catch (error) {
    return refused(error);
  }
  back({ removed: text(form, "domain") });
}
