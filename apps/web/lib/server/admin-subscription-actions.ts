"use server";

/**
 * The operator's subscriptions page: refund a subscription payment, give a
 * complimentary plan, revoke one. The same services as the operator CLI,
 * called as the signed-in operator; these read the form, report a refusal,
 * and go back to the same search with a notice the page checks against the
 * data as it is now. Plain form posts: they work without JavaScript.
 */
import { type PaidPlan, paidPlanNames } from "@streamkit/plans";
import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { WRONG_CALL, isForm } from "./action-input";
import { api } from "./api";
import type { ActionState } from "./commerce-actions";
import { refusedForm } from "./errors";

const text = (form: FormData, name: string) => String(form.get(name) ?? "").trim();
const PATH = "/admin/subscriptions";
/** The search the operator was on: kept across the action. */
const searchFields = ["q", "status", "renewsBefore", "cursor", "trail"] as const;

function back(form: FormData, notice: Record<string, string>): string {
  const params = new URLSearchParams();
  for (const name of searchFields) if (text(form, name)) params.set(name, text(form, name));
  for (const [name, value] of Object.entries(notice)) params.set(name, value);
  return `${PATH}?${params}`;
}

export async function refundSubscriptionPayment(_state: ActionState, form: FormData): Promise<ActionState> {
  if (!isForm(form)) return { error: WRONG_CALL };
  const paymentId = text(form, "payment");
  const subscriptionId = text(form, "subscription");
  try {
    await (await api()).admin.subscriptions.refundPayment({ paymentId });
  } catch (error) {
    return refusedForm(error, "That is not a payment this page can refund; reload the page and try again.");
  }
  revalidatePath("/admin", "layout");
  redirect(back(form, { refunded: paymentId, subscription: subscriptionId }));
}

/** A date from the form's date field (YYYY-MM-DD): the plan lasts to the end of that day, UTC. */
function endOfDay(value: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const end = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 23, 59, 59, 999));
  return Number.isNaN(end.getTime()) || end.toISOString().slice(0, 10) !== value ? null : end.toISOString();
}

export async function grantComplimentaryPlan(_state: ActionState, form: FormData): Promise<ActionState> {
  if (!isForm(form)) return { error: WRONG_CALL };
  const accountId = text(form, "accountId");
  const plan = text(form, "plan");
  const endsAt = endOfDay(text(form, "endsOn"));
  if (!paidPlanNames.includes(plan as PaidPlan)) return { error: `Choose one of the plans: ${paidPlanNames.join(", ")}.` };
  if (!endsAt) return { error: "Give the last day of the complimentary plan as a date." };
  try {
    await (await api()).admin.subscriptions.grantComplimentary({ accountId, plan: plan as PaidPlan, endsAt, note: text(form, "note") || undefined });
  } catch (error) {
    return refusedForm(error, "Check the account id (a UUID from the accounts page) and the note (at most 500 characters).");
  }
  revalidatePath("/admin", "layout");
  redirect(back(form, { granted: accountId }));
}

export async function revokeComplimentaryPlan(_state: ActionState, form: FormData): Promise<ActionState> {
  if (!isForm(form)) return { error: WRONG_CALL };
  const accountId = text(form, "accountId");
  try {
    await (await api()).admin.subscriptions.revokeComplimentary({ accountId });
  } catch (error) {
    return refusedForm(error, "That is not an account this page can change; reload the page and try again.");
  }
  revalidatePath("/admin", "layout");
  redirect(back(form, { revoked: accountId }));
}
