import { type APIRequestContext, expect, test } from "@playwright/test";
import { openAccountMenu, signUp } from "./support/accounts";
import { admin, signInOperator } from "./support/admin";
import { dayFromNow, moveClock, startSubscriptionCheckout, subscribeOnPlans } from "./support/billing";

/**
 * Plans people can buy, in Chromium with the built-in provider: a Free
 * account meets "downloading needs Pro", buys a plugin anyway, subscribes to
 * Pro from /plans, sees it on the billing page with its receipt, downloads,
 * cancels, and is Free again once the test clock passes the period's end; an
 * operator finds, refunds and gives plans on /admin/subscriptions; and
 * changing plan works with plain form posts. The test clock always goes back
 * to real time, so the other specs see the real date.
 */

const plugin = { slug: "hotkey-soundboard", name: "Hotkey Soundboard" };
const shortDate = /[A-Z][a-z]{2} \d{1,2}, \d{4}/;

function keyFor(email: string): { authorization: string } {
  const { key } = admin("key", "create", "--email", email, "--scopes", "plugins:read") as { key: string };
  return { authorization: `Bearer ${key}` };
}

async function downloadStatus(request: APIRequestContext, headers: Record<string, string>): Promise<{ status: number; code?: string }> {
  const response = await request.get(`/api/v1/plugins/${plugin.slug}/package`, { headers });
  const body = await response.json();
  return { status: response.status(), code: body.error?.code };
}

test("a Free account buys a plugin, subscribes to Pro, downloads, cancels, and is Free again after the period", async ({ page, request }) => {
  test.setTimeout(120_000);
  try {
    const email = await signUp(page, "Fran Free");
    const headers = keyFor(email);

    // The buy page says downloading needs Pro, offers the upgrade, and still sells the plugin.
    await page.goto(`/plugins/${plugin.slug}/buy`);
    const needsPro = page.getByTestId("download-needs-plan");
    await expect(needsPro).toContainText("Downloading plugins needs the Pro plan: you are on Free.");
    await expect(needsPro.getByRole("link", { name: "Upgrade to Pro" })).toHaveAttribute("href", "/plans");
    await page.getByRole("button", { name: "Continue to payment — $1" }).click();
    await page.getByRole("button", { name: "Pay $1" }).click();
    await expect(page.getByRole("heading", { level: 1, name: `You own ${plugin.name}` })).toBeVisible();
    expect(await downloadStatus(request, headers)).toEqual({ status: 403, code: "plan_required" });

    // Free cannot download, so nowhere offers Install: where it would be, the plan says so and offers the upgrade.
    const needsPlan = "Installing plugins needs Pro or Ultimate: your plan, Free, does not include it.";
    await expect(page.getByTestId("install-needs-plan")).toHaveText(`${needsPlan}Upgrade to Pro`);
    await expect(page.getByTestId("install-needs-plan").getByRole("link", { name: "Upgrade to Pro" })).toHaveAttribute("href", "/plans");
    await expect(page.getByTestId("install-button")).toHaveCount(0);
    await page.goto("/purchases");
    const purchase = page.getByTestId("purchase-row").filter({ hasText: plugin.name });
    await expect(purchase.getByTestId("install-needs-plan")).toContainText("Installing needs Pro or Ultimate.");
    await expect(purchase.getByTestId("install-needs-plan").getByRole("link", { name: "Upgrade to Pro" })).toHaveAttribute("href", "/plans");
    await expect(page.getByTestId("install-button")).toHaveCount(0);
    // A free plugin's page (the members' copy, whose box the browser fills in for this account), and its buy page.
    await page.goto("/plugins/chat-commands");
    await expect(page.getByTestId("install-needs-plan")).toContainText(needsPlan);
    await expect(page.getByTestId("install-button")).toHaveCount(0);
    await page.goto("/plugins/chat-commands/buy");
    await expect(page.getByTestId("install-needs-plan")).toContainText(needsPlan);
    await expect(page.getByTestId("install-button")).toHaveCount(0);
    await page.goto("/desktop");
    await expect(page.getByTestId("install-plan")).toContainText("Installing plugins needs the Pro or Ultimate plan; the Free plan can browse");
    // The buy page of what it owns shows the owned state only: nothing "to buy now".
    await page.goto(`/plugins/${plugin.slug}/buy`);
    await expect(page.getByTestId("buy-state")).toContainText("You own this plugin already");
    await expect(page.getByTestId("download-needs-plan")).toHaveCount(0);
    await expect(page.getByText(/You can buy/)).toHaveCount(0);
    await expect(page.getByRole("button", { name: /Continue to payment/ })).toHaveCount(0);
    await expect(page.getByTestId("install-needs-plan")).toContainText(needsPlan);

    // /plans: the prices in dollars; a checkout left on the provider's page charges nothing.
    await page.getByTestId("install-needs-plan").getByRole("link", { name: "Upgrade to Pro" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Plans" })).toBeVisible();
    await expect(page.getByRole("region", { name: /^Free/ })).toContainText("Your plan");
    await expect(page.getByTestId("price-pro-month")).toHaveText("$5");
    await expect(page.getByTestId("price-pro-year")).toHaveText("$50");
    await expect(page.getByTestId("price-ultimate-month")).toHaveText("$12");
    await startSubscriptionCheckout(page, "Pro", "a month");
    await expect(page.getByRole("heading", { level: 1, name: "Streamkit test payments — no real money moves" })).toBeVisible();
    await expect(page.getByTestId("test-plan")).toHaveText("Streamkit Pro, monthly subscription");
    await expect(page.getByTestId("test-amount")).toHaveText("$5");
    await page.getByRole("link", { name: "Cancel and go back" }).click();
    await expect(page).toHaveURL(/\/plans\?cancelled=1$/);
    await expect(page.getByRole("status").filter({ hasText: "You cancelled the checkout. Nothing was charged" })).toBeVisible();

    // Subscribe and pay: the billing page shows Pro, the renewal and the payment.
    const subscriptionId = await subscribeOnPlans(page, "Pro", "a month");
    await expect(page.getByTestId("subscribed-notice")).toContainText("Thank you! You subscribe to Pro, monthly");
    await expect(page.getByTestId("billing-plan")).toHaveText("Pro");
    await expect(page.getByTestId("plan-source")).toHaveText("Through your monthly subscription.");
    await expect(page.getByTestId("subscription-status")).toHaveText("Active");
    await expect(page.getByTestId("next-renewal")).toHaveText(new RegExp(`^${shortDate.source}: \\$5\\.00 USD for Pro$`));
    const payment = page.getByTestId("billing-payment-row");
    await expect(payment).toHaveCount(1);
    await expect(payment).toContainText("First period — Pro");
    await expect(payment).toContainText("$5.00");
    await expect(payment).toContainText("Paid");
    await expect(page.getByTestId("billing-total-USD").getByTestId("net")).toHaveText("$5.00");

    // Its receipt, printable.
    await payment.getByRole("link", { name: /^Receipt/ }).click();
    await expect(page).toHaveURL(/\/account\/billing\/receipts\/[0-9a-f-]{36}$/);
    await expect(page.getByRole("heading", { level: 1, name: "Receipt" })).toBeVisible();
    await expect(page.getByTestId("receipt-description")).toHaveText("Streamkit Pro, monthly subscription");
    await expect(page.getByTestId("receipt-amount")).toHaveText("$5.00 USD");
    await expect(page.getByTestId("receipt-status")).toHaveText("Paid");
    await expect(page.getByRole("article")).toContainText(email);
    await page.evaluate(() => {
      (window as any).printed = 0;
      window.print = () => {
        (window as any).printed += 1;
      };
    });
    await page.getByRole("button", { name: "Print receipt" }).click();
    expect(await page.evaluate(() => (window as any).printed)).toBe(1);
    await page.emulateMedia({ media: "print" });
    await expect(page.locator(".site-header")).toBeHidden();
    await expect(page.getByRole("button", { name: "Print receipt" })).toBeHidden();
    await expect(page.getByTestId("receipt-amount")).toBeVisible();
    await page.emulateMedia({ media: "screen" });

    // Pro downloads the plugin it bought; the buy page no longer asks for an upgrade, and Install is back.
    expect((await downloadStatus(request, headers)).status).toBe(200);
    await page.goto(`/plugins/${plugin.slug}/buy`);
    await expect(page.getByTestId("buy-state")).toContainText("You own this plugin already");
    await expect(page.getByTestId("download-needs-plan")).toHaveCount(0);
    await expect(page.getByTestId("install-needs-plan")).toHaveCount(0);
    await expect(page.getByTestId("install-button")).toHaveAttribute("href", `streamkit://install/${plugin.slug}`);
    await page.goto("/purchases");
    await expect(page.getByTestId("purchase-row").getByTestId("install-button")).toHaveAttribute("href", `streamkit://install/${plugin.slug}`);
    await page.goto("/plugins/chat-commands");
    await expect(page.getByTestId("install-button")).toHaveAttribute("href", "streamkit://install/chat-commands");
    await expect(page.getByTestId("install-needs-plan")).toHaveCount(0);
    await page.goto("/plans");
    await expect(page.getByRole("region", { name: /^Pro/ })).toContainText("Your plan");
    await expect(page.getByTestId("offer-pro")).toContainText("You subscribe to Pro, monthly.");
    await expect(page.getByTestId("offer-ultimate").getByRole("link", { name: "Change plan" })).toHaveAttribute("href", "/account/billing#change-plan");

    // Cancel from the billing page (the header's account menu leads there): Pro until the period's end.
    await openAccountMenu(page);
    await page.getByRole("navigation", { name: "Your account" }).getByRole("link", { name: "Billing" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Billing" })).toBeVisible();
    await page.getByText("Cancel subscription…").click();
    await page.getByRole("button", { name: "Cancel at the end of the period" }).click();
    await expect(page.getByTestId("ends-on")).toContainText(new RegExp(`^Ends on ${shortDate.source}: you keep Pro until then`));
    await expect(page.getByRole("status").filter({ hasText: "Cancelled. You keep Pro until" })).toBeVisible();
    await expect(page.getByTestId("next-renewal")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Resume subscription" })).toBeVisible();
    await expect(page.getByTestId("billing-plan")).toHaveText("Pro");

    // 32 days later the period is over: Free, and downloading is refused again.
    const moved = await moveClock(request, { advanceDays: 32 });
    expect(moved.sweep.ended).toBeGreaterThanOrEqual(1);
    await page.goto("/account/billing");
    await expect(page.getByTestId("billing-plan")).toHaveText("Free");
    await expect(page.getByTestId("plan-source")).toHaveText("The free plan.");
    await expect(page.getByTestId("subscription-ended")).toContainText("Your Pro subscription ended");
    await expect(page.getByTestId("billing-payment-row")).toHaveCount(1);
    expect(await downloadStatus(request, headers)).toEqual({ status: 403, code: "plan_required" });
    await page.goto(`/plugins/${plugin.slug}/buy`);
    await expect(page.getByTestId("buy-state")).toContainText("You own this plugin already");
    await expect(page.getByTestId("download-needs-plan")).toHaveCount(0);
    await expect(page.getByTestId("install-needs-plan")).toContainText("your plan, Free, does not include it");
    // Its checkout page is done with.
    await page.goto(`/checkout/builtin/subscription/${subscriptionId}`);
    await expect(page.getByText("This checkout is over.")).toBeVisible();
  } finally {
    await moveClock(request, { reset: true });
  }
});

test("after cancelling, the billing page promises no renewal: upgrading lasts until the end, and there is no renewal to switch", async ({ page }) => {
  test.setTimeout(90_000);
  await signUp(page, "Cass Cancelled");
  await subscribeOnPlans(page, "Pro", "a month");
  const changePlan = page.getByRole("region", { name: "Change plan" });
  // Before cancelling, the upgrade quotes the renewal.
  await expect(changePlan).toContainText(/and \$12 a month from /);

  await page.getByText("Cancel subscription…").click();
  await page.getByRole("button", { name: "Cancel at the end of the period" }).click();
  await expect(page.getByTestId("ends-on")).toBeVisible();
  const end = (await page.getByTestId("ends-on").textContent())!.match(new RegExp(`^Ends on (${shortDate.source})`))![1]!;
  await expect(changePlan).toContainText(`Ultimate applies at once, until your cancelled subscription ends on ${end}.`);
  await expect(changePlan).toContainText("nothing renews unless you resume the subscription");
  await expect(changePlan).not.toContainText("a month from");
  await page.goto("/plans");
  await expect(page.getByTestId("offer-pro")).toContainText(`Your Pro subscription is cancelled: you keep it until ${end}.`);

  // Upgrading a cancelled subscription: Ultimate until the end, and nothing says a renewal will charge anything.
  await page.goto("/account/billing");
  await changePlan.getByRole("button", { name: "Upgrade to Ultimate now" }).click();
  await expect(page.getByRole("status").filter({ hasText: "You are on Ultimate now." })).toBeVisible();
  await expect(page.getByTestId("billing-plan")).toHaveText("Ultimate");
  await expect(page.getByTestId("ends-on")).toContainText(`Ends on ${end}: you keep Ultimate until then`);
  await expect(page.getByTestId("next-renewal")).toHaveCount(0);
  await expect(changePlan.getByTestId("no-switch")).toHaveText(
    `Pro: your subscription is cancelled, so nothing renews on ${end} and there is no renewal to switch. Resume it first to renew on Pro instead.`,
  );
  await expect(changePlan).not.toContainText("the renewal charges");
  await expect(changePlan.getByRole("button", { name: /^Switch to Pro/ })).toHaveCount(0);

  // Resumed, the renewal is real again and the switch is offered with its price.
  await page.getByRole("button", { name: "Resume subscription" }).click();
  await expect(page.getByTestId("next-renewal")).toContainText("$12.00 USD for Ultimate");
  await expect(changePlan).toContainText("then the renewal charges $5 a month");
  await expect(changePlan.getByRole("button", { name: /^Switch to Pro on / })).toBeVisible();
});

test("a renewal the test card declines leaves the plan for the grace period, with a warning", async ({ page, request }) => {
  try {
    await signUp(page, "Dee Declined");
    await subscribeOnPlans(page, "Pro", "a month", /^Pays now, declines every renewal/);
    await expect(page.getByTestId("billing-plan")).toHaveText("Pro");
    const moved = await moveClock(request, { advanceDays: 32 });
    expect(moved.sweep.failed).toBeGreaterThanOrEqual(1);
    await page.goto("/account/billing");
    await expect(page.getByTestId("subscription-status")).toHaveText("Payment overdue");
    await expect(page.getByTestId("past-due")).toContainText(
      new RegExp(`could not be charged\\. You keep Pro until ${shortDate.source} while the payment is retried`),
    );
    await expect(page.getByTestId("billing-plan")).toHaveText("Pro");
    await expect(page.getByRole("region", { name: "Change plan" })).toContainText("Your last renewal is unpaid");
  } finally {
    await moveClock(request, { reset: true });
  }
});

test("an operator finds a subscription, refunds its payment, and gives and revokes a complimentary Ultimate plan", async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  const subscriber = await (await browser.newContext({ baseURL })).newPage();
  const email = await signUp(subscriber, "Sol Subscriber");
  const subscriptionId = await subscribeOnPlans(subscriber, "Ultimate", "a year");
  await expect(subscriber.getByTestId("billing-plan")).toHaveText("Ultimate");
  const receipt = (await subscriber
    .getByTestId("billing-payment-row")
    .getByRole("link", { name: /^Receipt/ })
    .getAttribute("href"))!;

  await signInOperator(page, "Otto Operator");
  // Another account's checkout page and receipt are not found.
  expect((await page.goto(`/checkout/builtin/subscription/${subscriptionId}`))?.status()).toBe(404);
  expect((await page.goto(receipt))?.status()).toBe(404);
  await page.goto("/admin");
  await page.getByRole("navigation", { name: "Operator" }).getByRole("link", { name: "Subscriptions" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Subscriptions" })).toBeVisible();
  const search = page.getByRole("form", { name: "Search subscriptions" });
  const rows = page.getByTestId("admin-subscription-row");

  // By account and status; "renews before" tomorrow leaves a yearly subscription out.
  await search.getByLabel("Account").fill(email);
  await search.getByLabel("Status").selectOption("active");
  await search.getByRole("button", { name: "Search" }).click();
  await expect(rows).toHaveCount(1);
  await search.getByLabel("Renews before").fill(dayFromNow(1));
  await search.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/renewsBefore=/);
  await expect(page.getByText("No subscription matches.")).toBeVisible();
  await search.getByLabel("Renews before").fill(dayFromNow(400));
  await search.getByRole("button", { name: "Search" }).click();
  const row = page.locator(`[data-testid="admin-subscription-row"][data-subscription-id="${subscriptionId}"]`);
  await expect(row.getByTestId("subscription-plan")).toHaveText("Ultimate, yearly");
  await expect(row.getByTestId("subscription-status")).toHaveText("Active");
  await expect(row).toContainText("$120.00");

  // Refund the payment: the money goes back and the subscription ends with it.
  await search.getByLabel("Status").selectOption("");
  await search.getByRole("button", { name: "Search" }).click();
  const payment = row.getByTestId("admin-subscription-payment");
  await payment.getByText("Refund…").click();
  await payment.getByRole("button", { name: "Refund $120.00" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Refunded $120.00 to Sol Subscriber." })).toContainText("The subscription has ended.");
  await expect(row.getByTestId("subscription-status")).toHaveText("Ended");
  await expect(payment).toContainText("Refunded");
  await expect(payment.getByRole("button", { name: /^Refund/ })).toHaveCount(0);

  await subscriber.goto("/account/billing");
  await expect(subscriber.getByTestId("billing-plan")).toHaveText("Free");
  await expect(subscriber.getByTestId("subscription-ended")).toContainText("its payment was refunded");
  await expect(subscriber.getByTestId("billing-payment-row")).toContainText("Refunded");
  await expect(subscriber.getByTestId("billing-total-USD").getByTestId("net")).toHaveText("$0.00");

  // A complimentary Ultimate plan, from the account's row on /admin/accounts.
  await page.goto(`/admin/accounts?q=${encodeURIComponent(email)}`);
  const account = page.getByTestId("admin-account-row").filter({ hasText: email });
  const accountId = (await account.getAttribute("data-account-id"))!;
  await account.getByRole("link", { name: "Give Sol Subscriber a complimentary plan" }).click();
  await expect(page).toHaveURL(/\/admin\/subscriptions\?grant=[0-9a-f-]{36}#give-complimentary$/);
  const form = page.getByRole("form", { name: "Give a complimentary plan" });
  await expect(form.getByLabel("Account id")).toHaveValue(accountId);
  await expect(form).toContainText("For Sol Subscriber");
  await form.getByLabel("Plan").selectOption("ultimate");
  await form.getByLabel("Last day").fill(dayFromNow(-1));
  await form.getByRole("button", { name: "Give the plan" }).click();
  await expect(form.getByRole("alert")).toHaveText("The end date must be in the future.");
  await form.getByLabel("Last day").fill(dayFromNow(30));
  await form.getByLabel("Note (optional)").fill("Thanks for the bug reports.");
  await form.getByRole("button", { name: "Give the plan" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Sol Subscriber has Ultimate for free until" })).toBeVisible();
  const gift = page.locator(`[data-testid="complimentary-row"][data-account-id="${accountId}"]`);
  await expect(gift).toContainText("Ultimate");
  await expect(gift).toContainText("Thanks for the bug reports.");

  await subscriber.reload();
  await expect(subscriber.getByTestId("billing-plan")).toHaveText("Ultimate");
  await expect(subscriber.getByTestId("plan-source")).toContainText(new RegExp(`^Complimentary until ${shortDate.source}`));

  await gift.getByText("Revoke…").click();
  await gift.getByRole("button", { name: "Revoke Ultimate" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Sol Subscriber has no complimentary plan now." })).toBeVisible();
  await expect(gift).toHaveCount(0);
  await subscriber.reload();
  await expect(subscriber.getByTestId("billing-plan")).toHaveText("Free");
  await subscriber.context().close();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("subscribing, upgrading, scheduling a downgrade, cancelling and resuming work with plain form posts", async ({ page }) => {
    test.setTimeout(90_000);
    await signUp(page, "Nico Noscript", { javaScript: false });
    await subscribeOnPlans(page, "Pro", "a month");
    await expect(page.getByTestId("billing-plan")).toHaveText("Pro");

    // Pro → Ultimate now, for the difference over the rest of the period (about $7.00 of $12 − $5).
    const upgrade = page.getByRole("form", { name: "Upgrade to Ultimate" });
    await expect(upgrade.getByTestId("proration")).toHaveText(/^\$(6\.9\d|7\.00)$/);
    await upgrade.getByRole("button", { name: "Upgrade to Ultimate now" }).click();
    await expect(page.getByRole("status").filter({ hasText: "You are on Ultimate now." })).toBeVisible();
    await expect(page.getByTestId("billing-plan")).toHaveText("Ultimate");
    await expect(page.getByTestId("next-renewal")).toContainText("$12.00 USD for Ultimate");
    const payments = page.getByTestId("billing-payment-row");
    await expect(payments).toHaveCount(2);
    await expect(payments.first()).toContainText("Upgrade for the rest of the period — Ultimate");
    await expect(payments.first()).toContainText(/\$(6\.9\d|7\.00)/);

    // Ultimate → Pro at the period's end, then taken back.
    await page
      .getByRole("form", { name: "Switch to Pro" })
      .getByRole("button", { name: /^Switch to Pro on / })
      .click();
    await expect(page.getByTestId("scheduled-change")).toContainText("Changes to Pro on");
    await expect(page.getByTestId("next-renewal")).toContainText("$5.00 USD for Pro");
    await expect(page.getByTestId("billing-plan")).toHaveText("Ultimate");
    await page.getByRole("button", { name: "Keep Ultimate" }).click();
    await expect(page.getByTestId("scheduled-change")).toHaveCount(0);
    await expect(page.getByTestId("next-renewal")).toContainText("$12.00 USD for Ultimate");

    // Cancel, then resume.
    await page.getByText("Cancel subscription…").click();
    await page.getByRole("button", { name: "Cancel at the end of the period" }).click();
    await expect(page.getByTestId("ends-on")).toBeVisible();
    await page.getByRole("button", { name: "Resume subscription" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Resumed. Your subscription renews on" })).toBeVisible();
    await expect(page.getByTestId("next-renewal")).toContainText("$12.00 USD for Ultimate");
  });
});
