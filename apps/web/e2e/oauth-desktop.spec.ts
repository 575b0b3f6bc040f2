import { expect, type Page, test } from "@playwright/test";
import * as oauth from "oauth4webapi";
import { openAccountMenu, signOutFromMenu, signUp } from "./support/accounts";
import { type LoopbackListener, startLoopbackListener } from "./support/loopback";

/**
 * The desktop app's sign-in in Chromium, with the app's side played by a real
 * OAuth client library (oauth4webapi) and a real loopback listener: signed
 * out → sign in → consent → Allow → back to the app → "close this tab"; the
 * code exchanged with PKCE, state and iss checked, the token used on
 * /api/v1; Deny; the deep link's "return to Streamkit" page; a refused
 * request shown on the site; and Connected apps signing the app out.
 */

const client: oauth.Client = { client_id: "streamkit-desktop" };
const options = { [oauth.allowInsecureRequests]: true };
let site: string;
let as: oauth.AuthorizationServer;
let listener: LoopbackListener;

test.beforeAll(async ({ baseURL }) => {
  site = baseURL!;
  const issuer = new URL(site);
  as = await oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, { algorithm: "oauth2", ...options }));
  listener = await startLoopbackListener(site);
});
test.afterAll(() => listener.close());

async function authorizationRequest(redirectUri: string, extra: Record<string, string> = {}) {
  const verifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const url = new URL(as.authorization_endpoint!);
  url.search = new URLSearchParams({
    response_type: "code",
    client_id: client.client_id,
    redirect_uri: redirectUri,
    scope: "plugins:read inventory:write",
    state,
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
    code_challenge_method: "S256",
    ...extra,
  }).toString();
  return { url: url.href, verifier, state, redirectUri };
}

async function exchange(callback: URL, request: { verifier: string; state: string; redirectUri: string }) {
  const parameters = oauth.validateAuthResponse(as, client, callback, request.state);
  const response = await oauth.authorizationCodeGrantRequest(as, client, oauth.None(), parameters, request.redirectUri, request.verifier, options);
  return oauth.processAuthorizationCodeResponse(as, client, response);
}

const me = (token: string) => fetch(new URL("/api/v1/me", site), { headers: { authorization: `Bearer ${token}` } });

async function signIn(page: Page, email: string) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("correct horse battery");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

test("signed out: sign in, consent, Allow, back to the app on loopback; the token works until Connected apps signs it out", async ({ page }) => {
  const email = await signUp(page, "Desktop Dana");
  await signOutFromMenu(page);

  const request = await authorizationRequest(listener.redirectUri, { device_label: "Studio PC" });
  await page.goto(request.url);
  await expect(page).toHaveURL(/\/sign-in\?next=/);
  // The sign-in page says why the visitor is there.
  await expect(page.getByTestId("sign-in-reason")).toHaveText("Sign in to connect the Streamkit desktop app to your account.");
  await signIn(page, email);

  await expect(page.getByRole("heading", { name: "Sign in to the Streamkit desktop app?" })).toBeVisible();
  const panel = page.locator(".oauth-panel");
  await expect(panel).toContainText("Streamkit desktop app on Studio PC asks to use your account Desktop Dana");
  await expect(panel).toContainText(email);
  await expect(panel.getByRole("listitem")).toHaveText([/Download plugins.*plugins:read/, /Create, update and fork overlays.*inventory:write/]);

  const answer = listener.nextAnswer();
  await page.getByRole("button", { name: "Allow Streamkit desktop" }).click();
  const callback = await answer;
  await expect(page).toHaveURL(/\/oauth\/desktop\/done\?status=success/);
  await expect(page.getByRole("heading", { name: "You’re signed in to the Streamkit app" })).toBeVisible();
  await expect(page.getByText("You can close this tab and go back to the app.")).toBeVisible();

  expect(callback.searchParams.get("iss")).toBe(as.issuer);
  const tokens = await exchange(callback, request);
  expect(tokens.scope).toBe("plugins:read inventory:write");
  expect((await me(tokens.access_token)).status).toBe(200);

  await openAccountMenu(page);
  await page.getByRole("navigation", { name: "Your account" }).getByRole("link", { name: "Connected apps" }).click();
  const row = page.getByRole("row").filter({ hasText: "Studio PC" });
  await expect(row).toContainText("Streamkit desktop app");
  await expect(row).toContainText("plugins:read");
  await row.getByRole("button", { name: "Sign out Streamkit desktop app on Studio PC" }).click();
  await expect(page.getByRole("status")).toHaveText("That app is signed out.");
  await expect(page.getByRole("row").filter({ hasText: "Studio PC" })).toHaveCount(0);
  expect((await me(tokens.access_token)).status).toBe(401);
});

test("Deny sends access_denied to the app, which shows the 'could not sign you in' page", async ({ page }) => {
  await signUp(page, "Denying Dev");
  const request = await authorizationRequest(listener.redirectUri);
  await page.goto(request.url);
  const answer = listener.nextAnswer();
  await page.getByRole("button", { name: "Deny" }).click();
  const callback = await answer;
  expect(callback.searchParams.get("error")).toBe("access_denied");
  expect(callback.searchParams.get("state")).toBe(request.state);
  expect(() => oauth.validateAuthResponse(as, client, callback, request.state)).toThrow(oauth.AuthorizationResponseError);
  await expect(page.getByRole("heading", { name: "The app could not sign you in" })).toBeVisible();
  await expect(page.getByRole("status")).toHaveText(/You declined the sign-in/);
});

test("the deep link: Allow lands on 'Signed in — return to Streamkit' with a button to the app, whose code works", async ({ page }) => {
  await signUp(page, "Deep Linker");
  const request = await authorizationRequest("streamkit://auth/callback");
  await page.goto(request.url);
  await expect(page.locator(".oauth-panel")).toContainText("your browser offers to open the Streamkit app");
  await page.getByRole("button", { name: "Allow Streamkit desktop" }).click();
  await expect(page.getByRole("heading", { name: "Signed in — return to Streamkit" })).toBeVisible();
  const open = page.getByRole("link", { name: "Open Streamkit" });
  const href = (await open.getAttribute("href"))!;
  expect(href).toMatch(/^streamkit:\/\/auth\/callback\?code=skac_/);
  const tokens = await exchange(new URL(href), request);
  expect((await me(tokens.access_token)).status).toBe(200);
});

test("a request the app cannot be told about is refused on the site, and never redirected", async ({ page }) => {
  await signUp(page, "Careful Carol");
  const request = await authorizationRequest("https://attacker.example/callback");
  // The error page is answered 400: a refusal, not a page that worked.
  expect((await page.goto(request.url))?.status()).toBe(400);
  await expect(page.getByRole("heading", { name: "This sign-in link is not valid" })).toBeVisible();
  await expect(page.locator(".oauth-panel").getByRole("alert")).toContainText("not one registered for it");
  expect(new URL(page.url()).origin).toBe(new URL(site).origin);

  expect((await page.goto(`/oauth/authorize?client_id=unknown-app&redirect_uri=${encodeURIComponent(listener.redirectUri)}`))?.status()).toBe(400);
  await expect(page.getByRole("heading", { name: "Unknown app" })).toBeVisible();

  // Loopback ports are 1–65535 written without leading zeros: port 0 and 05555 are not registered redirects.
  for (const redirectUri of ["http://127.0.0.1:0/callback", "http://127.0.0.1:05555/callback"]) {
    expect((await page.goto((await authorizationRequest(redirectUri)).url))?.status(), redirectUri).toBe(400);
    await expect(page.getByRole("heading", { name: "This sign-in link is not valid" })).toBeVisible();
  }
  // A valid request's consent page is still a 200.
  expect((await page.goto((await authorizationRequest(listener.redirectUri)).url))?.status()).toBe(200);
  await expect(page.getByRole("button", { name: "Allow Streamkit desktop" })).toBeVisible();
});

test("a request the app can be told is wrong (method plain) goes back to it with invalid_request", async ({ page }) => {
  await signUp(page, "Plain Pat");
  const request = await authorizationRequest(listener.redirectUri, { code_challenge_method: "plain" });
  const answer = listener.nextAnswer();
  await page.goto(request.url);
  const callback = await answer;
  expect(callback.searchParams.get("error")).toBe("invalid_request");
  expect(callback.searchParams.get("iss")).toBe(as.issuer);
  await expect(page.getByRole("heading", { name: "The app could not sign you in" })).toBeVisible();
});

test("the metadata's service_documentation opens /docs at the desktop sign-in section", async ({ page }) => {
  const documentation = (as as { service_documentation?: string }).service_documentation;
  expect(documentation).toMatch(/\/docs#/);
  await page.goto(documentation!);
  const heading = page.getByRole("heading", { name: "Desktop sign-in", exact: true });
  // The API reference is the heaviest page to draw (as browse.spec allows it).
  await expect(heading).toBeInViewport({ timeout: 30_000 });
  await expect(page.getByTestId("api-reference")).toContainText("POST /api/oauth/token");
});
