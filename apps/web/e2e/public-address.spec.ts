import { expect, test } from "@playwright/test";
import { signUp } from "./support/accounts";

/**
 * The e2e server runs without PUBLIC_URL on HOST 127.0.0.1 and its own PORT:
 * every absolute address it gives out must be the one it really listens on.
 */
test.describe("the public address follows where the server listens", () => {
  test("the OpenAPI servers list and the CLI instructions name this server", async ({ page, request, baseURL }) => {
    const document = (await (await request.get("/api/v1/openapi.json")).json()) as { servers: { url: string }[] };
    expect(document.servers[0]?.url).toBe(`${baseURL}/api/v1`);

    await page.goto("/publishing");
    await expect(page.locator("pre").filter({ hasText: "STREAMKIT_API_URL" }).first()).toContainText(`STREAMKIT_API_URL=${baseURL}`);
  });

  test("a paid plugin's buyUrl and Continue to payment stay on this server", async ({ page, request, baseURL }) => {
    // Anonymous: the package of a paid plugin needs a purchase, and the answer says where to buy it.
    const list = (await (await request.get("/api/v1/plugins?limit=100")).json()) as { items: { slug: string; price: unknown }[] };
    const paid = list.items.find((plugin) => plugin.price !== null);
    expect(paid, "the demo catalogue has a paid plugin").toBeDefined();

    await signUp(page, "Public Address");
    await page.goto(`/plugins/${paid!.slug}/buy`);
    await page.getByRole("button", { name: /Continue to payment/ }).click();
    await page.waitForURL(/\/checkout\/builtin\//);
    expect(new URL(page.url()).origin).toBe(baseURL);
  });
});
