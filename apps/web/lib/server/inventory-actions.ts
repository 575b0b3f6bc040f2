"use server";

/**
 * The streamer's inventory on the website: "Add to my inventory" on the
 * market and "Remove" on /inventory (plain form posts, they work without
 * JavaScript). Each calls the same procedures as /api/v1 as the signed-in
 * account, so plan gates, the inventory's size and races are decided there;
 * these turn a refusal into words the page shows.
 */
import { plans } from "@streamkit/plans";
import { revalidatePath } from "next/cache";
import { WRONG_CALL, isForm } from "./action-input";
import { api } from "./api";
import type { ActionState } from "./commerce-actions";
import { domainError } from "./errors";

const text = (form: FormData, name: string) => String(form.get(name) ?? "").trim();

export async function addToInventory(_state: ActionState, form: FormData): Promise<ActionState> {
  if (!isForm(form)) return { error: WRONG_CALL };
  try {
    const { added } = await (await api()).inventory.add({ slug: text(form, "slug").slice(0, 100) });
    revalidatePath("/inventory");
    return { message: added ? "Added to your inventory." : "Already in your inventory." };
  } catch (error) {
    const known = domainError(error);
    if (!known) throw error;
    const details = known.details as { requiredPlan?: keyof typeof plans; limit?: number } | undefined;
    if (known.code === "plan_required" && details?.requiredPlan)
      return { error: `This needs the ${plans[details.requiredPlan].title} plan. See the plans page to upgrade.` };
    if (known.code === "limit_reached")
      return { error: `Your inventory is full (${details?.limit ?? ""} items on your plan). Remove something from your inventory, or upgrade.` };
    return { error: known.message };
  }
}

export async function removeFromInventory(_state: ActionState, form: FormData): Promise<ActionState> {
  if (!isForm(form)) return { error: WRONG_CALL };
  try {
    await (await api()).inventory.remove({ itemId: text(form, "id") });
  } catch (error) {
    const known = domainError(error);
    if (!known) throw error;
    return {
      error: known.code === "not_found" || known.code === "validation_error" ? "That item is not in your inventory any more: reload the page." : known.message,
    };
  }
  revalidatePath("/inventory");
  return { message: `Removed ${text(form, "name").slice(0, 100)}.` };
}
