/**
 * The operator CLI's report commands against a running server, as a child
 * process (on PGlite through the server's admin channel, on PostgreSQL
 * beside it): the queue, a takedown the server applies at once, the audit
 * naming the operator given with --by, a restore, and the refusals.
 */
import { describe, expect, it } from "vitest";
import { admin } from "../../support/admin-cli";
import { serverForCli } from "../../support/cli-server";

/** Each CLI run starts npm, then Node on the bundle: bounded generously for a busy 2-core machine. */
const CLI_TIMEOUT_MS = 240_000;
const cli = serverForCli("streamkit-reports-cli-");

const call = (key: string, method: string, path: string, body?: unknown) =>
  fetch(`${cli.server.url}/api/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });

describe("npm run -s admin -- report …", () => {
  it(
    "lists the queue, takes a plugin down and restores it, each decision in the audit under the operator's name",
    async () => {
      await admin(["account", "create", "--email", "op@example.com", "--name", "Olive Operator", "--staff"], cli.env);
      await admin(["account", "create", "--email", "author@example.com", "--plan", "pro"], cli.env);
      await admin(["account", "create", "--email", "fan@example.com"], cli.env);
      const { json: authorKey } = await admin(["key", "create", "--email", "author@example.com", "--scopes", "plugins:read,plugins:write"], cli.env);
      const { json: fanKey } = await admin(["key", "create", "--email", "fan@example.com", "--scopes", "plugins:read"], cli.env);
      const manifest = { id: "cli-reported", name: "CLI Reported", version: "1.0.0", permissions: ["ui.notify"] };
      const published = await call(authorKey.key, "POST", "/plugins", {
        changelog: "First.",
        files: [
          { path: "plugin.json", content: JSON.stringify(manifest) },
          { path: "main.lua", content: 'ui.notify("hi")\n' },
        ],
      });
      expect(published.status).toBe(201);
      expect((await call(fanKey.key, "PUT", "/plugins/cli-reported/report", { reason: "malware", details: "Wipes scenes." })).status).toBe(200);

      const queue = await admin(["report", "queue"], cli.env);
      expect(queue.code).toBe(0);
      expect(queue.json.plugins).toEqual([
        expect.objectContaining({
          slug: "cli-reported",
          open: 1,
          counts: expect.objectContaining({ malware: 1 }),
          reports: [expect.objectContaining({ details: "Wipes scenes." })],
        }),
      ]);

      const down = await admin(
        ["report", "take-down", "--slug", "cli-reported", "--by", "op@example.com", "--note", "Seen it.", "--message", "It wipes scenes."],
        cli.env,
      );
      expect(down.code).toBe(0);
      expect(down.json.decision).toMatchObject({
        action: "take_down",
        reason: "malware",
        note: "Seen it.",
        reportsClosed: 1,
        operator: { name: "Olive Operator" },
      });
      expect((await call(fanKey.key, "GET", "/plugins/cli-reported")).status).toBe(404);
      expect((await admin(["report", "taken-down"], cli.env)).json.plugins).toEqual([
        expect.objectContaining({ slug: "cli-reported", message: "It wipes scenes." }),
      ]);

      const restored = await admin(["report", "restore", "--slug", "cli-reported", "--by", "op@example.com"], cli.env);
      expect(restored.json.decision).toMatchObject({ action: "restore" });
      expect((await call(fanKey.key, "GET", "/plugins/cli-reported")).status).toBe(200);
      const audit = await admin(["report", "decisions", "--slug", "cli-reported"], cli.env);
      expect(audit.json.decisions.map((d: { action: string }) => d.action)).toEqual(["restore", "take_down"]);
    },
    CLI_TIMEOUT_MS,
  );

  it(
    "refuses a decision without --by, by someone who is not an operator, a warning without a message, and a second restore",
    async () => {
      const noBy = await admin(["report", "dismiss", "--slug", "cli-reported"], cli.env);
      expect(noBy.code).not.toBe(0);
      expect(noBy.error.error).toMatchObject({ code: "bad_request", message: expect.stringContaining("Missing --by") });
      const notStaff = await admin(["report", "take-down", "--slug", "cli-reported", "--by", "fan@example.com", "--reason", "spam"], cli.env);
      expect(notStaff.error.error).toMatchObject({ code: "forbidden" });
      const noMessage = await admin(["report", "warn", "--slug", "cli-reported", "--by", "op@example.com"], cli.env);
      expect(noMessage.error.error).toMatchObject({ code: "bad_request", message: expect.stringContaining("--message") });
      const badReason = await admin(["report", "take-down", "--slug", "cli-reported", "--by", "op@example.com", "--reason", "ugly"], cli.env);
      expect(badReason.error.error).toMatchObject({ code: "bad_request", message: expect.stringContaining("--reason") });
      const again = await admin(["report", "restore", "--slug", "cli-reported", "--by", "op@example.com"], cli.env);
      expect(again.error.error).toMatchObject({ code: "conflict" });
    },
    CLI_TIMEOUT_MS,
  );
});
