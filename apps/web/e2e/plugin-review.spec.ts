import { type APIRequestContext, expect, test } from "@playwright/test";
import { signUp } from "./support/accounts";
import { admin, newPage, unique } from "./support/admin";

/**
 * Scanning before listing in Chromium: a plugin whose id imitates another
 * publisher's listed plugin is held; its author sees why on the dashboard;
 * an operator approves it in the review queue and it is listed.
 */

async function keyFor(email: string): Promise<Record<string, string>> {
  admin("account", "set-plan", "--email", email, "--plan", "pro");
  const { key } = admin("key", "create", "--email", email, "--scopes", "plugins:read,plugins:write") as { key: string };
  return { authorization: `Bearer ${key}` };
}

async function publish(request: APIRequestContext, headers: Record<string, string>, id: string, name: string) {
  const files = [
    { path: "plugin.json", content: JSON.stringify({ id, name, version: "1.0.0", permissions: ["chat.read"] }) },
    { path: "main.lua", content: 'chats.on("message", function(m) end)\n' },
  ];
  const response = await request.post("/api/v1/plugins", { headers, data: { files, changelog: "First release." } });
  expect(response.status()).toBe(201);
  return (await response.json()) as { version: { review: { status: string } } };
}

test("a look-alike is held: the author sees why on the dashboard, an operator approves it and it is listed", async ({ page, browser, request, baseURL }) => {
  // Three accounts, two keys and two publishes through the operator CLI: several CLI starts on a busy machine.
  test.setTimeout(240_000);
  const suffix = unique();
  const original = `e2e-original-${suffix}`;
  const imitation = `e2e-0riginal-${suffix}`;

  const rivalEmail = `rival-${suffix}@example.com`;
  admin("account", "create", "--email", rivalEmail, "--name", "Rhea Rival");
  expect((await publish(request, await keyFor(rivalEmail), original, `Original ${suffix}`)).version.review.status).toBe("listed");

  const authorEmail = await signUp(page, "Ivo Imitator");
  expect((await publish(request, await keyFor(authorEmail), imitation, `Clock ${suffix}`)).version.review.status).toBe("held");

  await page.goto("/dashboard/plugins");
  const row = page.getByTestId("my-plugin").filter({ hasText: imitation });
  await expect(row.getByTestId("review-status")).toContainText("Version 1.0.0 is held for review.");
  await expect(row.getByTestId("review-status")).toContainText(`resembles "${original}", a listed plugin of Rhea Rival`);
  await expect(row.getByText("Held for review", { exact: true })).toHaveCount(1);
  const visitor = await newPage(browser, baseURL!);
  expect((await visitor.goto(`/plugins/${imitation}`))?.status()).toBe(404);

  const operator = await newPage(browser, baseURL!);
  const operatorEmail = `operator-${suffix}@example.com`;
  admin("account", "create", "--email", operatorEmail, "--staff", "--name", "Olive Operator", "--password", "operator password 1");
  await operator.goto("/sign-in");
  await operator.getByLabel("Email").fill(operatorEmail);
  await operator.getByLabel("Password").fill("operator password 1");
  await operator.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(operator.getByTestId("signed-in-as")).toHaveText("Olive Operator");
  await operator.goto("/admin");
  await operator.getByRole("navigation", { name: "Operator" }).getByRole("link", { name: "Plugin review" }).click();
  await expect(operator.getByRole("heading", { name: "Plugin review", level: 1 })).toBeVisible();
  const held = operator.getByTestId("held-row").filter({ hasText: imitation });
  await expect(held.getByTestId("review-reasons")).toContainText(`resembles "${original}"`);
  await held.getByRole("button", { name: "Approve" }).click();
  await expect(operator.getByRole("status").filter({ hasText: "Approved and listed" })).toContainText(`${imitation} 1.0.0`);
  await expect(operator.getByTestId("held-row").filter({ hasText: imitation })).toHaveCount(0);
  await expect(operator.getByTestId("decided-row").filter({ hasText: imitation })).toContainText("Olive Operator");

  await page.reload();
  await expect(page.getByTestId("my-plugin").filter({ hasText: imitation }).getByTestId("review-status")).toHaveCount(0);
  expect((await visitor.goto(`/plugins/${imitation}`))?.status()).toBe(200);
  await expect(visitor.getByRole("heading", { name: `Clock ${suffix}` })).toBeVisible();
});
