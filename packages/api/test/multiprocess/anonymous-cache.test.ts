/**
 * Anonymous browsing is kept in each process's memory and dropped when the
 * marketplace's version in the shared database moves: a change published
 * through one server process, or written straight into the database, is seen
 * by the very next anonymous request to another. Only PostgreSQL can be shared
 * by processes, so this file runs in the postgres project only.
 */
import type { DatabaseHandle } from "@streamkit/db";
import { plugins } from "@streamkit/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDatabase } from "../support/database";
import { bearer, insertAccount, insertKey, insertPlugin } from "../support/factories";
import { jsonPost, publishBody } from "../support/packages";
import { type ServerProcess, startServerProcess } from "../support/server-process";

let database: DatabaseHandle;
let servers: ServerProcess[];

beforeAll(async () => {
  database = await createTestDatabase();
  servers = await Promise.all([0, 1].map(() => startServerProcess({ DATABASE_URL: database.url! })));
}, 120_000);

afterAll(async () => {
  await Promise.all(servers?.map((s) => s.stop()) ?? []);
  await database?.close();
});

async function read(server: ServerProcess, path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.url}/api/v1${path}`, { headers });
  return { status: response.status, etag: response.headers.get("etag"), cacheControl: response.headers.get("cache-control"), text: await response.text() };
}

it("a publish through one process and a write straight into the database are seen by the other at once", async () => {
  const [a, b] = [servers[0]!, servers[1]!];
  const author = await insertAccount(database.db, { plan: "pro" });
  const key = (await insertKey(database.db, author.id)).key;
  await insertPlugin(database.db, { slug: "shared-one", ownerId: author.id });

  // Both processes keep their anonymous answers (a repeat with the ETag is a 304).
  for (const server of [a, b]) {
    const first = await read(server, "/plugins");
    expect(first.status).toBe(200);
    expect(first.cacheControl).toMatch(/^public, max-age=\d+$/);
    expect((await read(server, "/plugins", { "if-none-match": first.etag! })).status).toBe(304);
  }
  const before = await read(b, "/plugins");
  expect(before.text).not.toContain("shared-two");

  expect((await fetch(`${a.url}/api/v1/plugins`, jsonPost(publishBody({ id: "shared-two" }), bearer(key)))).status).toBe(201);
  const afterPublish = await read(b, "/plugins");
  expect(afterPublish.status).toBe(200);
  expect(afterPublish.etag).not.toBe(before.etag);
  expect(afterPublish.text).toContain("shared-two");
  expect((await read(b, "/plugins", { "if-none-match": before.etag! })).status).toBe(200);

  const detail = await read(b, "/plugins/shared-one");
  expect(detail.status).toBe(200);
  await database.db.update(plugins).set({ name: "Renamed Elsewhere" }).where(eq(plugins.slug, "shared-one"));
  for (const server of [a, b]) {
    const renamed = await read(server, "/plugins/shared-one");
    expect(renamed.etag).not.toBe(detail.etag);
    expect(JSON.parse(renamed.text).item.name).toBe("Renamed Elsewhere");
  }
});
