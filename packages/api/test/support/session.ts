import { encode } from "@auth/core/jwt";
import type { TestApp } from "./app";

export const SESSION_COOKIE = "authjs.session-token";

/** The Cookie header of a website session for an account, as Auth.js writes it after signing in. */
export async function sessionCookie(app: TestApp, accountId: string, options: { maxAge?: number } = {}): Promise<string> {
  const token = await encode({ token: { sub: accountId }, secret: app.deps.sessionSecrets, salt: SESSION_COOKIE, maxAge: options.maxAge ?? 3600 });
  return `${SESSION_COOKIE}=${token}`;
}
