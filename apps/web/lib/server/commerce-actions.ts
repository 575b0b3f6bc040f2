"use server";

/**
 * The website's paid-plugin forms: buying, the built-in provider's Pay
 * button, the author's pricing, and the operator's review, refunds and
 * payouts (the accounts page's changes are in admin-actions.ts). Each calls
 * the same routers as the API, as the signed-in visitor, so every rule (who
 * may do what, the money) is decided there; these only read the form, report
 * the domain error's message and say where to go next.
 * They work as plain form posts, without JavaScript.
 */
import { commerce, type PayoutMethod, type PriceTier, priceTierNames } from "@streamkit/plans";
import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { WRONG_CALL, isForm } from "./action-input";
import { api } from "./api";
import { currentCaller } from "./auth";
import { domainError, refusedForm } from "./errors";
import { visitorCountry } from "./country";

export interface ActionState {
  error?: string;
  message?: string;
}

export interface PayoutRunState extends ActionState {
  payouts?: { id: string; author: { name: string; email: string | null }; currency: string; amount: number; method: string; reference: string }[];
}

const text = (form: FormData, name: string) => String(form.get(name) ?? "").trim();

const buyPath = (slug: string) => `/plugins/${encodeURIComponent(slug)}/buy`;
const completePath = (slug: string, checkoutId: string) => `${buyPath(slug)}/complete?checkout=${encodeURIComponent(checkoutId)}`;

/** "Buy": fixes the amount and currency in a checkout and sends the buyer to the provider's page. */
export async function startPurchase(_state: ActionState, form: FormData): Promise<ActionState> {
  if (!isForm(form)) return { error: WRONG_CALL };
  const slug = text(form, "slug");
  if (!(await currentCaller())) redirect(`/sign-in?next=${encodeURIComponent(buyPath(slug))}`);
  let redirectUrl: string;
  try {
    // The account's country wins inside the API; the visitor's region is for accounts without one.
    ({ redirectUrl } = await (await api()).commerce.startCheckout({ slug, country: await visitorCountry() }));
  } catch (error) {
    return refusedForm(error);
  }
  redirect(redirectUrl);
}

/**
 * The built-in provider's "Pay": it confirms the payment through the same
 * signed-webhook path as Stripe and Razorpay, then sends the buyer to the
 * success address every provider uses.
 */
export async function payTestCheckout(_state: ActionState, form: FormData): Promise<ActionState> {
  if (!isForm(form)) return { error: WRONG_CALL };
  const checkoutId = text(form, "checkout");
  const caller = await currentCaller();
  if (!caller) redirect(`/sign-in?next=${encodeURIComponent(`/checkout/builtin/${checkoutId}`)}`);
  let slug: string;
  try {
    ({ slug } = await (await api()).commerce.payBuiltinCheckout({ id: checkoutId }));
  } catch (error) {
    // Already completed (a second click, another tab): show the outcome rather than an error.
    const checkout = domainError(error)?.code === "conflict" ? await (await api()).commerce.checkout({ id: checkoutId }) : null;
    if (checkout) redirect(completePath(checkout.slug, checkout.id));
    return refusedForm(error);
  }
  redirect(completePath(slug, checkoutId));
}

/** The author asks for a tier; the operator reviews it and the old price stays meanwhile. */
export async function requestPrice(_state: ActionState, form: FormData): Promise<ActionState> {
  if (!isForm(form)) return { error: WRONG_CALL };
  const tier = text(form, "tier");
  if (!priceTierNames.includes(tier as PriceTier)) return { error: "Choose one of the price tiers." };
  try {
    const result = await (await api()).commerce.setPrice({ slug: text(form, "slug"), tier: tier as PriceTier });
    revalidatePath("/dashboard/pricing");
    return {
      message: result.priceRequest
        ? `Asked for ${tier}. The operator reviews it; until then the current price stays.`
        : `${tier} is already the price: there is nothing to review, and any earlier request is withdrawn.`,
    };
  } catch (error) {
    return refusedForm(error);
  }
}

/** Free at once, for everyone; only after the author ticked the confirmation. */
export async function makeFree(_state: ActionState, form: FormData): Promise<ActionState> {
  if (!isForm(form)) return { error: WRONG_CALL };
  if (form.get("confirm") !== "yes") return { error: "Tick the box to confirm: the plugin becomes free for everyone at once." };
  try {
    await (await api()).commerce.setPrice({ slug: text(form, "slug"), tier: null });
    revalidatePath("/dashboard/pricing");
    return { message: "It is free now. People who bought it keep it." };
  } catch (error) {
    return refusedForm(error);
  }
}

/** The operator approves a price request or turns it down with a note for the author. */
export async function reviewPriceRequest(_state: ActionState, form: FormData): Promise<ActionState> {
  if (!isForm(form)) return { error: WRONG_CALL };
  const slug = text(form, "slug");
  const decision = text(form, "decision");
  if (decision !== "approve" && decision !== "reject") return { error: "Approve or reject." };
  try {
    await (await api()).admin.reviewPriceRequest({ slug, decision, note: decision === "reject" ? text(form, "note") || null : null });
  } catch (error) {
    return refusedForm(error);
  }
  revalidatePath("/admin", "layout");
  redirect(`/admin/price-requests?${new URLSearchParams({ reviewed: slug, decision })}`);
}

/**
 * The operator refunds a purchase inside its refund window, then goes back to
 * the same page of the same search, where `refunded` names the purchase the
 * notice is about (the page reads its state, so the notice is always true).
 */
export async function refundPurchase(_state: ActionState, form: FormData): Promise<ActionState> {
  if (!isForm(form)) return { error: WRONG_CALL };
  const id = text(form, "id");
  try {
    await (await api()).admin.refund({ id });
  } catch (error) {
    return refusedForm(error);
  }
  revalidatePath("/admin", "layout");
  const back = new URLSearchParams();
  for (const name of ["q", "cursor", "trail"]) if (text(form, name)) back.set(name, text(form, name));
  back.set("refunded", id);
  redirect(`/admin/purchases?${back}`);
}

/** The operator pays every author whose payable balance reached the minimum. */
export async function runPayouts(_state: PayoutRunState, form: FormData): Promise<PayoutRunState> {
  if (!isForm(form)) return { error: WRONG_CALL };
  const method = text(form, "method");
  if (!commerce.payoutMethods.includes(method as PayoutMethod)) return { error: "Choose how the money is sent." };
  try {
    const made = await (await api()).admin.runPayouts({ method, reference: text(form, "reference") || undefined });
    revalidatePath("/admin", "layout");
    return {
      message:
        made.length === 0
          ? "Nobody is due a payout: no author's payable balance has reached the minimum."
          : `Paid ${made.length} payout${made.length === 1 ? "" : "s"}.`,
      payouts: made,
    };
  } catch (error) {
    return refusedForm(error);
  }
}
