import { type Browser, expect, type Page, test } from "@playwright/test";
import { signOutFromMenu, signUp } from "./support/accounts";

/**
 * Sign-in attempts per account (rateLimits.signInAccount: 10 per 15 minutes, right or wrong) on the website's form, and
 * OWASP's device cookie: a browser that signed in to the account before is counted per device, so someone else's guesses
 * do not lock its owner out; a fresh browser, a forged device cookie or another account's do not get past the lockout.
 */

const DEVICE_COOKIE = "streamkit-device";

async function freshPage(browser: Browser, baseURL: string | undefined): Promise<Page> {
  return (await browser.newContext({ baseURL })).newPage();
}

/** Submits the sign-in form once; the caller waits for the answer it expects. */
async function attempt(page: Page, email: string, password: string): Promise<void> {
  if (new URL(page.url()).pathname !== "/sign-in") await page.goto("/sign-in");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

/** Someone without the owner's browser uses up the account's attempts (signing up was its first): wrong passwords 2–10 on `page`. */
async function lockOut(page: Page, email: string): Promise<void> {
  const alert = page.locator("form").getByRole("alert");
  for (let attempt = 2; attempt <= 10; attempt++) {
    await page.goto("/sign-in");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(`wrong guess ${attempt}`);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(alert).toHaveText("That email and password do not match an account.");
    await expect(page.getByRole("button", { name: "Sign in", exact: true })).toBeEnabled();
  }
}

const TOO_MANY = /^Too many sign-in attempts; try again in \d+ minutes?\.$/;

test("the sign-in form refuses an account's 11th attempt from a browser that never signed in to it, even with the right password; the owner's browser still signs in", async ({
  page,
  browser,
  baseURL,
}) => {
  // Signing up signs in: the first attempt, which also gives the owner's browser its device cookie.
  const email = await signUp(page, "Limit Tester");
  await signOutFromMenu(page);
  await expect(page.getByRole("link", { name: "Sign in", exact: true })).toBeVisible();
  const device = (await page.context().cookies()).find((cookie) => cookie.name === DEVICE_COOKIE);
  expect(device).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });

  const attacker = await freshPage(browser, baseURL);
  await lockOut(attacker, email);
  await attempt(attacker, email, "correct horse battery");
  await expect(attacker.locator("form").getByRole("alert")).toHaveText(TOO_MANY);
  await expect(attacker.getByTestId("signed-in-as")).toHaveCount(0);

  // The owner's browser signed in before: it is counted on its own, and the right password works.
  await attempt(page, email, "correct horse battery");
  await expect(page.getByTestId("signed-in-as")).toHaveText("Limit Tester");
  await attacker.context().close();
});

test("a forged device cookie, or another account's, does not get a browser past an account's lockout", async ({ page, browser, baseURL }) => {
  const email = await signUp(page, "Locked Owner");
  const owners = (await page.context().cookies()).find((cookie) => cookie.name === DEVICE_COOKIE)!;
  const attacker = await freshPage(browser, baseURL);
  await lockOut(attacker, email);

  // The owner's cookie with its signature altered, in another browser.
  const [version, account, deviceId, expires, signature] = owners.value.split(".");
  const forged = `${[version, account, deviceId, expires].join(".")}.${signature!.slice(0, 10)}${signature![10] === "A" ? "B" : "A"}${signature!.slice(11)}`;
  await attacker.context().addCookies([{ ...owners, value: forged }]);
  await attempt(attacker, email, "correct horse battery");
  await expect(attacker.locator("form").getByRole("alert")).toHaveText(TOO_MANY);

  // The attacker's own account's valid device cookie names that account, not the owner's.
  await attacker.context().clearCookies();
  await signUp(attacker, "Other Person");
  await signOutFromMenu(attacker);
  expect((await attacker.context().cookies()).some((cookie) => cookie.name === DEVICE_COOKIE)).toBe(true);
  await attempt(attacker, email, "correct horse battery");
  await expect(attacker.locator("form").getByRole("alert")).toHaveText(TOO_MANY);
  await expect(attacker.getByTestId("signed-in-as")).toHaveCount(0);
  await attacker.context().close();
});
