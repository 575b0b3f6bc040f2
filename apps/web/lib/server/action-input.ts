import "server-only";
import type { z } from "zod";

/**
 * The arguments of a server action, checked before it reads them. An action
 * is a public endpoint: anyone can call it by its id with any arguments (a
 * form post, or a script's call with a JSON array), and one that read a form
 * from a string would throw, which Next answers with a 500. Each action checks
 * here first and, given what the site's pages never send, gives its usual
 * refusal with WRONG_CALL: a form post shows it on the form, a script's call
 * gets it as the action's result. (Fewer arguments than an action declares are
 * refused before Next: packages/api's website-posts.ts.)
 */
export const WRONG_CALL = "This action was not sent as this site’s pages send it: reload the page and try again.";

/** Whether a form action was given a form (its last argument, as React passes it). */
export function isForm(value: unknown): value is FormData {
  return value instanceof FormData;
}

/** An argument checked with its schema (the API's, from @streamkit/api-contract): the value, or the problems by path. */
export function checkArgument<S extends z.ZodType>(
  schema: S,
  value: unknown,
): { ok: true; value: z.output<S> } | { ok: false; problems: { path: string; message: string }[] } {
  const parsed = schema.safeParse(value);
  if (parsed.success) return { ok: true, value: parsed.data };
  return { ok: false, problems: parsed.error.issues.map((issue) => ({ path: issue.path.map(String).join("."), message: issue.message })) };
}
