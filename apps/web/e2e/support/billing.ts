import { type APIRequestContext, expect, type Page } from "@playwright/test";

const checkoutPath = /\/checkout\/builtin\/subscription\/([0-9a-f-]{36})$/;

/** Starts a subscription from /plans ("Upgrade to Pro — $5 a month") and stops on the built-in provider's page; returns that page's path. */
export async function startSubscriptionCheckout(page: Page, plan: string, per: "a month" | "a year"): Promise<string> {
  await page.goto("/plans");
  await page.getByRole("button", { name: new RegExp(`^(Upgrade|Subscribe) to ${plan} — \\S+ ${per}$`) }).click();
  await expect(page).toHaveURL(checkoutPath);
  return new URL(page.url()).pathname;
}

/** Subscribes from /plans and pays on the built-in provider's page with a test card; leaves the subscriber on /account/billing and returns the subscription's id. */
export async function subscribeOnPlans(
  page: Page,
  plan: string,
  per: "a month" | "a year",
  card: "Always succeeds" | RegExp = "Always succeeds",
): Promise<string> {
  const path = await startSubscriptionCheckout(page, plan, per);
  const id = checkoutPath.exec(path)![1]!;
  await page.getByRole("radio", { name: card }).check();
  await page.getByRole("button", { name: /^Pay / }).click();
  await expect(page).toHaveURL(new RegExp(`/account/billing\\?subscribed=${id}$`));
  return id;
}

/** Moves the service's clock (TEST_CLOCK=on) and runs the renewal sweep; `{ reset: true }` goes back to real time. */
export async function moveClock(request: APIRequestContext, move: { advanceDays: number } | { reset: true }) {
  const response = await request.post("/api/dev/clock", { data: move });
  expect(response.status()).toBe(200);
  return (await response.json()) as { now: string; offsetMs: number; sweep: { renewed: number; failed: number; ended: number } };
}

/** A date as the date field takes it (YYYY-MM-DD, UTC), `days` from now. */
export const dayFromNow = (days: number) => new Date(Date.now() + days * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
