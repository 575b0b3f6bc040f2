import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { signUpFrom } from "./support/accounts";
import { admin, unique } from "./support/admin";

/**
 * Analytics for authors (docs/analytics.md), in Chromium: from My plugins to
 * a plugin's analytics, a range chosen with the date fields, the charts of
 * that range, a range refused with its reason, and the CSV of the same figures.
 */
test("an author opens a plugin's analytics, picks a range, sees the charts and downloads the CSV", async ({ page, request }) => {
  const suffix = unique();
  const slug = `e2e-stats-${suffix}`;
  const name = `Stats Plugin ${suffix}`;
  await page.goto("/sign-up");
  const email = await signUpFrom(page, "Ana Analyst", "IN");
  admin("account", "set-plan", "--email", email, "--plan", "pro");
  const { key } = admin("key", "create", "--email", email, "--scopes", "plugins:read,plugins:write,sales:read") as { key: string };
  const headers = { authorization: `Bearer ${key}` };
  const files = [
    { path: "plugin.json", content: JSON.stringify({ id: slug, name, version: "1.0.0", description: "Counts.", permissions: ["ui.notify"] }) },
    { path: "main.lua", content: 'ui.notify("Hello!")\n' },
  ];
  expect((await request.post("/api/v1/plugins", { headers, data: { files, changelog: "First release." } })).status()).toBe(201);
  // Downloaded twice today: it counts once, for 1.0.0 and India (the account's country).
  for (let i = 0; i < 2; i++) expect((await request.get(`/api/v1/plugins/${slug}/package`, { headers })).status()).toBe(200);

  await page.goto("/dashboard/plugins");
  const row = page.getByTestId("my-plugin").filter({ hasText: name });
  await row.getByRole("link", { name: "Analytics" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Analytics of ${name}` })).toBeVisible();

  const today = new Date().toISOString().slice(0, 10);
  const weekAgo = new Date(Date.now() - 6 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  const range = page.getByRole("form", { name: "Range" });
  await range.getByLabel("From").fill(weekAgo);
  await range.getByLabel("To").fill(today);
  await range.getByLabel("By").selectOption("day");
  await range.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(new RegExp(`from=${weekAgo}&to=${today}&granularity=day`));
  await expect(page.getByRole("heading", { level: 2, name: `From ${weekAgo} to ${today}` })).toBeVisible();
  await expect(page.getByTestId("total-downloads")).toHaveText("1");

  const downloads = page.getByRole("region", { name: "Downloads per day" });
  // The chart is one image named by its title and what it shows.
  await expect(downloads.getByRole("img", { name: /^Downloads per day 7 values from .*, high 1 on / })).toBeVisible();
  await downloads.getByText("Show the numbers").click();
  await expect(downloads.getByRole("row")).toHaveCount(8);
  const versions = page.getByRole("region", { name: "By version" });
  await expect(versions.getByRole("img", { name: "Downloads by version 1.0.0 1 (100 %)." })).toBeVisible();
  const countries = page.getByRole("region", { name: "By country" });
  await expect(countries.getByRole("img", { name: "Downloads by country IN 1 (100 %)." })).toBeVisible();
  // Reviews over time: none yet, a chart of zeros (the API's tests count real ones).
  await expect(page.getByRole("region", { name: "Reviews" }).getByRole("img", { name: /^Reviews per day 7 values from / })).toBeVisible();

  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download CSV" }).click()]);
  expect(download.suggestedFilename()).toBe(`${slug}-analytics-${weekAgo}-${today}.csv`);
  const csv = readFileSync((await download.path())!, "utf8");
  const lines = csv.split("\r\n");
  expect(lines[0]).toBe("slug,name,period,metric,version,country,currency,value");
  expect(lines).toContain(`${slug},${name},${today},downloads,,,,1`);
  expect(lines).toContain(`${slug},${name},${today},downloads,1.0.0,,,1`);
  expect(lines).toContain(`${slug},${name},${today},downloads,,IN,,1`);
  expect(lines).toContain(`${slug},${name},${today},reviews,,,,0`);
  expect(lines.at(-1)).toBe("");

  // A reversed range is refused with its reason, the form kept.
  await range.getByLabel("From").fill(today);
  await range.getByLabel("To").fill(weekAgo);
  await range.getByRole("button", { name: "Show" }).click();
  await expect(page.getByTestId("range-problem")).toHaveText("`to` comes before `from`.");
  await expect(range.getByLabel("From")).toHaveValue(today);
});
