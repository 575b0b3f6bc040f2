import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { signUp } from "./support/accounts";
import { admin } from "./support/admin";
import { subscribeOnPlans } from "./support/billing";

/**
 * No page answers 5xx to bad input (issue: `/?q=` over 100 characters was a 500).
 * Every page's query parameters and path segments get long, malformed and
 * hostile values over HTTP; every form on every page is filled with them in
 * the browser — hidden fields and selects included, the browser's own checks
 * removed so the server sees them — and submitted. Signed in as an operator,
 * so the pages behind sign-in and staff render for real.
 */

/** The site's pages and the query parameters each reads. `{slug}` and `{id}` are path segments, attacked too. */
const pages: { path: string; params: string[] }[] = [
  { path: "/", params: ["q", "cursor", "trail"] },
  { path: "/plugins/{slug}", params: [] },
  { path: "/plugins/{slug}/buy", params: ["cancelled"] },
  { path: "/plugins/{slug}/buy/complete", params: ["checkout"] },
  { path: "/checkout/builtin/{id}", params: [] },
  { path: "/checkout/builtin/subscription/{id}", params: [] },
  { path: "/rates", params: ["from", "to", "amount", "days"] },
  { path: "/plans", params: ["cancelled"] },
  { path: "/publishing", params: [] },
  { path: "/docs", params: [] },
  { path: "/docs/guides", params: [] },
  { path: "/docs/guides/{slug}", params: [] },
  { path: "/sign-in", params: ["next", "error"] },
  { path: "/sign-up", params: ["next"] },
  { path: "/account", params: [] },
  { path: "/account/deleted", params: [] },
  { path: "/account/connected-apps", params: ["revoked"] },
  { path: "/account/billing", params: ["subscribed", "wait", "changed"] },
  { path: "/account/billing/receipts/{id}", params: [] },
  {
    path: "/oauth/authorize",
    params: ["response_type", "client_id", "redirect_uri", "scope", "state", "code_challenge", "code_challenge_method", "device_label"],
  },
  { path: "/oauth/desktop/return", params: ["client_id", "code", "state", "iss", "error", "error_description"] },
  { path: "/oauth/desktop/done", params: ["status", "error"] },
  { path: "/device", params: ["user_code"] },
  { path: "/forgot-password", params: ["sent"] },
  { path: "/reset-password", params: ["token"] },
  { path: "/dev/outbox", params: [] },
  { path: "/desktop", params: [] },
  { path: "/download", params: [] },
  { path: "/overlays", params: ["deleted"] },
  { path: "/overlays/catalog", params: [] },
  { path: "/overlays/pictures", params: [] },
  { path: "/overlays/{id}", params: [] },
  { path: "/market", params: ["q", "itemKind", "plan", "offset"] },
  { path: "/market/{slug}", params: [] },
  { path: "/market/tournament-night", params: [] },
  { path: "/inventory", params: [] },
  { path: "/sounds", params: ["q", "category", "offset"] },
  { path: "/purchases", params: [] },
  { path: "/dashboard/plugins", params: [] },
  { path: "/dashboard/keys", params: [] },
  { path: "/dashboard/pricing", params: [] },
  { path: "/dashboard/sales", params: [] },
  { path: "/admin", params: [] },
  { path: "/admin/price-requests", params: [] },
  { path: "/admin/purchases", params: ["q", "cursor", "trail", "refunded"] },
  { path: "/admin/accounts", params: ["q", "cursor", "trail", "changed", "change"] },
  { path: "/admin/subscriptions", params: ["q", "status", "renewsBefore", "cursor", "trail", "refunded", "subscription", "granted", "revoked", "grant"] },
  { path: "/admin/payouts", params: [] },
  { path: "/admin/releases", params: ["published", "withdrawn"] },
];

/** Raw query or path text: sent as written (malformed escapes included). */
const hostile: string[] = [
  "x".repeat(4000),
  "%00",
  "a%00b",
  "%E0%A4%A",
  "%FF%FE",
  "%",
  "%%41",
  "%3Cscript%3Ealert(1)%3C%2Fscript%3E",
  "'%22--;drop table accounts",
  "..%2F..%2Fetc%2Fpasswd",
  "__proto__",
  "constructor",
  "-1",
  "1e309",
  "NaN",
  "99999999999999999999999",
  "%F0%9F%8E%89%E2%80%AE",
  "%20%20%20",
  "%2F%2Fevil.example",
  "javascript:alert(1)",
];

const failure = /couldn.t load|Application error|Internal Server Error/i;

/** The address and status of an answer that was not designed, or null. */
async function undesigned(request: APIRequestContext, url: string): Promise<string | null> {
  const response = await request.get(url, { maxRedirects: 5 });
  const broken = response.status() >= 500 || failure.test(await response.text());
  return broken ? `${response.status()} ${url.length > 160 ? `${url.slice(0, 160)}… (${url.length} characters)` : url}` : null;
}

const slugOf = (path: string) => path.replace("{slug}", "chat-commands").replace("{id}", "00000000-0000-4000-8000-000000000000");

async function signInOperator(page: Page) {
  const email = await signUp(page, "Hostile Tester");
  admin("account", "set-staff", "--email", email);
  admin("account", "set-plan", "--email", email, "--plan", "pro");
  // A subscription, so the billing page's forms (cancel, change plan) exist to be attacked.
  await subscribeOnPlans(page, "Ultimate", "a month");
}

test("every page's query parameters and path segments get a designed answer", async ({ page }) => {
  test.setTimeout(300_000);
  await signInOperator(page);
  const request = page.context().request;
  const broken: string[] = [];
  const check = async (url: string) => {
    const problem = await undesigned(request, url);
    if (problem) broken.push(problem);
  };
  for (const { path, params } of pages) {
    for (const value of hostile) {
      for (const name of params) await check(`${slugOf(path)}?${name}=${value}`);
      if (params.length > 0) await check(`${slugOf(path)}?${params.map((name) => `${name}=${value}&${name}=${value}`).join("&")}`);
      if (path.includes("{")) await check(path.replace("{slug}", value).replace("{id}", value));
    }
  }
  expect(broken).toEqual([]);
});

/** Fills every field of form `index` with `value` (hidden fields and selects too, the browser's checks removed) and submits it. */
async function submitHostile(page: Page, index: number, value: string) {
  await page.evaluate(
    ({ index, value }) => {
      const form = document.querySelectorAll("form")[index];
      if (!form) return;
      form.noValidate = true;
      for (const field of Array.from(form.elements)) {
        // React's own fields naming the server action: not the site's input.
        if ((field as HTMLInputElement).name?.startsWith("$ACTION")) continue;
        if (field instanceof HTMLInputElement) {
          if (["submit", "button", "image", "reset", "file"].includes(field.type)) continue;
          for (const attribute of ["required", "maxlength", "minlength", "pattern", "min", "max", "step"]) field.removeAttribute(attribute);
          if (field.type === "checkbox" || field.type === "radio") {
            field.value = value;
            field.checked = true;
            continue;
          }
          if (field.type !== "hidden") field.type = "text";
          field.value = value;
        } else if (field instanceof HTMLTextAreaElement) {
          field.removeAttribute("maxlength");
          field.value = value;
        } else if (field instanceof HTMLSelectElement) {
          const option = document.createElement("option");
          option.value = value;
          option.textContent = "hostile";
          field.append(option);
          field.value = value;
        }
      }
      form.requestSubmit();
    },
    { index, value },
  );
}

test("every form on every page survives hostile input", async ({ page }) => {
  test.setTimeout(600_000);
  await signInOperator(page);
  const errors: string[] = [];
  const watch = (tab: Page) =>
    tab.on("response", (response) => {
      if (response.status() >= 500) errors.push(`${response.status()} ${response.request().method()} ${response.url()}`);
    });
  watch(page);
  const values = ["y".repeat(20_000), "a\u0000b", "<img src=x onerror=alert(1)>", "\u202e🎉 ' \" ; --", "-1e309", "__proto__"];
  // Every form found first, then attacked from three tabs of the same session at once: most of an attack's time is
  // waiting for the network to go quiet, so the tabs overlap their waits (each attack still loads its page afresh).
  const attacks: { url: string; index: number; signature: string; value: string }[] = [];
  // The same form on several pages (the footer's region picker) is attacked once.
  const seen = new Set<string>();
  for (const { path } of pages) {
    const url = slugOf(path);
    await page.goto(url);
    const forms = await page.evaluate(() =>
      Array.from(document.querySelectorAll("form")).map((form) => {
        const names = Array.from(form.elements).flatMap((field) =>
          field instanceof HTMLInputElement || field instanceof HTMLSelectElement || field instanceof HTMLTextAreaElement ? [field.name] : [],
        );
        // React numbers its own fields per form ($ACTION_1:0, …): the signature is the site's fields only, so one form repeated per row is attacked once.
        const own = names.filter((name) => !name.startsWith("$ACTION"));
        return { signature: `${form.getAttribute("action") ?? ""} ${own.join(",")}`, fields: own.length };
      }),
    );
    for (const [index, { signature, fields }] of forms.entries()) {
      // A form with no input of the site's (sign out) proves nothing here.
      if (fields === 0 || seen.has(signature)) continue;
      seen.add(signature);
      for (const value of values) attacks.push({ url, index, signature, value });
    }
  }
  const tabs = [page, await page.context().newPage(), await page.context().newPage()];
  for (const tab of tabs.slice(1)) watch(tab);
  await Promise.all(
    tabs.map(async (tab) => {
      for (let attack = attacks.shift(); attack; attack = attacks.shift()) {
        const { url, index, signature, value } = attack;
        await tab.goto(url);
        await submitHostile(tab, index, value);
        await tab.waitForLoadState("networkidle");
        if (failure.test(await tab.locator("body").innerText())) errors.push(`${url} form ${index} (${signature}) with ${value.slice(0, 40)}`);
      }
    }),
  );
  expect(errors).toEqual([]);
});
