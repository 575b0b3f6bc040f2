"use server";

/**
 * The operator's accounts page: change an account's plan, grant or revoke
 * staff, suspend or unsuspend. Each calls the same procedures the operator
 * CLI's service runs, as the signed-in operator, so the rules (staff only, no
 * suspending or un-staffing yourself) are decided there; these read the form,
 * report a refusal, and go back to the same page of the same search with a
 * notice naming the account. They work as plain form posts, without JavaScript.
 */
import { type PlanName, planNames } from "@streamkit/plans";
import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { WRONG_CALL, isForm } from "./action-input";
import { api } from "./api";
import type { ActionState } from "./commerce-actions";
import { domainError } from "./errors";

const text = (form: FormData, name: string) => String(form.get(name) ?? "").trim();

const changes = ["plan", "staff", "suspended"] as const;
type Change = (typeof changes)[number];

export async function changeAccount(_state: ActionState, form: FormData): Promise<ActionState> {
  if (!isForm(form)) return { error: WRONG_CALL };
  const id = text(form, "id");
  const change = text(form, "change") as Change;
  const value = text(form, "value");
  if (!changes.includes(change)) return { error: "Choose what to change: the plan, staff access or suspension." };
  if (change === "plan" && !planNames.includes(value as PlanName)) return { error: `Choose one of the plans: ${planNames.join(", ")}.` };
  if (change !== "plan" && value !== "true" && value !== "false") return { error: "Choose whether to turn it on or off." };
  try {
    const accounts = (await api()).admin.accounts;
    if (change === "plan") await accounts.setPlan({ id, plan: value as PlanName });
    else if (change === "staff") await accounts.setStaff({ id, staff: value === "true" });
    else await accounts.setSuspended({ id, suspended: value === "true" });
  } catch (error) {
    const known = domainError(error);
    if (!known) throw error;
    return { error: known.code === "validation_error" ? "That is not an account this page can change; reload the page and try again." : known.message };
  }
  revalidatePath("/admin", "layout");
  const back = new URLSearchParams();
  for (const name of ["q", "cursor", "trail"]) if (text(form, name)) back.set(name, text(form, name));
  back.set("changed", id);
  back.set("change", change);
  redirect(`/admin/accounts?${back}`);
}
