"use server";

/**
 * The operator's desktop releases page: publish a release, change its channel
 * or rollout, withdraw it (with or without rollback), set or remove a
 * platform's minimum version. Each
 * calls the staff procedures that run the operator CLI's service, as the
 * signed-in operator, so every rule (SemVer, one version per platform, an
 * http(s) address) is decided there; these read the form with the same
 * schemas, show a refusal by field, and go back to the page with a notice.
 * They work as plain form posts, without JavaScript.
 */
import { changeReleaseSchema, publishReleaseSchema, setReleaseMinimumSchema, withdrawReleaseSchema } from "@streamkit/api-contract";
import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { WRONG_CALL, isForm } from "./action-input";
import { api } from "./api";
import type { FormState } from "./auth-actions";
import type { ActionState } from "./commerce-actions";
import { domainError } from "./errors";

const PATH = "/admin/releases";
const text = (form: FormData, name: string) => String(form.get(name) ?? "").trim();

/** Problems by field, from the shared schema's issues or the API's validation_error details. */
function problemsOf(issues: readonly { path: PropertyKey[] | string; message: string }[]): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const issue of issues) {
    const field = String(Array.isArray(issue.path) ? (issue.path[0] ?? "") : issue.path).split(".")[0]!;
    problems[field] ??= issue.message;
  }
  return problems;
}

export async function publishReleaseAction(_state: FormState, form: FormData): Promise<FormState> {
  if (!isForm(form)) return { error: WRONG_CALL };
  const fields = Object.fromEntries(["version", "target", "arch", "url", "signature", "notes", "rollout", "channel"].map((name) => [name, text(form, name)]));
  const rollout = fields.rollout === "" ? 100 : /^\d{1,3}$/.test(fields.rollout!) ? Number(fields.rollout) : Number.NaN;
  const parsed = publishReleaseSchema.safeParse({ ...fields, rollout: Number.isNaN(rollout) ? fields.rollout : rollout });
  if (!parsed.success) {
    const problems = problemsOf(parsed.error.issues);
    if (problems.rollout) problems.rollout = "The rollout is a whole percentage from 0 to 100.";
    return { error: "Check the highlighted fields.", fields, problems };
  }
  let id: string;
  try {
    id = (await (await api()).admin.releases.publish(parsed.data)).id;
  } catch (error) {
    const known = domainError(error);
    if (!known) throw error;
    if (known.code === "version_exists") return { error: known.message, fields, problems: { version: "Already published for this platform." } };
    const details = Array.isArray(known.details) ? known.details : [];
    return { error: known.code === "validation_error" ? "Check the highlighted fields." : known.message, fields, problems: problemsOf(details) };
  }
  revalidatePath(PATH);
  redirect(`${PATH}?published=${id}`);
}

export async function withdrawReleaseAction(_state: ActionState, form: FormData): Promise<ActionState> {
  if (!isForm(form)) return { error: WRONG_CALL };
  const parsed = withdrawReleaseSchema.safeParse({
    version: text(form, "version"),
    target: text(form, "target"),
    arch: text(form, "arch"),
    rollback: text(form, "rollback") === "on",
  });
  if (!parsed.success) return { error: "That is not a release this page can withdraw; reload the page and try again." };
  let id: string | undefined;
  try {
    id = (await (await api()).admin.releases.withdraw(parsed.data))[0]?.id;
  } catch (error) {
    const known = domainError(error);
    if (!known) throw error;
    return { error: known.message };
  }
  revalidatePath(PATH);
  redirect(id ? `${PATH}?${parsed.data.rollback ? "rolledBack" : "withdrawn"}=${id}` : PATH);
}

/** A release's channel and rollout, against the revision the page showed: a change made meanwhile is refused in words. */
export async function changeReleaseAction(_state: ActionState, form: FormData): Promise<ActionState> {
  if (!isForm(form)) return { error: WRONG_CALL };
  const rollout = text(form, "rollout");
  const parsed = changeReleaseSchema.safeParse({
    version: text(form, "version"),
    target: text(form, "target"),
    arch: text(form, "arch"),
    channel: text(form, "channel"),
    rollout: /^\d{1,3}$/.test(rollout) ? Number(rollout) : rollout,
    revision: Number(text(form, "revision")),
  });
  if (!parsed.success) {
    const problems = problemsOf(parsed.error.issues);
    return { error: problems.rollout ? "The rollout is a whole percentage from 0 to 100." : (Object.values(problems)[0] ?? "Check the values.") };
  }
  let id: string | undefined;
  try {
    id = (await (await api()).admin.releases.change(parsed.data))[0]?.id;
  } catch (error) {
    const known = domainError(error);
    if (!known) throw error;
    return { error: known.message };
  }
  revalidatePath(PATH);
  redirect(id ? `${PATH}?changed=${id}` : PATH);
}

/** A platform's minimum version on a channel; an empty version removes it. */
export async function setMinimumAction(_state: FormState, form: FormData): Promise<FormState> {
  if (!isForm(form)) return { error: WRONG_CALL };
  const fields = Object.fromEntries(["target", "arch", "channel", "version"].map((name) => [name, text(form, name)]));
  const parsed = setReleaseMinimumSchema.safeParse({ ...fields, version: fields.version === "" ? null : fields.version });
  if (!parsed.success) return { error: "Check the highlighted fields.", fields, problems: problemsOf(parsed.error.issues) };
  try {
    await (await api()).admin.releases.setMinimum(parsed.data);
  } catch (error) {
    const known = domainError(error);
    if (!known) throw error;
    return { error: known.message, fields, problems: problemsOf(Array.isArray(known.details) ? known.details : []) };
  }
  revalidatePath(PATH);
  const { target, arch, channel } = parsed.data;
  redirect(`${PATH}?minimum=${encodeURIComponent(`${target}/${arch}/${channel}`)}`);
}
