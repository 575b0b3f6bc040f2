import { expect, type Page, test } from "@playwright/test";
import * as oauth from "oauth4webapi";
import { signOutFromMenu, signUp } from "./support/accounts";

/**
 * The device authorization grant (RFC 8628) in Chromium: the app's side is a
 * real OAuth client library (oauth4webapi) that asks for a code pair and polls
 * the token endpoint as the app does, every `interval` seconds (longer after
 * slow_down); the person types or confirms the code on /device, sees the app,
 * the device label and the scopes, and allows or denies.
 */

const client: oauth.Client = { client_id: "streamkit-desktop" };
const options = { [oauth.allowInsecureRequests]: true };
let site: string;
let as: oauth.AuthorizationServer;

test.beforeAll(async ({ baseURL }) => {
  site = baseURL!;
  const issuer = new URL(site);
  as = await oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, { algorithm: "oauth2", ...options }));
});

async function startDevice(parameters: Record<string, string>) {
  const response = await oauth.deviceAuthorizationRequest(as, client, oauth.None(), parameters, options);
  return oauth.processDeviceAuthorizationResponse(as, client, response);
}

/** The app's polling loop: waits `interval` between polls (5 s more after each slow_down) until tokens or a final error. */
async function pollUntilAnswered(device: oauth.DeviceAuthorizationResponse): Promise<oauth.TokenEndpointResponse | { error: string }> {
  let interval = device.interval ?? 5;
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, interval * 1000));
    try {
      return await oauth.processDeviceCodeResponse(as, client, await oauth.deviceCodeGrantRequest(as, client, oauth.None(), device.device_code, options));
    } catch (error) {
      if (!(error instanceof oauth.ResponseBodyError)) throw error;
      if (error.error === "slow_down") interval += 5;
      else if (error.error !== "authorization_pending") return { error: error.error };
    }
  }
}

const me = (token: string) => fetch(new URL("/api/v1/me", site), { headers: { authorization: `Bearer ${token}` } });

async function signIn(page: Page, email: string) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("correct horse battery");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

test("signed out with the complete link: sign in, back to /device with the code kept, confirm, Allow; the polling app gets tokens", async ({ page }) => {
  const email = await signUp(page, "Device Dana");
  await signOutFromMenu(page);

  const device = await startDevice({ scope: "plugins:read inventory:write", device_label: "Studio PC" });
  expect(device.verification_uri).toBe(`${as.issuer}/device`);
  const answer = pollUntilAnswered(device);

  await page.goto(device.verification_uri_complete!);
  await expect(page).toHaveURL(/\/sign-in\?next=/);
  await expect(page.getByTestId("sign-in-reason")).toHaveText("Sign in to connect the Streamkit app on your other device to your account.");
  await signIn(page, email);

  await expect(page).toHaveURL(new RegExp(`/device\\?user_code=${device.user_code}$`));
  await expect(page.getByRole("heading", { name: "Connect a device" })).toBeVisible();
  // Prefilled, but nothing is answered until the person confirms.
  await expect(page.getByLabel("Code")).toHaveValue(device.user_code);
  await page.getByRole("button", { name: "Continue" }).click();

  const panel = page.locator(".oauth-panel");
  await expect(panel).toContainText(`Streamkit desktop app on Studio PC showing the code ${device.user_code} asks to use your account`);
  await expect(panel.getByRole("listitem")).toHaveText([/Download plugins.*plugins:read/, /Create, update and fork overlays.*inventory:write/]);
  await page.getByRole("button", { name: "Allow Streamkit desktop" }).click();
  await expect(page.getByRole("heading", { name: "Device connected" })).toBeVisible();
  await expect(page.getByRole("status")).toHaveText("The Streamkit desktop app on Studio PC is signed in. You can go back to it now.");

  const tokens = await answer;
  if ("error" in tokens) throw new Error(`the app was refused: ${tokens.error}`);
  expect(tokens.scope).toBe("plugins:read inventory:write");
  expect((await me(tokens.access_token)).status).toBe(200);

  // Listed on Connected apps with its label.
  await page.getByRole("link", { name: "Connected apps" }).click();
  await expect(page.getByRole("row").filter({ hasText: "Studio PC" })).toContainText("Streamkit desktop app");
});

test("typed in lower case without the dash; Deny: the polling app is told access_denied", async ({ page }) => {
  await signUp(page, "Denying Devi");
  const device = await startDevice({ device_label: "Shared laptop" });
  const answer = pollUntilAnswered(device);

  await page.goto("/device");
  await expect(page.getByLabel("Code")).toHaveValue("");
  await page.getByLabel("Code").fill(device.user_code.replace("-", "").toLowerCase());
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.locator(".oauth-panel")).toContainText("Streamkit desktop app on Shared laptop");
  await page.getByRole("button", { name: "Deny" }).click();
  await expect(page.getByRole("heading", { name: "Device not connected" })).toBeVisible();
  await expect(page.getByRole("status")).toHaveText("You denied the Streamkit desktop app on Shared laptop. It was not signed in.");

  expect(await answer).toEqual({ error: "access_denied" });
});

test("a wrong or malformed code is refused at the field, and the typed text is kept", async ({ page }) => {
  await signUp(page, "Typo Theo");
  await page.goto("/device");
  await page.getByLabel("Code").fill("BBBB-BBBB");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.locator(".oauth-panel").getByRole("alert")).toHaveText(/No sign-in is waiting for that code/);
  await expect(page.getByLabel("Code")).toHaveValue("BBBB-BBBB");
  await page.getByLabel("Code").fill("AEIO-U123");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.locator(".oauth-panel").getByRole("alert")).toHaveText(/That is not a code/);
});
