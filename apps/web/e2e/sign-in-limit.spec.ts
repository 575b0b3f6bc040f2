import { expect, test } from "@playwright/test";
import { signOutFromMenu, signUp } from "./support/accounts";

// Sign-in attempts per account (rateLimits.signInAccount: 10 per 15 minutes, right or wrong) on the website's form.
test("the sign-in form refuses an account's 11th attempt, even with the right password, and says when to try again", async ({ page }) => {
  // Signing up signs in: the first attempt.
  const email = await signUp(page, "Limit Tester");
  await signOutFromMenu(page);
  await expect(page.getByRole("link", { name: "Sign in", exact: true })).toBeVisible();

  await page.goto("/sign-in");
  const alert = page.locator("form").getByRole("alert");
  for (let attempt = 2; attempt <= 10; attempt++) {
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(`wrong guess ${attempt}`);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(alert).toHaveText("That email and password do not match an account.");
    await expect(page.getByRole("button", { name: "Sign in", exact: true })).toBeEnabled();
  }
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("correct horse battery");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(alert).toHaveText(/^Too many sign-in attempts; try again in \d+ minutes?\.$/);
  await expect(page.getByTestId("signed-in-as")).toHaveCount(0);
});
