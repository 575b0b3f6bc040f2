import { expect, type Page, test } from "@playwright/test";
import { signUp } from "./support/accounts";
import { admin, newPage, signInOperator, unique } from "./support/admin";

/**
 * People's reviews in Chromium (docs/plugins.md#reviews): an owner of a
 * plugin writes a review on its page and sees the average change, edits it,
 * the author replies, someone reports the review, and an operator hides it
 * from /admin/review-reports: it leaves the page and the average. A removed
 * plugin takes no reviews: its author's page of it shows none.
 */

/** A signed-up person on the Pro plan with a key of `scopes`. */
async function member(page: Page, name: string, scopes: string) {
  const email = await signUp(page, name);
  admin("account", "set-plan", "--email", email, "--plan", "pro");
  const { key } = admin("key", "create", "--email", email, "--scopes", scopes) as { key: string };
  return { authorization: `Bearer ${key}` };
}

test("an owner reviews a plugin and sees the average change, the author replies, an operator hides the reported review", async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const slug = `e2e-reviewed-${unique()}`;
  const name = `Chat Counter ${unique()}`;
  const author = await newPage(browser, baseURL!);
  const authorHeaders = await member(author, "Rhea Author", "plugins:read,plugins:write");
  const files = [
    { path: "plugin.json", content: JSON.stringify({ id: slug, name, version: "1.0.0", description: "Counts chat.", permissions: ["chat.read"] }) },
    { path: "main.lua", content: "chats.get()\n" },
  ];
  expect((await request.post("/api/v1/plugins", { headers: authorHeaders, data: { files, changelog: "First release." } })).status()).toBe(201);

  // An owner (they downloaded it) writes a review on the plugin's page.
  const ownerHeaders = await member(page, "Olga Owner", "plugins:read");
  expect((await request.get(`/api/v1/plugins/${slug}/package`, { headers: ownerHeaders })).status()).toBe(200);
  await page.goto(`/plugins/${slug}`);
  const reviews = page.locator("#reviews");
  await expect(reviews.getByTestId("rating-summary")).toHaveText("No reviews yet");
  const form = page.getByRole("form", { name: "Your review" });
  await form.getByLabel("Rating").selectOption("4");
  await form.getByLabel("Your review (optional)").fill("Counts every message, even emotes.");
  await form.getByRole("button", { name: "Post review" }).click();
  await expect(reviews.getByTestId("rating-summary")).toContainText("4.0 out of 5 · 1 review");
  await expect(page.getByTestId("rating-summary").first()).toContainText("4.0 out of 5");
  await expect(reviews.getByTestId("review")).toContainText("Counts every message, even emotes.");

  // Editing the review moves the average.
  await form.getByLabel("Rating").selectOption("2");
  await form.getByRole("button", { name: "Update review" }).click();
  await expect(reviews.getByTestId("rating-summary")).toContainText("2.0 out of 5 · 1 review");

  // The author replies under the review.
  await author.goto(`/plugins/${slug}`);
  const authorsView = author.locator("#reviews").getByTestId("review").filter({ hasText: "Olga Owner" });
  await authorsView.getByText("Reply", { exact: true }).click();
  await authorsView.getByLabel("Your reply").fill("Thanks! Emotes count as one from 1.1.");
  await authorsView.getByRole("button", { name: "Send reply" }).click();
  await expect(author.locator("#reviews").getByTestId("review-reply")).toContainText("Thanks! Emotes count as one from 1.1.");
  // The author cannot review their own plugin.
  await expect(author.getByRole("form", { name: "Your review" })).toHaveCount(0);

  // Someone else reports the review.
  const reader = await newPage(browser, baseURL!);
  await signUp(reader, "Rory Reader");
  await reader.goto(`/plugins/${slug}`);
  const readersView = reader.locator("#reviews").getByTestId("review").filter({ hasText: "Olga Owner" });
  await readersView.getByText("Report this review").click();
  await readersView.getByLabel("What is wrong?").selectOption("off_topic");
  await readersView.getByLabel("Details for the operators").fill("Talks about another plugin.");
  await readersView.getByRole("button", { name: "Send report" }).click();
  await expect(readersView.getByRole("status")).toContainText("the operators will look at this review");

  // An operator hides it from the reported reviews.
  const operator = await newPage(browser, baseURL!);
  await signInOperator(operator);
  await operator.goto("/admin");
  await operator.getByRole("link", { name: "Reported reviews" }).click();
  const reported = operator.getByTestId("reported-review").filter({ hasText: slug });
  await expect(reported).toContainText("1 open report");
  await expect(reported).toContainText("Not about this plugin");
  await expect(reported).toContainText("Rory Reader");
  const hide = reported.getByRole("form", { name: "Hide the review by Olga Owner" });
  await hide.getByLabel("Private note").fill("Off topic.");
  await hide.getByRole("button", { name: "Hide review" }).click();
  await expect(operator.getByRole("status").filter({ hasText: "Hid the review" })).toBeVisible();
  await expect(operator.getByTestId("hidden-review").filter({ hasText: slug })).toBeVisible();
  await expect(operator.getByTestId("review-decision-row").filter({ hasText: slug })).toContainText("Off topic.");

  // The review leaves the page and the average for everyone; its writer is told it is hidden.
  const visitor = await newPage(browser, baseURL!);
  await visitor.goto(`/plugins/${slug}`);
  await expect(visitor.locator("#reviews").getByTestId("rating-summary")).toHaveText("No reviews yet");
  await expect(visitor.locator("#reviews").getByTestId("review")).toHaveCount(0);
  await page.goto(`/plugins/${slug}`);
  await expect(page.getByTestId("your-review")).toContainText("The operators hid your review");

  // Removed by its author, the plugin takes no reviews: its author's page of it has no reviews section.
  expect((await request.delete(`/api/v1/plugins/${slug}`, { headers: authorHeaders })).status()).toBe(204);
  // With a query the page is rendered for its visitor (a members' copy shows only the marketplace's plugins); a stale cursor reads the first page.
  await author.goto(`/plugins/${slug}?reviews-after=stale`);
  await expect(author.getByRole("heading", { name, level: 1 })).toBeVisible();
  await expect(author.locator("#reviews")).toHaveCount(0);
});
