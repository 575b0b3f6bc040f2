import { expect, type Page, test } from "@playwright/test";
import { signUp } from "./support/accounts";
import { admin, newPage, signInOperator, unique } from "./support/admin";

/**
 * Reports and takedowns in Chromium: a holder reports a plugin from its page,
 * an operator takes it down from the reports queue, the holder's page of it
 * then says it was taken down and why, and its author reads the reason and
 * the operator's message on My plugins.
 */

/** A signed-up person on the Pro plan with a key of `scopes`. */
async function member(page: Page, name: string, scopes: string) {
  const email = await signUp(page, name);
  admin("account", "set-plan", "--email", email, "--plan", "pro");
  const { key } = admin("key", "create", "--email", email, "--scopes", scopes) as { key: string };
  return { authorization: `Bearer ${key}` };
}

test("a holder reports a plugin from its page, the operator takes it down from the queue, the holder and the author are told why", async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  const slug = `e2e-reported-${unique()}`;
  const name = `Scene Wiper ${unique()}`;
  const author = await newPage(browser, baseURL!);
  const authorHeaders = await member(author, "Rita Author", "plugins:read,plugins:write");
  const files = [
    { path: "plugin.json", content: JSON.stringify({ id: slug, name, version: "1.0.0", description: "Tidies scenes.", permissions: ["obs"] }) },
    { path: "main.lua", content: "obs.state()\n" },
  ];
  expect((await request.post("/api/v1/plugins", { headers: authorHeaders, data: { files, changelog: "First release." } })).status()).toBe(201);

  // The holder downloads it, then reports it from its page.
  const holderHeaders = await member(page, "Hal Holder", "plugins:read");
  expect((await request.get(`/api/v1/plugins/${slug}/package`, { headers: holderHeaders })).status()).toBe(200);
  await page.goto(`/plugins/${slug}`);
  await page.getByText("Report this plugin").click();
  await page.getByLabel("What is wrong?").selectOption("malware");
  await page.getByLabel("Details for the operators").fill("It deleted every scene in my OBS.");
  await page.getByRole("button", { name: "Send report" }).click();
  await expect(page.getByRole("status").filter({ hasText: "the operators will look at your report" })).toBeVisible();

  // The operator finds it in the queue and takes it down with a message to the author.
  const operator = await newPage(browser, baseURL!);
  await signInOperator(operator);
  await operator.goto("/admin");
  await operator.getByRole("link", { name: "Reports" }).first().click();
  const reported = operator.getByTestId("reported-plugin").filter({ hasText: slug });
  await expect(reported).toContainText("1 open report");
  await expect(reported.getByTestId("reason-count")).toHaveText(["Malware or harmful behaviour: 1"]);
  await expect(reported).toContainText("It deleted every scene in my OBS.");
  await expect(reported).toContainText("Hal Holder");
  const takeDown = reported.getByRole("form", { name: `Take down ${name}` });
  await expect(takeDown.getByLabel("Public reason")).toHaveValue("malware");
  await takeDown.getByLabel("Message to the author").fill("Your plugin deletes OBS scenes; fix it and write to us.");
  await takeDown.getByLabel("Private note").fill("Reproduced in a sandbox.");
  await takeDown.getByRole("button", { name: "Take down" }).click();
  await expect(operator.getByRole("status").filter({ hasText: "Took down" })).toContainText(slug);
  await expect(operator.getByTestId("reported-plugin").filter({ hasText: slug })).toHaveCount(0);
  await expect(operator.getByTestId("taken-down-row").filter({ hasText: slug })).toContainText("Malware or harmful behaviour");
  const decision = operator.getByTestId("decision-row").filter({ hasText: slug });
  await expect(decision).toContainText("Taken down");
  await expect(decision).toContainText("Olive Operator");
  await expect(decision).toContainText("Reproduced in a sandbox.");

  // The holder's page of it says it was taken down and why; downloads stop.
  await page.goto(`/plugins/${slug}`);
  const notice = page.getByTestId("taken-down-notice");
  await expect(notice).toContainText("Taken down.");
  await expect(notice).toContainText("Malware or harmful behaviour");
  await expect(page.getByText("Reproduced in a sandbox.")).toHaveCount(0);
  expect((await request.get(`/api/v1/plugins/${slug}/package`, { headers: holderHeaders })).status()).toBe(410);

  // A visitor who never held it finds nothing.
  const visitor = await newPage(browser, baseURL!);
  await visitor.goto(`/plugins/${slug}`);
  await expect(visitor.getByRole("heading", { name: "Plugin not found" })).toBeVisible();

  // The author reads the reason and the operator's message on My plugins.
  await author.goto("/dashboard/plugins");
  const mine = author.getByTestId("my-plugin").filter({ hasText: slug });
  await expect(mine).toContainText("Taken down by the operators");
  await expect(mine.getByTestId("takedown-notice")).toContainText("Malware or harmful behaviour");
  await expect(mine.getByTestId("takedown-notice")).toContainText("Your plugin deletes OBS scenes; fix it and write to us.");
});
