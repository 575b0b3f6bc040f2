import "server-only";
import { getRuntime } from "@streamkit/api";

/**
 * The service's own time (deps.now): what decides renewals, refund windows
 * and plans. It is the real time in production; with TEST_CLOCK=on it is the
 * test clock, so pages that compare dates agree with the API's answers.
 */
export async function serviceNow(): Promise<Date> {
  return (await getRuntime()).deps.now();
}
