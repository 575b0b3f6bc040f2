import { expect, type Page } from "@playwright/test";

/**
 * Signs a new person up through the website and leaves them signed in. `javaScript: false` for a page without
 * scripts (test.use({ javaScriptEnabled: false })): its form never hydrates, so nothing is waited for.
 */
export async function signUp(page: Page, name: string, options: { javaScript?: boolean } = {}): Promise<string> {
  await page.goto("/sign-up");
  return completeSignUp(page, name, options);
}

/** Signs a person up through the website with a country (which decides their prices), and leaves them signed in; `javaScript` as for signUp. */
export async function signUpFrom(page: Page, name: string, country: string, options: { javaScript?: boolean } = {}): Promise<string> {
  return completeSignUp(page, name, { ...options, country });
}

/** Fills the sign-up form already on the page and sends it; answers the new account's email. */
async function completeSignUp(page: Page, name: string, { javaScript = true, country }: { javaScript?: boolean; country?: string }): Promise<string> {
  const email = `${name.toLowerCase().replace(/\W+/g, "-")}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}@example.com`;
  if (javaScript) await signUpFormReady(page);
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("correct horse battery");
  if (country) await page.getByLabel("Country").selectOption(country);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByTestId("signed-in-as")).toHaveText(name);
  return email;
}

/** Opens the header's account menu (a details element under the account's name). */
export async function openAccountMenu(page: Page): Promise<void> {
  const menu = page.locator("details.account-menu");
  if (!(await menu.evaluate((element) => (element as HTMLDetailsElement).open))) await page.getByTestId("signed-in-as").click();
  await expect(menu.locator(".menu-panel")).toBeVisible();
}

/** Signs out from the header's account menu. */
export async function signOutFromMenu(page: Page): Promise<void> {
  await openAccountMenu(page);
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByRole("link", { name: "Sign in" })).toBeVisible();
}

/** The sign-up form is hydrated: React resets what was typed into it before (a busy machine hydrates late). */
export async function signUpFormReady(page: Page): Promise<void> {
  await page.locator("form[data-hydrated]").waitFor({ state: "attached" });
}
