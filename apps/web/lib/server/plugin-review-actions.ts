"use server";

/**
 * People's reviews on the website (docs/plugins.md#reviews): an owner's review
 * written, edited or deleted, the author's reply and a report from a plugin's
 * page, and the operators' decisions on /admin/review-reports. Each calls the
 * same procedure as /api/v1, as the signed-in visitor, so every rule (who
 * owns the plugin, one review per account, the limits, staff only) is decided
 * there. A done write leads back to the plugin's page rendered for the
 * visitor (a query keeps it off the shared cached copies), showing the new
 * rating at once. They work as plain form posts, without JavaScript.
 */
import { reviewModerationActionSchema, reviewReportReasonSchema } from "@streamkit/api-contract";
import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { WRONG_CALL, isForm } from "./action-input";
import { api } from "./api";
import { currentCaller } from "./auth";
import type { ActionState } from "./commerce-actions";
import { refusedForm } from "./errors";

const text = (form: FormData, name: string) => String(form.get(name) ?? "").trim();
const pageOf = (slug: string) => `/plugins/${encodeURIComponent(slug)}`;

async function signedIn(slug: string) {
  if (!(await currentCaller())) redirect(`/sign-in?next=${encodeURIComponent(pageOf(slug))}`);
}

/** Back to the plugin's page, rendered for the visitor, at its reviews. */
function backToReviews(slug: string, done: string): never {
  revalidatePath(pageOf(slug));
  redirect(`${pageOf(slug)}?${new URLSearchParams({ reviews: done })}#reviews`);
}

/** "Your review": the rating and text, a new review or an edit. */
export async function saveReview(_state: ActionState, form: FormData): Promise<ActionState> {
  if (!isForm(form)) return { error: WRONG_CALL };
  const slug = text(form, "slug");
  await signedIn(slug);
  const rating = Number(text(form, "rating"));
  if (!Number.isInteger(rating) || rating < 1 || rating > 5) return { error: "Choose a rating from 1 to 5 stars." };
  try {
    await (await api()).plugins.writeReview({ slug, rating, text: text(form, "text") });
  } catch (error) {
    return refusedForm(error, "A review is at most 2000 characters, without control characters.");
  }
  backToReviews(slug, "saved");
}

export async function removeReview(_state: ActionState, form: FormData): Promise<ActionState> {
  if (!isForm(form)) return { error: WRONG_CALL };
  const slug = text(form, "slug");
  await signedIn(slug);
  try {
    await (await api()).plugins.deleteReview({ slug });
  } catch (error) {
    return refusedForm(error);
  }
  backToReviews(slug, "deleted");
}

/** The author's reply to a review, written or replaced. */
export async function replyToReview(_state: ActionState, form: FormData): Promise<ActionState> {
  if (!isForm(form)) return { error: WRONG_CALL };
  const slug = text(form, "slug");
  await signedIn(slug);
  try {
    await (await api()).plugins.replyToReview({ slug, id: text(form, "id"), text: text(form, "text") });
  } catch (error) {
    return refusedForm(error, "Write a reply of at most 2000 characters.");
  }
  backToReviews(slug, "replied");
}

export async function reportReview(_state: ActionState, form: FormData): Promise<ActionState> {
  if (!isForm(form)) return { error: WRONG_CALL };
  const slug = text(form, "slug");
  await signedIn(slug);
  const reason = reviewReportReasonSchema.safeParse(text(form, "reason"));
  if (!reason.success) return { error: "Choose what is wrong with the review." };
  try {
    const { replaced } = await (await api()).plugins.reportReview({ slug, id: text(form, "id"), reason: reason.data, details: text(form, "details") });
    return { message: replaced ? "Your report was updated." : "Thank you: the operators will look at this review." };
  } catch (error) {
    return refusedForm(error, "Say what is wrong in a few words (at least 10 characters for “Something else”), in at most 1000 characters.");
  }
}

/** The operator's decision about a review: hide, unhide or dismiss its reports. */
export async function decideReviewReport(_state: ActionState, form: FormData): Promise<ActionState> {
  if (!isForm(form)) return { error: WRONG_CALL };
  const action = reviewModerationActionSchema.safeParse(text(form, "action"));
  if (!action.success) return { error: "Choose a decision." };
  const reviewId = text(form, "reviewId");
  try {
    await (await api()).admin.reviewReports.decide({ reviewId, action: action.data, ...(text(form, "note") ? { note: text(form, "note") } : {}) });
  } catch (error) {
    return refusedForm(error, "A note is at most 1000 characters.");
  }
  revalidatePath("/admin", "layout");
  redirect(`/admin/review-reports?${new URLSearchParams({ decided: reviewId, action: action.data })}`);
}
