/**
 * The operator CLI's review-report commands against a running server, as a
 * child process (on PGlite through the server's admin channel, on PostgreSQL
 * beside it): the queue, a hide the server applies at once (the review leaves
 * the list and the rating), unhide, and the refusals.
 */
import { describe, expect, it } from "vitest";
import { admin } from "../../support/admin-cli";
import { serverForCli } from "../../support/cli-server";

/** Each CLI run starts npm, then Node on the bundle: bounded generously for a busy 2-core machine. */
const CLI_TIMEOUT_MS = 240_000;
const cli = serverForCli("streamkit-review-reports-cli-");

const call = async (key: string, method: string, path: string, body?: unknown) => {
  const response = await fetch(`${cli.server.url}/api/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
};

describe("npm run -s admin -- review-report …", () => {
  it(
    "lists a reported review, hides it (out of the list and the rating) and shows it again, refusing what it must",
    async () => {
      await admin(["account", "create", "--email", "op@example.com", "--name", "Olive Operator", "--staff"], cli.env);
      for (const email of ["author@example.com", "owner@example.com", "reader@example.com"])
        await admin(["account", "create", "--email", email, "--plan", "pro"], cli.env);
      const key = async (email: string, scopes: string) => (await admin(["key", "create", "--email", email, "--scopes", scopes], cli.env)).json.key as string;
      const [authorKey, ownerKey, readerKey] = [
        await key("author@example.com", "plugins:read,plugins:write"),
        await key("owner@example.com", "plugins:read"),
        await key("reader@example.com", "plugins:read"),
      ];
      const manifest = { id: "cli-reviewed", name: "CLI Reviewed", version: "1.0.0", permissions: ["ui.notify"] };
      const files = [
        { path: "plugin.json", content: JSON.stringify(manifest) },
        { path: "main.lua", content: 'ui.notify("hi")\n' },
      ];
      expect((await call(authorKey, "POST", "/plugins", { changelog: "First.", files })).status).toBe(201);
      expect((await call(ownerKey, "GET", "/plugins/cli-reviewed/package")).status).toBe(200);
      const written = await call(ownerKey, "PUT", "/plugins/cli-reviewed/review", { rating: 1, text: "Visit my shop." });
      expect(written.status).toBe(200);
      const id = written.body.review.id as string;
      expect((await call(readerKey, "PUT", `/plugins/cli-reviewed/reviews/${id}/report`, { reason: "spam" })).status).toBe(200);

      const queue = await admin(["review-report", "queue"], cli.env);
      expect(queue.code).toBe(0);
      expect(queue.json.reported).toEqual([expect.objectContaining({ id, slug: "cli-reviewed", open: 1, text: "Visit my shop." })]);

      const hidden = await admin(["review-report", "hide", "--id", id, "--by", "op@example.com", "--note", "An advert."], cli.env);
      expect(hidden.code).toBe(0);
      expect(hidden.json.decision).toMatchObject({ reviewId: id, action: "hide", note: "An advert.", reportsClosed: 1, operator: { name: "Olive Operator" } });
      expect((await call(readerKey, "GET", "/plugins/cli-reviewed")).body.item.rating).toEqual({ average: null, count: 0 });
      expect((await call(readerKey, "GET", "/plugins/cli-reviewed/reviews")).body.items).toEqual([]);

      const again = await admin(["review-report", "hide", "--id", id, "--by", "op@example.com"], cli.env);
      expect(again.code).not.toBe(0);
      expect(again.error.error).toMatchObject({ code: "conflict" });
      const notStaff = await admin(["review-report", "hide", "--id", id, "--by", "reader@example.com"], cli.env);
      expect(notStaff.error.error).toMatchObject({ code: "forbidden" });
      const badId = await admin(["review-report", "unhide", "--id", "nope", "--by", "op@example.com"], cli.env);
      expect(badId.error.error).toMatchObject({ code: "bad_request", message: expect.stringContaining("--id") });

      const shown = await admin(["review-report", "unhide", "--id", id, "--by", "op@example.com"], cli.env);
      expect(shown.code).toBe(0);
      expect((await call(readerKey, "GET", "/plugins/cli-reviewed")).body.item.rating).toEqual({ average: 1, count: 1 });
    },
    CLI_TIMEOUT_MS * 3,
  );
});
