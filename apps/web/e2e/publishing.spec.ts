import { expect, test } from "@playwright/test";
import { signUp } from "./support/accounts";
import { admin } from "./support/admin";

const folder = (version: string) => [
  {
    path: "plugin.json",
    content: JSON.stringify({
      id: "e2e-shoutout",
      name: "E2E Shoutout",
      version,
      description: "Thanks new followers in a toast.",
      permissions: ["ui.notify", "stream.read"],
    }),
  },
  { path: "main.lua", content: 'stream.on("follow", function(e) ui.notify("Thanks " .. e.user.name .. "!") end)\n' },
];

test("an author publishes from a script and sees each new version on the dashboard and the public page", async ({ page, request }) => {
  const email = await signUp(page, "Pat Publisher");
  admin("account", "set-plan", "--email", email, "--plan", "pro");
  const { key } = admin("key", "create", "--email", email, "--scopes", "plugins:read,plugins:write") as { key: string };
  const headers = { authorization: `Bearer ${key}` };

  const first = await request.post("/api/v1/plugins", { headers, data: { files: folder("1.0.0"), changelog: "First release." } });
  expect(first.status()).toBe(201);

  await page.goto("/dashboard/plugins");
  const row = page.getByTestId("my-plugin").filter({ hasText: "E2E Shoutout" });
  await expect(row).toContainText("v1.0.0");
  await expect(row).toContainText("Published");

  const second = await request.post("/api/v1/plugins", { headers, data: { files: folder("1.1.0"), changelog: "Now with the follower's name." } });
  expect(second.status()).toBe(201);
  await page.reload();
  await expect(row).toContainText("v1.1.0");
  await row.getByText("2 versions").click();
  await expect(row.getByRole("listitem").first()).toContainText("Now with the follower's name.");

  await row.getByRole("link", { name: "E2E Shoutout" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "E2E Shoutout" })).toBeVisible();
  const versions = page.getByRole("region", { name: "Version history" }).getByRole("listitem");
  await expect(versions.first()).toContainText("1.1.0");
  await expect(versions.first()).toContainText("Now with the follower's name.");
  await expect(page.getByRole("region", { name: "Permissions" })).toContainText("See stream stats");

  await page.goto("/dashboard/plugins");
  await row.getByRole("button", { name: "Delete…" }).click();
  await row.getByRole("button", { name: "Delete E2E Shoutout" }).click();
  await expect(row).toContainText("Removed");
  expect((await request.get("/api/v1/plugins/e2e-shoutout")).status()).toBe(404);
});

test("the publishing page documents the manifest, the packing rules, the permissions, the CLI and the REST call", async ({ page, request, baseURL }) => {
  await page.goto("/publishing");
  await expect(page.getByRole("heading", { name: "plugin.json" })).toBeVisible();
  await expect(page.getByRole("row", { name: /optional_permissions/ })).toBeVisible();
  await expect(page.getByText("At most 200 files, each at most 256 KiB, 1 MiB in all (UTF-8).")).toBeVisible();
  await expect(page.getByRole("row", { name: /chat\.middleware/ })).toContainText("chats.use");
  await expect(page.getByText("POST /api/v1/plugins").first()).toBeVisible();
  // The CLI comes from this site: npx and a global install of its tarball, which the link downloads.
  const cli = `${baseURL}/cli/streamkit-plugin-cli.tgz`;
  await expect(page.getByTestId("cli-npx")).toContainText(`npx ${cli} init my-plugin`);
  await expect(page.getByTestId("cli-npx")).toContainText(`npx ${cli} publish --changelog "First release"`);
  await expect(page.getByTestId("cli-install")).toContainText(`npm install --global ${cli}`);
  await expect(page.getByTestId("cli-install")).toContainText(`export STREAMKIT_API_URL=${baseURL}`);
  // Manifest keys and permission names as they must be typed: the manifest rules refuse "ID" or "CHAT.READ" (rendered text, styles included).
  for (const name of ["id", "optional_permissions", "chat.read", "ui.notify"]) {
    await expect(page.getByRole("rowheader", { name, exact: true }).locator("code")).toHaveText(name, { useInnerText: true });
  }
  const tarball = await request.get((await page.getByRole("link", { name: cli }).getAttribute("href"))!);
  expect(tarball.status()).toBe(200);
  expect(tarball.headers()["content-type"]).toBe("application/gzip");
  expect((await tarball.body()).subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
});
