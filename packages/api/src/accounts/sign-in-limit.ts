/**
 * Credential stuffing: sign-in attempts with email and password are counted
 * per email address (rateLimits.signInAccount) and per client address
 * (rateLimits.signInAddress; SIGN_IN_LIMIT_PER_ADDRESS overrides the number)
 * with the service's one limiter (shared/limits), in the database — one
 * upsert each, exact across processes. Every attempt counts, right or wrong, before the password is
 * checked: counting only failures would need a read before the write, and
 * concurrent guesses would slip past it. Beyond either limit the attempt is
 * refused even with the right password, with the same answer whether or not
 * an account has that email. A browser with a valid device cookie for the
 * account (sign-in-device.ts) is counted per device (rateLimits.signInDevice)
 * instead of per account: others' guesses cannot lock it out.
 */
import { CredentialsSignin } from "@auth/core/errors";
import type { AppDeps } from "../shared/deps";
import { hitLimit } from "../shared/limits/index";

/** Marks the refusal across bundles (Next and server.ts each bundle @auth/core and this package), where `instanceof` cannot be trusted. */
const BRAND = Symbol.for("streamkit.SignInRateLimited");

/**
 * Thrown from the Credentials provider's `authorize`. Auth.js redirects to the
 * sign-in page with `error=CredentialsSignin&code=rate_limited`, or — when the
 * website calls it in-process — throws it (possibly wrapped) to the caller.
 */
export class SignInRateLimited extends CredentialsSignin {
  readonly [BRAND] = true;
  override code = "rate_limited";
  constructor(readonly retryAfterSeconds: number) {
    super(signInLimitMessage(retryAfterSeconds));
  }
}

export function signInLimitMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many sign-in attempts; try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
}

/**
 * Counts one attempt for the email — or for the trusted device, when the browser holds a valid
 * device cookie for that email's account — and for the client address; throws SignInRateLimited past either limit.
 */
export async function limitSignIn(deps: AppDeps, email: string, clientAddress: string, trustedDeviceId: string | null = null): Promise<void> {
  const now = deps.now();
  const [account, address] = await Promise.all([
    trustedDeviceId ? hitLimit(deps, "signInDevice", trustedDeviceId, now) : hitLimit(deps, "signInAccount", email.trim().toLowerCase(), now),
    hitLimit(deps, "signInAddress", clientAddress, now),
  ]);
  const refused = [account, address].filter((decision) => !decision.allowed);
  if (refused.length > 0) throw new SignInRateLimited(Math.max(...refused.map((decision) => decision.retryAfter)));
}

/** The rate-limit refusal behind an error Auth.js threw (directly, or as the cause of its CallbackRouteError), or null. */
export function signInRefusal(error: unknown): { retryAfterSeconds: number; message: string } | null {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === "object"; depth++) {
    const candidate = current as { [BRAND]?: boolean; retryAfterSeconds?: number; cause?: { err?: unknown } | unknown };
    if (candidate[BRAND] === true && typeof candidate.retryAfterSeconds === "number") {
      return { retryAfterSeconds: candidate.retryAfterSeconds, message: signInLimitMessage(candidate.retryAfterSeconds) };
    }
    const cause = candidate.cause as { err?: unknown } | undefined;
    current = cause && typeof cause === "object" && "err" in cause ? cause.err : cause;
  }
  return null;
}
