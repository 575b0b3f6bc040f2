/**
 * OWASP's device cookies ("Slow down online guessing attacks with device
 * cookies"): a successful email-and-password sign-in gives the browser a
 * cookie naming the account, signed with a key derived from the master secret
 * (secrets.ts, purpose `sign-in-device`). Later attempts for that account from
 * that browser are counted per device (rateLimits.signInDevice) instead of per
 * account, so ten wrong passwords sent by someone else lock out everyone but
 * the browsers the owner already signed in with. Attempts without a valid
 * cookie for the account keep the per-account limit; the per-address limit
 * counts every attempt. The cookie grants nothing else: the password is
 * still checked, and the cookie is worthless for any other account.
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { SIGN_IN_DEVICE_DAYS } from "@streamkit/api-contract";
import type { AppDeps } from "../shared/deps";
import { resolveCaller } from "./principal";

/** The cookie's name; `__Host-` on https, so no subdomain can set or widen it. */
export function signInDeviceCookieName(env: AppDeps["env"]): string {
  return env.PUBLIC_URL.startsWith("https://") ? "__Host-streamkit-device" : "streamkit-device";
}

/** A device a valid cookie names: the account it signed in to, and the device's own id (its rate-limit bucket). */
export interface SignInDevice {
  accountId: string;
  deviceId: string;
}

export interface SignInDeviceCookie {
  name: string;
  value: string;
  options: { httpOnly: true; sameSite: "lax"; path: "/"; secure: boolean; maxAge: number };
}

const VERSION = "d1";
const mac = (secret: string, payload: string) => createHmac("sha256", secret).update(payload).digest();

/** A new device cookie for `accountId`: `d1.<account>.<device id>.<expiry, unix seconds>.<HMAC-SHA256>`. */
export function issueSignInDevice(deps: Pick<AppDeps, "env" | "signInDeviceSecrets" | "now">, accountId: string): SignInDeviceCookie {
  const maxAge = SIGN_IN_DEVICE_DAYS * 24 * 60 * 60;
  const payload = `${VERSION}.${accountId}.${randomBytes(16).toString("base64url")}.${Math.floor(deps.now().getTime() / 1000) + maxAge}`;
  return {
    name: signInDeviceCookieName(deps.env),
    value: `${payload}.${mac(deps.signInDeviceSecrets[0]!, payload).toString("base64url")}`,
    options: { httpOnly: true, sameSite: "lax", path: "/", secure: deps.env.PUBLIC_URL.startsWith("https://"), maxAge },
  };
}

/** The device a Cookie header's device cookie names, when its signature (by any current or previous master secret) holds and it has not expired; else null. */
export function readSignInDevice(deps: Pick<AppDeps, "env" | "signInDeviceSecrets" | "now">, cookieHeader: string | null): SignInDevice | null {
  if (!cookieHeader) return null;
  const name = signInDeviceCookieName(deps.env);
  const value = cookieHeader
    .split(";")
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name}=`))
    ?.slice(name.length + 1);
  const parts = value?.split(".");
  if (parts?.length !== 5 || parts[0] !== VERSION) return null;
  const [, accountId, deviceId, expires, signature] = parts as [string, string, string, string, string];
  if (!/^\d{1,12}$/.test(expires) || Number(expires) * 1000 <= deps.now().getTime()) return null;
  const given = Buffer.from(signature, "base64url");
  const payload = parts.slice(0, 4).join(".");
  const valid = deps.signInDeviceSecrets.some((secret) => {
    const expected = mac(secret, payload);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  return valid ? { accountId, deviceId } : null;
}

const SESSION_COOKIE = /^(?:__Secure-)?authjs\.session-token$/;

/**
 * The device cookie to set after a password sign-in answered with `cookies`
 * (Auth.js's): one for the account the new session cookie signs in, or null
 * when the sign-in started no session (a wrong password, a refusal).
 */
export async function signInDeviceAfter(deps: AppDeps, cookies: readonly { name: string; value: string }[]): Promise<SignInDeviceCookie | null> {
  const session = cookies.find((cookie) => SESSION_COOKIE.test(cookie.name) && cookie.value !== "");
  if (!session) return null;
  // The one caller resolver reads the session just made, so the cookie names exactly the account it signed in.
  const caller = await resolveCaller(deps, { surface: "web", cookie: `${session.name}=${session.value}` });
  return caller.kind === "account" ? issueSignInDevice(deps, caller.account.id) : null;
}

/** The cookie as a Set-Cookie header. */
export function serializeSignInDevice(cookie: SignInDeviceCookie): string {
  return `${cookie.name}=${cookie.value}; Path=/; Max-Age=${cookie.options.maxAge}; HttpOnly; SameSite=Lax${cookie.options.secure ? "; Secure" : ""}`;
}
