/**
 * The website's security headers (lib/security-headers.ts, set by server.ts),
 * the pages still working under its Content-Security-Policy, the API's
 * nosniff, malformed requests answered by the shared HTTP server module in
 * front of Next, and sign-in never sending anyone off the site.
 */
import { connect } from "node:net";
import { expect, type Page, test } from "@playwright/test";
import { signOutFromMenu, signUp } from "./support/accounts";

/** Messages the browser prints when the policy blocks something. */
function cspViolations(page: Page): string[] {
  const seen: string[] = [];
  page.on("console", (message) => {
    if (message.text().includes("Content Security Policy")) seen.push(message.text());
  });
  return seen;
}

test("pages carry a nonce-based CSP, framing refusal, nosniff and a referrer policy, and no HSTS on http", async ({ request }) => {
  const first = await request.get("/");
  const second = await request.get("/plans");
  for (const response of [first, second]) {
    expect(response.status()).toBe(200);
    const headers = response.headers();
    expect(headers["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{24}' 'strict-dynamic'/);
    expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(headers["content-security-policy"]).toContain("object-src 'none'");
    expect(headers["x-frame-options"]).toBe("DENY");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    // PUBLIC_URL is http here.
    expect(headers["strict-transport-security"]).toBeUndefined();
  }
  const nonce = (response: typeof first) => /'nonce-([^']+)'/.exec(response.headers()["content-security-policy"]!)![1];
  expect(nonce(first)).not.toBe(nonce(second));
  // Next stamps the same nonce on its scripts.
  expect(await first.text()).toContain(`nonce="${nonce(first)}"`);
});

test("the marketplace home runs its scripts with no CSP violation", async ({ page }) => {
  const violations = cspViolations(page);
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  await page.goto("/");
  await expect(page.getByRole("link", { name: "Sign in", exact: true })).toBeVisible();
  // Hydrated: a client-side navigation works.
  await page.getByRole("link", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
  await expect(page.getByLabel("Email")).toBeVisible();
  expect(violations).toEqual([]);
  expect(errors).toEqual([]);
});

test("the API reference on /docs still renders under the policy", async ({ page }) => {
  await page.goto("/docs");
  await expect(page.getByTestId("api-reference")).toContainText("Browse the marketplace", { timeout: 30_000 });
  await expect(page.getByTestId("api-reference")).toContainText("Streamkit API");
});

test("API answers say nosniff, successes and errors alike", async ({ request }) => {
  for (const path of ["/api/v1/openapi.json", "/api/v1/plugins?limit=1", "/api/v1/no-such-thing", "/api/trpc/nothing"]) {
    const response = await request.get(path);
    expect(response.headers()["x-content-type-options"], path).toBe("nosniff");
    expect(response.headers()["x-request-id"], path).toBeTruthy();
  }
});

test("malformed requests to website paths are 400 bad_request in the envelope, never a 500 or a redirect", async ({ baseURL }) => {
  const { hostname, port } = new URL(baseURL!);
  const exchange = (bytes: string) =>
    new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), hostname, () => socket.write(bytes));
      let text = "";
      socket.on("data", (chunk) => (text += String(chunk)));
      socket.on("close", () => resolve(text));
      socket.on("error", reject);
    });
  for (const bytes of [
    "OPTIONS * HTTP/1.1\r\nHost: localhost\r\n\r\n",
    "GET http://evil.example/ HTTP/1.1\r\nHost: localhost\r\n\r\n",
    "GET / HTTP/1.1\r\nHost: a@b\r\n\r\n",
    "GET /plans HTTP/1.1\r\nHost: %\r\n\r\n",
    "GET / HTTP/1.1\r\nHost: :99999\r\n\r\n",
  ]) {
    const answer = await exchange(bytes);
    expect(answer, bytes).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer, bytes).toMatch(/\r\nx-request-id: [0-9a-f-]{36}\r\n/i);
    expect(answer, bytes).not.toMatch(/\r\nlocation:/i);
    expect(JSON.parse(answer.slice(answer.indexOf("\r\n\r\n") + 4)), bytes).toMatchObject({ error: { code: "bad_request" } });
  }
});

test("signing in with next=/\\evil.example/x lands on this site", async ({ page, baseURL }) => {
  const email = await signUp(page, "Redirect Tester");
  await signOutFromMenu(page);
  await expect(page.getByRole("link", { name: "Sign in", exact: true })).toBeVisible();
  await page.goto(`/sign-in?next=${encodeURIComponent("/\\evil.example/x")}`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("correct horse battery");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByTestId("signed-in-as")).toHaveText("Redirect Tester");
  expect(new URL(page.url()).origin).toBe(new URL(baseURL!).origin);
  expect(new URL(page.url()).pathname).toBe("/");
});
