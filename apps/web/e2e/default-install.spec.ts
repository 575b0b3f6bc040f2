import { networkInterfaces } from "node:os";
import { expect, test } from "@playwright/test";
import { signOutFromMenu, signUp } from "./support/accounts";
import { startOwnServer } from "./support/own-server";

/**
 * The install `npm start` makes with nothing set (README's first screen): it listens on this machine only, and its
 * development outbox — password-reset links, so accounts — is read by no visitor: the email goes to the server's log,
 * and to /dev/outbox for signed-in operators (account-settings.spec.ts shows an operator reading it).
 */
test("with nothing set, the server listens on 127.0.0.1 only, prints its email to its log, and shows its outbox to no visitor", async ({ browser }) => {
  test.setTimeout(180_000);
  // HOST and MAIL_OUTBOX unset, as `npm start` runs without them (an empty value is unset).
  const server = await startOwnServer({ HOST: "", MAIL_OUTBOX: "", LOG_LEVEL: "info" });
  try {
    const listening = JSON.parse(
      server
        .output()
        .split("\n")
        .find((line) => line.includes('"msg":"listening"'))!,
    ) as { address: { address: string } };
    expect(listening.address.address).toBe("127.0.0.1");
    // From another interface of this machine, when it has one, nothing answers.
    const external = Object.values(networkInterfaces())
      .flat()
      .find((entry) => entry && entry.family === "IPv4" && !entry.internal);
    if (external) await expect(fetch(`http://${external.address}:${new URL(server.url).port}/api/v1/plugins?limit=1`)).rejects.toThrow();

    const page = await (await browser.newContext({ baseURL: server.url })).newPage();
    expect((await page.goto("/dev/outbox"))?.status()).toBe(404);
    const email = await signUp(page, "Default Dana");
    await signOutFromMenu(page);
    await page.goto("/forgot-password");
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Send me a link" }).click();
    await expect(page.getByRole("status")).toContainText("it prints it to its log");
    // The reset link is in the log, for whoever runs the server…
    await expect.poll(() => server.output()).toMatch(new RegExp(`"to":"${email.replace(/[.+]/g, "\\$&")}".*reset-password\\?token=`));
    // …and not at /dev/outbox for a visitor, signed out or signed in.
    const outbox = await page.goto("/dev/outbox");
    expect(outbox?.status()).toBe(404);
    expect(await outbox!.text()).not.toContain("reset-password?token=");
    await page.goto("/sign-in");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("correct horse battery");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page.getByTestId("signed-in-as")).toHaveText("Default Dana");
    expect((await page.goto("/dev/outbox"))?.status()).toBe(404);
    await page.context().close();
  } finally {
    await server.stop();
  }
});
