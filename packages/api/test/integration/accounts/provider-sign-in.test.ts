/**
 * Signing in with GitHub through Auth.js's /api/auth routes on the REST core,
 * with GitHub's token and user endpoints played by a stub of fetch: the
 * identity is linked to a marketplace account, and GitHub's access and refresh
 * tokens are not stored anywhere in auth_identities (nothing uses them after
 * sign-in; a token at rest is one a database leak hands out).
 */
import { decode } from "@auth/core/jwt";
import { authIdentities, executedRows } from "@streamkit/db";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { BASE, createTestApp, type TestApp } from "../../support/app";
import { SESSION_COOKIE } from "../../support/session";

const ACCESS_TOKEN = "gho_access_token_that_must_not_be_kept";
const REFRESH_TOKEN = "ghr_refresh_token_that_must_not_be_kept";
let app: TestApp;

beforeAll(async () => {
  app = await createTestApp({ env: { AUTH_GITHUB_ID: "github-client", AUTH_GITHUB_SECRET: "github-secret" } });
  // GitHub's side: the code exchange (oauth4webapi through fetch) and the profile (Auth.js's GitHub provider through fetch).
  vi.stubGlobal("fetch", async (input: RequestInfo | URL) => {
    const url = input instanceof Request ? input.url : String(input);
    if (url === "https://github.com/login/oauth/access_token")
      return Response.json({
        access_token: ACCESS_TOKEN,
        refresh_token: REFRESH_TOKEN,
        token_type: "bearer",
        scope: "read:user,user:email",
        expires_in: 28800,
      });
    if (url === "https://api.github.com/user") return Response.json({ id: 4242, login: "octocat", name: "Octo Cat", email: "octo@example.com" });
    throw new Error(`unexpected fetch of ${url}`);
  });
});
afterAll(async () => {
  vi.unstubAllGlobals();
  await app.close();
});

const cookiesOf = (response: Response) => response.headers.getSetCookie().map((cookie) => cookie.split(";")[0]!);

/** A browser's GitHub sign-in: the site's form post, GitHub's consent (skipped), the callback with a code. Returns the signed-in account id. */
async function signInWithGitHub(): Promise<string> {
  const csrf = await app.raw("/api/auth/csrf");
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  let jar = cookiesOf(csrf);
  const start = await app.raw("/api/auth/signin/github", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: jar.join("; ") },
    body: new URLSearchParams({ csrfToken, callbackUrl: `${BASE}/account` }),
  });
  expect(start.status).toBe(302);
  const authorize = new URL(start.headers.get("location")!);
  expect(authorize.origin + authorize.pathname).toBe("https://github.com/login/oauth/authorize");
  // The browser's jar: a cookie set again replaces the earlier one (the callback address among them).
  const names = new Set(cookiesOf(start).map((cookie) => cookie.split("=")[0]));
  jar = [...jar.filter((cookie) => !names.has(cookie.split("=")[0])), ...cookiesOf(start)];
  const back = new URLSearchParams({ code: "github-code" });
  const state = authorize.searchParams.get("state");
  if (state) back.set("state", state);
  const callback = await app.raw(`/api/auth/callback/github?${back}`, { headers: { cookie: jar.join("; ") } });
  expect(callback.status).toBe(302);
  expect(callback.headers.get("location")).toBe(`${BASE}/account`);
  const session = cookiesOf(callback).find((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`));
  expect(session).toBeDefined();
  const claims = await decode({ token: session!.slice(SESSION_COOKIE.length + 1), secret: app.deps.sessionSecrets, salt: SESSION_COOKIE });
  return claims!.sub!;
}

describe("GitHub sign-in", () => {
  it("links the identity to an account and keeps none of GitHub's tokens; the next sign-in finds the same account", async () => {
    const accountId = await signInWithGitHub();
    // Every column the table has, whatever the schema says (postgres.js answers an array, PGlite { rows }).
    const result: unknown = await app.deps.db.execute(sql`select * from auth_identities`);
    const rows = executedRows(result);
    // Who the person is at GitHub, nothing more: no token column, and no token text anywhere in the row.
    expect(rows).toEqual([{ user_id: accountId, type: "oauth", provider: "github", provider_account_id: "4242" }]);
    expect(JSON.stringify(rows)).not.toContain(ACCESS_TOKEN);
    expect(JSON.stringify(rows)).not.toContain(REFRESH_TOKEN);

    expect(await signInWithGitHub()).toBe(accountId);
    expect(await app.deps.db.select().from(authIdentities)).toHaveLength(1);
  });
});
