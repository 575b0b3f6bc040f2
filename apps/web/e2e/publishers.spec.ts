import { type APIRequestContext, type Browser, expect, type Page, test } from "@playwright/test";
import { signUp } from "./support/accounts";
import { admin, unique } from "./support/admin";

/**
 * Publishers (docs/plugins.md#publishers): the plugin page and the listing
 * card link to the publisher's page; an operator's verification puts the
 * verified mark there, saying what was verified; the publisher profile shows
 * the handle, changes it (the former address redirects) and walks through a
 * domain's verification.
 */

async function authorWithPlugin(page: Page, request: APIRequestContext, name: string) {
  const slug = `e2e-pub-${unique()}`;
  const email = await signUp(page, name);
  admin("account", "set-plan", "--email", email, "--plan", "pro");
  const { key } = admin("key", "create", "--email", email, "--scopes", "plugins:read,plugins:write") as { key: string };
  const files = [
    { path: "plugin.json", content: JSON.stringify({ id: slug, name: `Publisher Plugin ${slug}`, version: "1.0.0", permissions: ["ui.notify"] }) },
    { path: "main.lua", content: 'ui.notify("hi")\n' },
  ];
  const response = await request.post("/api/v1/plugins", { headers: { authorization: `Bearer ${key}` }, data: { files, changelog: "First." } });
  expect(response.status()).toBe(201);
  const handle = ((await response.json()) as { item: { publisher: { handle: string } } }).item.publisher.handle;
  return { slug, handle };
}

async function operatorPage(browser: Browser, baseURL: string): Promise<Page> {
  const page = await (await browser.newContext({ baseURL })).newPage();
  const email = `operator-${unique()}@example.com`;
  admin("account", "create", "--email", email, "--staff", "--name", "Vera Verifier", "--password", "operator password 1");
  await page.goto("/sign-in");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("operator password 1");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByTestId("signed-in-as")).toHaveText("Vera Verifier");
  return page;
}

test("a plugin links to its publisher's page, which shows the verified mark and what was verified once an operator verifies it", async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  const name = `Pia Publisher ${unique()}`;
  const { slug, handle } = await authorWithPlugin(page, request, name);
  expect(handle).toMatch(/^pia-publisher-[a-z0-9]+$/);

  await page.goto(`/plugins/${slug}`);
  await page.locator(".plugin-head").getByRole("link", { name }).click();
  await expect(page).toHaveURL(new RegExp(`/publishers/${handle}$`));
  await expect(page.getByRole("heading", { level: 1 })).toContainText(name);
  await expect(page.locator("header.page-head")).toContainText(`@${handle} · Member since`);
  await expect(page.getByText("This publisher is not verified.")).toBeVisible();
  await expect(page.getByRole("list", { name: `Plugins by ${name}` }).getByRole("link", { name: `Publisher Plugin ${slug}` })).toBeVisible();

  const operator = await operatorPage(browser, baseURL!);
  await operator.goto("/admin/publishers");
  const grant = operator.getByRole("form", { name: "Verify a publisher" });
  await grant.getByLabel("Publisher").fill(handle);
  await grant.getByLabel("Note").fill("Checked the studio's site by hand.");
  await grant.getByRole("button", { name: "Verify publisher" }).click();
  await expect(operator.getByRole("status")).toHaveText(`${handle} is verified now.`);
  const row = operator.getByTestId("verified-publisher").filter({ hasText: name });
  await expect(row).toContainText("Checked the studio's site by hand.");
  await expect(operator.getByTestId("verification-event").first()).toContainText("Verified by an operator");

  await page.reload();
  await expect(page.getByRole("heading", { level: 1 }).getByRole("img", { name: "Verified publisher" })).toBeVisible();
  await expect(page.getByTestId("verified-by")).toHaveText("Verified publisher: checked by the Streamkit team.");
  // The marketplace card carries the mark and the link too.
  await page.goto(`/?q=${slug}`);
  const card = page.locator("article.card").filter({ hasText: slug });
  await expect(card.getByRole("img", { name: "Verified publisher" })).toBeVisible();
  await card.getByRole("link", { name }).click();
  await expect(page).toHaveURL(new RegExp(`/publishers/${handle}$`));

  await row.getByLabel(`Why ${name}'s verification ends`).fill("Asked by the publisher.");
  await row.getByRole("button", { name: "Revoke" }).click();
  await expect(operator.getByRole("status")).toHaveText(`${handle}'s verification by an operator is revoked.`);
  await page.reload();
  await expect(page.getByText("This publisher is not verified.")).toBeVisible();
});

test("the publisher profile: a new handle (the former address redirects) and a domain's value, checked and explained", async ({ page, request }) => {
  const { handle } = await authorWithPlugin(page, request, `Dora Domains ${unique()}`);
  await page.goto("/account");
  await page.getByRole("link", { name: "Publisher profile" }).click();
  await expect(page).toHaveURL(/\/account\/publisher$/);
  await expect(page.getByRole("link", { name: `/publishers/${handle}` })).toBeVisible();

  const renamed = `dora-${unique()}`;
  await page.getByRole("textbox", { name: "Handle" }).fill(renamed);
  await page.getByRole("button", { name: "Change handle" }).click();
  await expect(page.getByRole("status")).toHaveText("Your handle is changed. Your former handle keeps leading to your page.");
  await expect(page.getByText(`Former handles, still leading here: ${handle}.`)).toBeVisible();
  await expect(page.getByRole("button", { name: "Change handle" })).toBeDisabled();

  const domain = `${renamed}.invalid`;
  await page.getByRole("textbox", { name: "Domain", exact: true }).fill(domain);
  await page.getByRole("button", { name: "Add domain" }).click();
  await expect(page.getByRole("status")).toContainText(`${domain} is added`);
  const card = page.getByTestId("publisher-domain").filter({ hasText: domain });
  await expect(card.getByTestId("domain-status")).toHaveText("Not checked yet");
  await expect(card.getByTestId("domain-value")).toHaveText(/^streamkit-verify=[A-Za-z0-9_-]{32}$/);
  await expect(card.getByText(`_streamkit-verify.${domain}`)).toBeVisible();
  await expect(card.getByText(`https://${domain}/.well-known/streamkit-verify.txt`)).toBeVisible();

  // Nothing is published at a .invalid name: the check says what each way found.
  await card.getByRole("button", { name: `Check ${domain} now` }).click();
  await expect(page.getByRole("status")).toHaveText(`${domain} could not be verified yet: see what the check found.`);
  await expect(card.getByTestId("domain-status")).toHaveText("Not verified");
  await expect(card.getByTestId("domain-problem")).toHaveText(/^DNS: .+\. File: .+\.$/);
  await expect(page.getByTestId("publisher-verified")).toHaveText("You are not verified yet.");

  await card.getByRole("button", { name: `Remove ${domain}` }).click();
  await expect(page.getByRole("status")).toHaveText(`${domain} is removed.`);
  await expect(page.getByText("No domains yet.")).toBeVisible();

  await page.goto(`/publishers/${handle}`);
  await expect(page).toHaveURL(new RegExp(`/publishers/${renamed}$`));
  expect((await page.goto("/publishers/nobody-has-this-handle"))?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Publisher not found" })).toBeVisible();
});
