import { expect, type APIRequestContext, test } from "@playwright/test";

/**
 * The currency converter against the production build. The server's first
 * refresh round reads the recorded feeds (served locally, see
 * playwright.config.ts) in the background at start, backfilling 7–10 January
 * 2025 from the ECB's 90-day file; each test waits for that day.
 */
async function ratesReady(request: APIRequestContext) {
  await expect
    .poll(
      async () => {
        const body = await (await request.get("/api/v1/fx/latest?symbols=JPY")).json();
        return `${body.date} ${body.stale}`;
      },
      { timeout: 30_000 },
    )
    .toBe("2025-01-10 false");
}

test.beforeEach(async ({ request }) => ratesReady(request));

/** The page's address carries these query parameters (in any order). */
const withQuery = (expected: Record<string, string>) => (url: URL) => Object.entries(expected).every(([name, value]) => url.searchParams.get(name) === value);

test("a visitor converts an amount and reads the rate's date, the pair's history and the linked attribution", async ({ page, request }) => {
  await page.goto("/");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Currency converter" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Currency converter" })).toBeVisible();

  await page.getByLabel("Amount", { exact: true }).fill("250");
  await page.getByLabel("From", { exact: true }).selectOption("USD");
  await page.getByLabel("To", { exact: true }).selectOption("JPY");
  await page.getByRole("button", { name: "Convert" }).click();
  await expect(page).toHaveURL(withQuery({ from: "USD", to: "JPY", amount: "250" }));

  const expected = await (await request.get("/api/v1/fx/convert?from=USD&to=JPY&amount=250")).json();
  expect(expected.formatted).toMatch(/^¥[\d,]+$/);
  const result = page.getByRole("region", { name: "Result" });
  await expect(result.locator("output")).toHaveText(`250 USD = ${expected.formatted}`);
  await expect(result).toContainText("Rates for Fri, 10 January 2025");
  await expect(result.getByText(/could not be read/)).toHaveCount(0);
  const credit = result.getByRole("link", { name: "Rates By Exchange Rate API" });
  await expect(credit).toHaveAttribute("href", "https://www.exchangerate-api.com");

  // The history of the pair: a chart with an accessible description, and its numbers in a table.
  const history = page.getByRole("region", { name: "USD → JPY, last 90 days" });
  const chart = history.getByRole("img", { name: /^JPY per 1 USD, / });
  await expect(chart).toBeVisible();
  await expect(history.locator("figcaption")).toContainText("4 values from 7 Jan 2025 to 10 Jan 2025");
  await history.getByText("Show the numbers").click();
  await expect(history.getByRole("table").getByRole("row")).toHaveCount(5);
  await expect(history.getByRole("table")).toContainText("10 Jan 2025");
  await expect(history.getByRole("link", { name: "Rates By Exchange Rate API" })).toHaveAttribute("href", "https://www.exchangerate-api.com");

  // Other ranges and the reverse pair are links.
  await history.getByRole("link", { name: "30 days" }).click();
  await expect(page).toHaveURL(withQuery({ from: "USD", to: "JPY", days: "30" }));
  await expect(page.getByRole("heading", { name: "USD → JPY, last 30 days" })).toBeVisible();
  await page.getByRole("link", { name: "Swap: convert JPY to USD" }).click();
  await expect(page).toHaveURL(withQuery({ from: "JPY", to: "USD", amount: "250", days: "30" }));
  await expect(page.getByRole("region", { name: "Result" }).locator("output")).toHaveText(/^250 JPY = \$\d+\.\d{2}$/);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the form still converts, and a bad amount is explained", async ({ page }) => {
    await page.goto("/rates");
    await page.getByLabel("Amount", { exact: true }).fill("12.5");
    await page.getByLabel("From", { exact: true }).selectOption("EUR");
    await page.getByLabel("To", { exact: true }).selectOption("KWD");
    await page.getByRole("button", { name: "Convert" }).click();
    await expect(page).toHaveURL(withQuery({ from: "EUR", to: "KWD", amount: "12.5" }));
    await expect(page.getByRole("region", { name: "Result" }).locator("output")).toHaveText(/^12\.5 EUR = KD \d+\.\d{3}$/);
    await expect(page.getByRole("img", { name: /^KWD per 1 EUR, / })).toBeVisible();

    await page.getByLabel("Amount", { exact: true }).fill("twelve");
    await page.getByRole("button", { name: "Convert" }).click();
    await expect(page.getByText("Enter a number, like 100 or 12.50.")).toBeVisible();
    await expect(page.getByLabel("Amount", { exact: true })).toHaveAttribute("aria-invalid", "true");
    await expect(page.locator("output")).toHaveCount(0);
  });
});
