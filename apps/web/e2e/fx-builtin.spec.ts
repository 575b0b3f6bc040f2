import { expect, test } from "@playwright/test";
import { type OwnServer, startOwnServer } from "./support/own-server";

/**
 * A server that has read no exchange-rate feed (FX_REFRESH=off, empty database)
 * serves the built-in table: the converter must say so, and never claim the
 * rates were "read" at some time.
 */
let server: OwnServer;
test.beforeAll(async () => {
  server = await startOwnServer({ FX_REFRESH: "off", DEMO_DATA: "off" });
});
test.afterAll(async () => server?.stop());

test("the converter says it shows the built-in table, not a feed read at some time", async ({ page }) => {
  const latest = await (await fetch(`${server.url}/api/v1/fx/latest?symbols=EUR`)).json();
  expect(latest.provider.sources).toEqual([]);

  await page.goto(`${server.url}/rates?from=USD&to=EUR&amount=100`);
  const result = page.getByRole("region", { name: "Result" });
  await expect(result.getByTestId("fx-builtin-notice")).toContainText("No exchange-rate feed has been read yet");
  await expect(result).toContainText("from the built-in table, not a feed");
  await expect(result).not.toContainText(/·\s*read\s/);
  await expect(result).toContainText(`Rates: ${latest.provider.name}`);
});
