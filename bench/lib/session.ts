/** Signs in through Auth.js's credentials callback, as a browser's form would; returns the `authjs.session-token=…` cookie. */
export async function signIn(origin: string, email: string, password: string): Promise<string> {
  const csrf = await fetch(`${origin}/api/auth/csrf`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const csrfCookie = csrf.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const response = await fetch(`${origin}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: csrfCookie, origin },
    body: new URLSearchParams({ csrfToken, email, password }),
  });
  const session = response.headers.getSetCookie().find((c) => c.startsWith("authjs.session-token="));
  if (!session) throw new Error(`sign-in failed: ${response.status}`);
  return session.split(";")[0]!;
}
