"use server";

/**
 * The subscriber's billing forms: subscribe from /plans, the built-in
 * provider's Pay button, cancel, resume, change plan and the provider's page
 * for the payment method. Each calls the billing router as the signed-in
 * visitor, so every rule (prices, who may change what) is decided there;
 * these read the form, report the domain error's message and say where to go
 * next. Plain form posts: they work without JavaScript.
 */
import { type BillingInterval, billingIntervals, type PaidPlan, paidPlanNames } from "@streamkit/plans";
import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { WRONG_CALL, isForm } from "./action-input";
import { api } from "./api";
import { currentCaller } from "./auth";
import type { ActionState } from "./commerce-actions";
import { visitorCountry } from "./country";
import { domainError, refusedForm } from "./errors";

const text = (form: FormData, name: string) => String(form.get(name) ?? "").trim();
const isPaidPlan = (value: string): value is PaidPlan => (paidPlanNames as readonly string[]).includes(value);
const isInterval = (value: string): value is BillingInterval => (billingIntervals as readonly string[]).includes(value);

const BILLING = "/account/billing";

/** "Upgrade": fixes the price (the account's country, else the visitor's region) and sends the visitor to the provider's page. */
export async function startSubscription(_state: ActionState, form: FormData): Promise<ActionState> {
  if (!isForm(form)) return { error: WRONG_CALL };
  if (!(await currentCaller())) redirect(`/sign-in?next=${encodeURIComponent("/plans")}`);
  const plan = text(form, "plan");
  const interval = text(form, "interval");
  if (!isPaidPlan(plan) || !isInterval(interval)) return { error: "Choose a plan and how often to pay." };
  let redirectUrl: string;
  try {
    ({ redirectUrl } = await (await api()).billing.subscribe({ plan, interval, country: await visitorCountry() }));
  } catch (error) {
    return refusedForm(error);
  }
  redirect(redirectUrl);
}

/** The built-in provider's Pay: confirms the first payment through the same signed-webhook path as the real providers. */
export async function payTestSubscription(_state: ActionState, form: FormData): Promise<ActionState> {
  if (!isForm(form)) return { error: WRONG_CALL };
  const id = text(form, "subscription");
  if (!(await currentCaller())) redirect(`/sign-in?next=${encodeURIComponent(`/checkout/builtin/subscription/${id}`)}`);
  const testCard = text(form, "testCard");
  if (testCard !== "ok" && testCard !== "declines") return { error: "Choose one of the test cards." };
  try {
    await (await api()).billing.payBuiltin({ id, testCard });
  } catch (error) {
    // Already paid (a second click, another tab): show the outcome rather than an error.
    if (domainError(error)?.code !== "conflict") return refusedForm(error);
  }
  revalidatePath("/", "layout");
  redirect(`${BILLING}?subscribed=${encodeURIComponent(id)}`);
}

/** Cancel, resume and change plan: each answers with the billing page as it is now. */
export async function changeSubscription(_state: ActionState, form: FormData): Promise<ActionState> {
  if (!isForm(form)) return { error: WRONG_CALL };
  const change = text(form, "change");
  const plan = text(form, "plan");
  try {
    const billing = (await api()).billing;
    if (change === "cancel") await billing.cancel();
    else if (change === "resume") await billing.resume();
    else if (change === "plan" && isPaidPlan(plan)) await billing.changePlan({ plan });
    else return { error: "Choose what to change." };
  } catch (error) {
    return refusedForm(error);
  }
  revalidatePath("/", "layout");
  redirect(`${BILLING}?changed=${change === "plan" ? `plan-${plan}` : change}`);
}

/** "Manage payment method": the provider's own page (Stripe's customer portal), made for this visit. */
export async function managePaymentMethod(_state: ActionState, _form: FormData): Promise<ActionState> {
  let url: string | null;
  try {
    url = await (await api()).billing.managementUrl();
  } catch (error) {
    return refusedForm(error);
  }
  if (!url) return { error: "Your payment provider has no page for changing the payment method." };
  redirect(url);
}
