import { type Browser, expect, type Page } from "@playwright/test";
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const repoRoot = fileURLToPath(new URL("../../../../", import.meta.url));

/** The operator CLI against the e2e server's embedded database (through its admin channel). */
export function admin(...args: string[]): Record<string, unknown> {
  // Node itself, as `npm run admin` runs it, without npm's start-up (some 150 calls a run).
  const output = execFileSync(process.execPath, ["packages/api/scripts/run-cli.mjs", "admin", ...args], {
    cwd: repoRoot,
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR, DATABASE_URL: "", LOG_LEVEL: "warn" },
    encoding: "utf8",
  });
  return JSON.parse(output) as Record<string, unknown>;
}

/** A suffix that makes names, emails and slugs unique across journeys sharing one database. */
export const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

/** A page in a browser context of its own: each person of a journey keeps their own cookies. */
export async function newPage(browser: Browser, baseURL: string): Promise<Page> {
  return (await browser.newContext({ baseURL })).newPage();
}

/** A staff account made with the operator CLI, signed in through the website under `name`. */
export async function signInOperator(page: Page, name = "Olive Operator"): Promise<void> {
  const email = `operator-${unique()}@example.com`;
  admin("account", "create", "--email", email, "--staff", "--name", name, "--password", "operator password 1");
  await page.goto("/sign-in");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("operator password 1");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByTestId("signed-in-as")).toHaveText(name);
}
