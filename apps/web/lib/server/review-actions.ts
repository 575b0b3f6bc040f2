"use server";

/**
 * The operator's review of held plugin versions (/admin/reviews): approve
 * or reject with a note, through the same router as the operator CLI, as the
 * signed-in operator (who is recorded). A plain form post, without JavaScript.
 */
import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { WRONG_CALL, isForm } from "./action-input";
import { api } from "./api";
import type { ActionState } from "./commerce-actions";
import { refusedForm } from "./errors";

const text = (form: FormData, name: string) => String(form.get(name) ?? "").trim();

export async function decideReview(_state: ActionState, form: FormData): Promise<ActionState> {
  if (!isForm(form)) return { error: WRONG_CALL };
  const slug = text(form, "slug");
  const version = text(form, "version");
  const decision = text(form, "decision");
  if (decision !== "approve" && decision !== "reject") return { error: "Approve or reject." };
  try {
    await (await api()).admin.reviews.decide({ slug, version, decision, note: decision === "reject" ? text(form, "note") || null : null });
  } catch (error) {
    return refusedForm(error);
  }
  revalidatePath("/admin", "layout");
  redirect(`/admin/reviews?${new URLSearchParams({ reviewed: `${slug} ${version}`, decision })}`);
}
