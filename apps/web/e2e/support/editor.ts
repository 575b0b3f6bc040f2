import { expect, type Page } from "@playwright/test";
import { signUp } from "./accounts";
import { admin } from "./admin";

/** Signs a new streamer up, puts them on Pro (the operator's CLI), and opens the editor of a new overlay `overlay`; answers their email. */
export async function proWithOverlay(page: Page, name: string, overlay: string): Promise<string> {
  const email = await signUp(page, name);
  admin("account", "set-plan", "--email", email, "--plan", "pro");
  await page.goto("/overlays");
  await page.getByLabel("Name").fill(overlay);
  await page.getByRole("button", { name: "Create and edit" }).click();
  await expect(page.getByTestId("save-state")).toHaveText("Saved · rev 1");
  return email;
}

/** Messages the browser prints when the policy blocks something, from now on. */
export function cspViolations(page: Page): string[] {
  const seen: string[] = [];
  page.on("console", (message) => {
    if (message.text().includes("Content Security Policy")) seen.push(message.text());
  });
  return seen;
}
