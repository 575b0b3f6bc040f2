import { expect, type Page } from "@playwright/test";

/** Signs a new person up through the website and leaves them signed in. */
export async function signUp(page: Page, name: string): Promise<string> {
  const email = `${name.toLowerCase().replace(/\W+/g, "-")}-${Date.now()}@example.com`;
  await page.goto("/sign-up");
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("correct horse battery");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByTestId("signed-in-as")).toHaveText(name);
  return email;
}
