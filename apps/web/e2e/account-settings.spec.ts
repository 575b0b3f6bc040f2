import { expect, type Page, test } from "@playwright/test";
import { signOutFromMenu, signUp, signUpFormReady } from "./support/accounts";
import { admin } from "./support/admin";

/** Account basics in Chromium: name and country, password change, reset through the development outbox, deletion. */
const PASSWORD = "correct horse battery";

async function signIn(page: Page, email: string, password: string) {
  await page.goto("/sign-in");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

const signOut = signOutFromMenu;

test("name and country: saved, and prices follow the country", async ({ page }) => {
  await signUp(page, "Nadia Name");
  await page.goto("/account");
  const form = page.getByRole("form", { name: "Name and country" });
  await form.getByLabel("Name").fill("Nadia Renamed");
  await form.getByLabel("Country").selectOption("IN");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Your name and country are saved." })).toBeVisible();
  await expect(page.getByTestId("signed-in-as")).toHaveText("Nadia Renamed");
  await expect(page.getByRole("region", { name: "Details" })).toContainText("India");
  const list = (await (await page.request.get("/api/v1/plugins?limit=100")).json()) as { items: { slug: string; price: unknown }[] };
  await page.goto(`/plugins/${list.items.find((plugin) => plugin.price !== null)!.slug}`);
  await expect(page.getByRole("complementary", { name: "Price" })).toContainText("₹");
  await page.goto("/account");

  await form.getByLabel("Name").fill("   ");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(form.locator(".problem")).toContainText("Enter the name");
});

test("changing the password keeps this session; the old password stops working", async ({ page }) => {
  const email = await signUp(page, "Pavel Password");
  await page.goto("/account");
  const form = page.getByRole("form", { name: "Change password" });
  await form.getByLabel("Current password").fill("not the password");
  await form.getByLabel("New password").fill("brand new password 1");
  await form.getByRole("button", { name: "Change password" }).click();
  await expect(form.locator(".problem")).toHaveText("This is not your current password.");

  await form.getByLabel("Current password").fill(PASSWORD);
  await form.getByLabel("New password").fill("brand new password 1");
  await form.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Your password is changed." })).toBeVisible();
  await expect(page.getByTestId("signed-in-as")).toHaveText("Pavel Password");

  await signOut(page);
  await signIn(page, email, PASSWORD);
  await expect(page.locator(".form-error")).toContainText("do not match");
  await signIn(page, email, "brand new password 1");
  await expect(page.getByTestId("signed-in-as")).toHaveText("Pavel Password");
});

/** The development outbox as someone who is not an operator sees it: the 404 page, no email. */
async function expectNoOutbox(page: Page) {
  const response = await page.goto("/dev/outbox");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await expect(page.getByTestId("outbox-message")).toHaveCount(0);
  expect(await response!.text()).not.toContain("reset-password?token=");
}

test("a forgotten password is reset through the emailed link, which only operators read in the development outbox; once", async ({
  page,
  browser,
  baseURL,
}) => {
  const email = await signUp(page, "Rita Reset");
  await signOut(page);
  await page.goto("/sign-in");
  await page.getByRole("link", { name: "Forgot your password?" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Forgot your password?" })).toBeVisible();
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send me a link" }).click();
  await expect(page.getByRole("status")).toContainText("If an account uses that email address");
  await expect(page.getByRole("status")).toContainText("which only its operators can read");

  // Signed out, and signed in without being an operator: the outbox is a 404 with no email in it (a reset link is an account).
  await page.getByRole("link", { name: "development outbox" }).click();
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await expectNoOutbox(page);
  const member = await (await browser.newContext({ baseURL })).newPage();
  await signUp(member, "Nosy Member");
  await expectNoOutbox(member);
  await member.context().close();

  // An operator reads it (a staff account made with the operator CLI, signed in on the website).
  const operator = await (await browser.newContext({ baseURL })).newPage();
  const operatorEmail = `outbox-operator-${Date.now().toString(36)}@example.com`;
  admin("account", "create", "--email", operatorEmail, "--staff", "--name", "Olga Operator", "--password", "operator password 1");
  await signIn(operator, operatorEmail, "operator password 1");
  await expect(operator.getByTestId("signed-in-as")).toHaveText("Olga Operator");
  expect((await operator.goto("/dev/outbox"))?.status()).toBe(200);
  const message = operator.getByTestId("outbox-message").filter({ hasText: email }).first();
  await expect(message).toContainText("Reset your Streamkit password");
  const link = message.getByRole("link", { name: /reset-password\?token=/ });
  const href = (await link.getAttribute("href"))!;
  expect(new URL(href).origin).toBe(test.info().project.use.baseURL);
  await operator.context().close();
  // The outbox renders the message like a mail client, links opening in a new tab: follow it in Rita's browser.
  await page.goto(href);
  await page.getByLabel("New password", { exact: true }).fill("reset password 1234");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page.getByRole("status")).toContainText("Your password is changed. Sign in with the new one.");
  await signIn(page, email, "reset password 1234");
  await expect(page.getByTestId("signed-in-as")).toHaveText("Rita Reset");

  // The link works once.
  await signOut(page);
  await page.goto(new URL(href).pathname + new URL(href).search);
  await page.getByLabel("New password", { exact: true }).fill("another password 99");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page.locator(".form-error")).toContainText("expired or was already used");
});

test("deleting the account erases it: signed out, the old credentials fail, the email can sign up again", async ({ page }) => {
  const email = await signUp(page, "Dora Delete");
  await page.goto("/account");
  await page.getByText("Delete my account…").click();
  const form = page.getByRole("form", { name: "Delete account" });
  await form.getByLabel("Your password").fill("wrong password here");
  await form.getByRole("button", { name: "Delete my account" }).click();
  await expect(form.locator(".form-error")).toContainText("not your password");
  await form.getByLabel("Your password").fill(PASSWORD);
  await form.getByRole("button", { name: "Delete my account" }).click();
  await expect(page.getByRole("heading", { name: "Your account is deleted" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Sign in" })).toBeVisible();

  await signIn(page, email, PASSWORD);
  await expect(page.locator(".form-error")).toContainText("do not match");
  await page.goto("/sign-up");
  await signUpFormReady(page);
  await page.getByLabel("Name").fill("Dora Again");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByTestId("signed-in-as")).toHaveText("Dora Again");
});
