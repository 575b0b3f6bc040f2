/**
 * The caller's `author` flag (accounts/principal-columns.ts), read with the
 * account on every request: the website shows its author pages (Pricing,
 * Sales) to accounts that published a plugin, removed ones included.
 */
import { plugins } from "@streamkit/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { findAccountById, findSessionAccount } from "../../../src/accounts/accounts";
import { createTestApp, type TestApp } from "../../support/app";
import { insertAccount, insertPlugin } from "../../support/factories";

let app: TestApp;

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

it("is false until the account publishes, true after, and stays true once its plugin is removed", async () => {
  const now = new Date();
  const author = await insertAccount(app.deps.db);
  const other = await insertAccount(app.deps.db);
  expect((await findAccountById(app.deps.db, author.id, now))?.author).toBe(false);
  const slug = `author-flag-${Date.now()}`;
  await insertPlugin(app.deps.db, { slug, ownerId: author.id });
  expect((await findAccountById(app.deps.db, author.id, now))?.author).toBe(true);
  expect((await findSessionAccount(app.deps.db, author.id, undefined, now))?.author).toBe(true);
  expect((await findAccountById(app.deps.db, other.id, now))?.author).toBe(false);
  await app.deps.db.update(plugins).set({ status: "removed" }).where(eq(plugins.slug, slug));
  expect((await findAccountById(app.deps.db, author.id, now))?.author).toBe(true);
});
