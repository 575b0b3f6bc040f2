"use server";

/**
 * Reports and takedowns on the website: a signed-in person's report from a
 * plugin's page, and the operator's decisions on /admin/reports. Each calls
 * the same procedures as the API and the admin CLI, as the signed-in visitor,
 * so every rule (who may report, the limit, staff only, the state a decision
 * needs) is decided there; these read the form and report the outcome.
 * They work as plain form posts, without JavaScript.
 */
import { moderationActionSchema, reportReasonSchema } from "@streamkit/api-contract";
import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { WRONG_CALL, isForm } from "./action-input";
import { api } from "./api";
import { currentCaller } from "./auth";
import type { ActionState } from "./commerce-actions";
import { refusedForm } from "./errors";

const text = (form: FormData, name: string) => String(form.get(name) ?? "").trim();

/** "Report" on a plugin's page. */
export async function reportPlugin(_state: ActionState, form: FormData): Promise<ActionState> {
  if (!isForm(form)) return { error: WRONG_CALL };
  const slug = text(form, "slug");
  if (!(await currentCaller())) redirect(`/sign-in?next=${encodeURIComponent(`/plugins/${encodeURIComponent(slug)}`)}`);
  const reason = reportReasonSchema.safeParse(text(form, "reason"));
  if (!reason.success) return { error: "Choose what is wrong with the plugin." };
  try {
    const { replaced } = await (await api()).plugins.report({ slug, reason: reason.data, details: text(form, "details") });
    return { message: replaced ? "Your report was updated. The operators will look at it." : "Thank you: the operators will look at your report." };
  } catch (error) {
    return refusedForm(error, "Say what is wrong in a few words (at least 10 characters for “Something else”), in at most 2000 characters.");
  }
}

/** The operator's decision about a reported or taken-down plugin. */
export async function decideReport(_state: ActionState, form: FormData): Promise<ActionState> {
  if (!isForm(form)) return { error: WRONG_CALL };
  const slug = text(form, "slug");
  const action = moderationActionSchema.safeParse(text(form, "action"));
  if (!action.success) return { error: "Choose a decision." };
  const reason = text(form, "reason") ? reportReasonSchema.safeParse(text(form, "reason")) : undefined;
  if (reason && !reason.success) return { error: "Choose one of the reasons." };
  try {
    await (await api()).admin.reports.decide({
      slug,
      action: action.data,
      ...(reason?.success ? { reason: reason.data } : {}),
      ...(text(form, "note") ? { note: text(form, "note") } : {}),
      ...(text(form, "message") ? { message: text(form, "message") } : {}),
    });
  } catch (error) {
    return refusedForm(error, "A warning needs a message to the author; notes and messages are at most 2000 characters.");
  }
  revalidatePath("/admin", "layout");
  redirect(`/admin/reports?${new URLSearchParams({ decided: slug, action: action.data })}`);
}
