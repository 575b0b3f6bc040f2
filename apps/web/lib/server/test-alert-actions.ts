"use server";

/**
 * The editor's Test alert (docs/overlays.md#test-alerts): fires an alert at
 * the overlay's open OBS sources through the same procedure as
 * POST /api/v1/overlays/{overlayId}/test-alerts, as the signed-in account, so
 * the lock and the per-overlay limit are decided there; a refusal comes back
 * in words the panel shows.
 */
import { type FiredTestAlert, testAlertInputSchema } from "@streamkit/api-contract";
import { checkArgument, WRONG_CALL } from "./action-input";
import { api } from "./api";
import { domainError } from "./errors";

export type TestAlertResult =
  | { ok: true; alert: FiredTestAlert }
  | { ok: false; message: string; problems?: { path: string; message: string }[]; retryAfterSeconds?: number };

/** Fires one test alert; both arguments are always sent (the site's guard refuses a call with fewer than declared). */
export async function sendTestAlert(overlayId: string, alert: unknown): Promise<TestAlertResult> {
  const checked = checkArgument(testAlertInputSchema, { overlayId, alert });
  if (!checked.ok) {
    const problems = checked.problems.map((problem) => ({ ...problem, path: problem.path.replace(/^alert\./, "") }));
    return { ok: false, problems, message: problems[0]?.message ?? WRONG_CALL };
  }
  try {
    return { ok: true, alert: (await (await api()).overlays.testAlert(checked.value)).alert };
  } catch (error) {
    const known = domainError(error);
    if (!known) throw error;
    if (known.code === "rate_limited") {
      const retryAfterSeconds = Number(known.headers?.["Retry-After"]) || undefined;
      return { ok: false, message: known.message, ...(retryAfterSeconds ? { retryAfterSeconds } : {}) };
    }
    return { ok: false, message: known.message };
  }
}
