/**
 * The operator CLI against a running server: on PGlite the server holds the
 * data folder and the CLI goes through its admin channel; on PostgreSQL both
 * share DATABASE_URL. Every command prints one JSON object.
 */
import { describe, expect, it } from "vitest";
import { admin } from "../../support/admin-cli";
import { serverForCli } from "../../support/cli-server";

/** Each test starts the CLI several times (npm, then Node running the bundled program, then the database or the server's admin channel): bounded generously, a busy 2-core machine takes twice as long. */
const CLI_TIMEOUT_MS = 180_000;
const cli = serverForCli("streamkit-cli-");

const me = (key: string) => fetch(`${cli.server.url}/api/v1/me`, { headers: { authorization: `Bearer ${key}` } });

describe("npm run -s admin", () => {
  it(
    "creates accounts and keys that the running server accepts",
    async () => {
      const created = await admin(["account", "create", "--email", "grace@example.com", "--plan", "pro", "--name", "Grace Hopper", "--staff"], cli.env);
      expect(created.code).toBe(0);
      expect(created.stdout.trim().split("\n")).toHaveLength(1);
      expect(created.json).toEqual({ id: expect.any(String), email: "grace@example.com", plan: "pro" });

      const key = await admin(["key", "create", "--email", "grace@example.com", "--scopes", "plugins:read,sales:read"], cli.env);
      expect(key.code).toBe(0);
      expect(key.json).toEqual({ id: expect.any(String), key: expect.stringMatching(/^skit_[0-9A-Za-z]{38}$/), scopes: ["plugins:read", "sales:read"] });

      const response = await me(key.json.key);
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ account: { id: created.json.id, name: "Grace Hopper" }, plan: { name: "pro" } });
    },
    CLI_TIMEOUT_MS,
  );

  it(
    "changes plans, suspends and unsuspends, applied by the server on the next request",
    async () => {
      await admin(["account", "create", "--email", "alan@example.com"], cli.env);
      const { json: key } = await admin(["key", "create", "--email", "alan@example.com", "--scopes", "plugins:read"], cli.env);
      expect((await (await me(key.key)).json()).plan.name).toBe("free");

      const plan = await admin(["account", "set-plan", "--email", "alan@example.com", "--plan", "ultimate"], cli.env);
      expect(plan.json).toEqual({ id: expect.any(String), email: "alan@example.com", plan: "ultimate" });
      expect((await (await me(key.key)).json()).plan.name).toBe("ultimate");

      const suspended = await admin(["account", "suspend", "--email", "alan@example.com"], cli.env);
      expect(suspended.json).toEqual({ id: expect.any(String), email: "alan@example.com", suspended: true });
      expect((await me(key.key)).status).toBe(403);

      const restored = await admin(["account", "unsuspend", "--email", "alan@example.com"], cli.env);
      expect(restored.json).toMatchObject({ suspended: false });
      expect((await me(key.key)).status).toBe(200);
    },
    CLI_TIMEOUT_MS,
  );

  it(
    "revokes keys and honours expiry dates",
    async () => {
      await admin(["account", "create", "--email", "edsger@example.com"], cli.env);
      const { json: key } = await admin(
        ["key", "create", "--email", "edsger@example.com", "--scopes", "plugins:read", "--expires-at", "2099-01-01T00:00:00Z"],
        cli.env,
      );
      expect((await me(key.key)).status).toBe(200);
      const revoked = await admin(["key", "revoke", "--id", key.id], cli.env);
      expect(revoked.json).toEqual({ id: key.id, status: "revoked" });
      expect((await me(key.key)).status).toBe(401);

      const { json: past } = await admin(["key", "create", "--email", "edsger@example.com", "--scopes", "plugins:read", "--expires-at", "2000-01-01"], cli.env);
      expect(past).toBeUndefined();
    },
    CLI_TIMEOUT_MS,
  );

  it(
    "reviews price requests: approve sets the price, reject keeps it and shows the note",
    async () => {
      const { json: account } = await admin(["account", "create", "--email", "pricer@example.com", "--plan", "pro"], cli.env);
      const { json: key } = await admin(["key", "create", "--email", "pricer@example.com", "--scopes", "plugins:read,plugins:write"], cli.env);
      const headers = { authorization: `Bearer ${key.key}`, "content-type": "application/json" };
      const manifest = { id: "cli-priced", name: "CLI Priced", version: "1.0.0", permissions: ["ui.notify"] };
      const published = await fetch(`${cli.server.url}/api/v1/plugins`, {
        method: "POST",
        headers,
        body: JSON.stringify({
          changelog: "First.",
          files: [
            { path: "plugin.json", content: JSON.stringify(manifest) },
            { path: "main.lua", content: 'ui.notify("hi")\n' },
          ],
        }),
      });
      expect(published.status).toBe(201);
      const request = (tier: string) => fetch(`${cli.server.url}/api/v1/plugins/cli-priced/price`, { method: "PUT", headers, body: JSON.stringify({ tier }) });

      expect((await request("t2")).status).toBe(200);
      const rejected = await admin(["price-request", "reject", "--slug", "cli-priced", "--note", "Start lower."], cli.env);
      expect(rejected.code).toBe(0);
      expect(rejected.json).toEqual({ slug: "cli-priced", tier: "t2", status: "rejected", note: "Start lower.", price: null });
      const seen = await (await fetch(`${cli.server.url}/api/v1/plugins/cli-priced`, { headers })).json();
      expect(seen.item.priceRequest).toMatchObject({ tier: "t2", status: "rejected", note: "Start lower." });

      expect((await request("t1")).status).toBe(200);
      const approved = await admin(["price-request", "approve", "--slug", "cli-priced"], cli.env);
      expect(approved.json).toEqual({ slug: "cli-priced", tier: "t1", status: "approved", note: null, price: { tier: "t1", INR: 49, USD: 1 } });
      const after = await (await fetch(`${cli.server.url}/api/v1/plugins/cli-priced`)).json();
      expect(after.item.price).toEqual({ tier: "t1", INR: 49, USD: 1 });

      const none = await admin(["price-request", "approve", "--slug", "cli-priced"], cli.env);
      expect(none.code).toBe(1);
      expect(none.error.error.code).toBe("not_found");
      expect(account.plan).toBe("pro");
    },
    CLI_TIMEOUT_MS,
  );

  it(
    "lists held plugin versions, rejects one with a note and approves the next; a decided version is a conflict",
    async () => {
      const keyOf = async (email: string) => {
        await admin(["account", "create", "--email", email, "--plan", "pro", "--name", email.split("@")[0]!], cli.env);
        return (await admin(["key", "create", "--email", email, "--scopes", "plugins:read,plugins:write"], cli.env)).json.key as string;
      };
      const publish = (key: string, id: string, version: string) =>
        fetch(`${cli.server.url}/api/v1/plugins`, {
          method: "POST",
          headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
          body: JSON.stringify({
            files: [
              { path: "plugin.json", content: JSON.stringify({ id, name: `Plugin ${version}`, version, permissions: ["ui.notify"] }) },
              { path: "main.lua", content: 'ui.notify("hi")\n' },
            ],
            changelog: "Release.",
          }),
        }).then((r) => r.json());
      expect((await publish(await keyOf("original@example.com"), "cli-scene-timer", "1.0.0")).version.review.status).toBe("listed");
      const imitator = await keyOf("imitator@example.com");
      expect((await publish(imitator, "cli-scene-t1mer", "1.0.0")).version.review.status).toBe("held");

      const listed = await admin(["review", "list"], cli.env);
      expect(listed.code).toBe(0);
      expect(listed.json.held).toEqual([expect.objectContaining({ slug: "cli-scene-t1mer", version: "1.0.0", newPlugin: true })]);
      const noNote = await admin(["review", "reject", "--slug", "cli-scene-t1mer", "--version", "1.0.0"], cli.env);
      expect(noNote.code).toBe(2);
      expect(noNote.error.error.code).toBe("bad_request");
      const rejected = await admin(["review", "reject", "--slug", "cli-scene-t1mer", "--version", "1.0.0", "--note", "Too close."], cli.env);
      expect(rejected.json).toMatchObject({ slug: "cli-scene-t1mer", version: "1.0.0", outcome: "rejected", note: "Too close." });
      const again = await admin(["review", "approve", "--slug", "cli-scene-t1mer", "--version", "1.0.0"], cli.env);
      expect(again.code).toBe(1);
      expect(again.error.error.code).toBe("conflict");

      await publish(imitator, "cli-scene-t1mer", "1.1.0");
      const approved = await admin(["review", "approve", "--slug", "cli-scene-t1mer", "--version", "1.1.0"], cli.env);
      expect(approved.json).toMatchObject({ outcome: "approved", note: null });
      expect((await fetch(`${cli.server.url}/api/v1/plugins/cli-scene-t1mer`)).status).toBe(200);
      const decided = await admin(["review", "list", "--decided"], cli.env);
      expect(decided.json.decided.map((d: { version: string; outcome: string; decidedBy: unknown }) => [d.version, d.outcome, d.decidedBy])).toEqual([
        ["1.1.0", "approved", null],
        ["1.0.0", "rejected", null],
      ]);
    },
    CLI_TIMEOUT_MS,
  );

  it(
    "runs payouts (none due on a new database) and refuses unknown methods and purchases",
    async () => {
      const run = await admin(["payout", "run", "--method", "upi"], cli.env);
      expect(run.code).toBe(0);
      expect(run.json).toEqual({ payouts: [] });
      const bad = await admin(["payout", "run", "--method", "cheque"], cli.env);
      expect(bad.code).toBe(2);
      expect(bad.error.error.code).toBe("bad_request");
      const missing = await admin(["purchase", "refund", "--id", "00000000-0000-4000-8000-000000000000"], cli.env);
      expect(missing.code).toBe(1);
      expect(missing.error.error.code).toBe("not_found");
    },
    CLI_TIMEOUT_MS,
  );

  it.each([
    [["account", "create", "--email", "grace@example.com"], 1, "conflict"],
    [["account", "create", "--email", "not-an-email"], 2, "bad_request"],
    [["account", "create", "--email", "x@example.com", "--plan", "gold"], 2, "bad_request"],
    [["account", "set-plan", "--email", "nobody@example.com", "--plan", "pro"], 1, "not_found"],
    [["key", "create", "--email", "grace@example.com", "--scopes", "plugins:read,root"], 2, "bad_request"],
    [["key", "create", "--email", "grace@example.com"], 2, "bad_request"],
    [["key", "revoke", "--id", "00000000-0000-4000-8000-000000000000"], 1, "not_found"],
    [["account", "delete", "--email", "grace@example.com"], 2, "bad_request"],
    [["account", "create", "--email", "y@example.com", "--bogus"], 2, "bad_request"],
  ])(
    "refuses %j with a JSON error on stderr",
    async (args, code, errorCode) => {
      const result = await admin(args as string[], cli.env);
      expect(result.code).toBe(code);
      expect(result.stdout).toBe("");
      expect(result.error).toEqual({ error: { code: errorCode, message: expect.any(String) } });
    },
    60_000,
  );

  it.each([["--help"], ["-h"], ["help"]])(
    "prints its usage for %s as plain text on stdout and exits 0",
    async (flag) => {
      const result = await admin([flag], cli.env);
      expect(result.code).toBe(0);
      expect(result.stderr).toBe("");
      expect(result.json).toBeUndefined();
      expect(result.stdout).not.toContain("\\n");
      const lines = result.stdout.trimEnd().split("\n");
      expect(lines[0]).toBe("Usage: npm run -s admin -- <command> [flags]");
      expect(lines).toContain("  account create --email E [--plan free|pro|ultimate] [--name N] [--staff] [--country CC] [--password P]");
      expect(lines).toContain("  price-request approve --slug S");
    },
    60_000,
  );

  it(
    "prints its usage as plain text on stderr and exits 2 when no command is given",
    async () => {
      const result = await admin([], cli.env);
      expect(result.code).toBe(2);
      expect(result.stdout).toBe("");
      expect(result.stderr.split("\n")[0]).toBe("Usage: npm run -s admin -- <command> [flags]");
      expect(result.stderr).not.toContain("\\n");
    },
    CLI_TIMEOUT_MS,
  );

  it(
    "names the unknown command in a one-line JSON error that points at --help",
    async () => {
      const result = await admin(["account", "delete"], cli.env);
      expect(result.code).toBe(2);
      expect(result.stderr.trim().split("\n")).toHaveLength(1);
      expect(result.error).toEqual({
        error: { code: "bad_request", message: 'Unknown command "account delete"; npm run -s admin -- --help lists the commands.' },
      });
    },
    CLI_TIMEOUT_MS,
  );

  it(
    "makes an existing account an operator with account set-staff, and back with --off",
    async () => {
      const created = await admin(["account", "create", "--email", "staff-to-be@example.com", "--plan", "pro"], cli.env);
      expect(created.code).toBe(0);
      const on = await admin(["account", "set-staff", "--email", "Staff-To-Be@example.com"], cli.env);
      expect(on.code).toBe(0);
      expect(on.json).toEqual({ id: created.json.id, email: "staff-to-be@example.com", staff: true });
      const off = await admin(["account", "set-staff", "--email", "staff-to-be@example.com", "--off"], cli.env);
      expect(off.json).toEqual({ id: created.json.id, email: "staff-to-be@example.com", staff: false });
      const missing = await admin(["account", "set-staff", "--email", "nobody-here@example.com"], cli.env);
      expect(missing.code).toBe(1);
      expect(missing.error.error.code).toBe("not_found");
    },
    CLI_TIMEOUT_MS,
  );

  it(
    "publishes, lists and withdraws desktop releases, which the running server's updater offers at once",
    async () => {
      const flags = ["--target", "linux", "--arch", "x86_64", "--url", "https://downloads.streamkit.example/3.1.0/app.tar.gz", "--signature", "c2lnbmF0dXJl"];
      const published = await admin(
        ["release", "publish", "--version", "3.1.0", ...flags, "--notes", "Faster start.", "--pub-date", "2026-11-24T08:00:00Z"],
        cli.env,
      );
      expect(published.code, published.stderr).toBe(0);
      expect(published.json.release).toMatchObject({
        version: "3.1.0",
        target: "linux",
        arch: "x86_64",
        rollout: 100,
        withdrawnAt: null,
        pubDate: "2026-11-24T08:00:00.000Z",
      });
      const offered = await fetch(`${cli.server.url}/api/app/update/linux/x86_64/3.0.0`);
      expect(await offered.json()).toMatchObject({ version: "3.1.0", notes: "Faster start.", signature: "c2lnbmF0dXJl" });
      const listed = await admin(["release", "list"], cli.env);
      expect(listed.json.releases.map((r: { version: string }) => r.version)).toContain("3.1.0");
      const again = await admin(["release", "publish", "--version", "3.1.0", ...flags], cli.env);
      expect(again.code).toBe(1);
      expect(again.error.error.code).toBe("version_exists");
      const bad = await admin(["release", "publish", "--version", "3.2", ...flags, "--rollout", "150"], cli.env);
      expect(bad.code).toBe(2);
      expect(bad.error.error.code).toBe("bad_request");
      const withdrawn = await admin(["release", "withdraw", "--version", "3.1.0"], cli.env);
      expect(withdrawn.json.withdrawn).toHaveLength(1);
      expect((await fetch(`${cli.server.url}/api/app/update/linux/x86_64/3.0.0`)).status).toBe(204);
      const half = await admin(["release", "withdraw", "--version", "3.1.0", "--target", "linux"], cli.env);
      expect(half.code).toBe(2);
    },
    CLI_TIMEOUT_MS,
  );

  it(
    "moves releases between channels and rollouts, sets minimum versions, and withdraws with rollback, which the running server's updater applies at once",
    async () => {
      const flags = (version: string) => [
        "--target",
        "windows",
        "--arch",
        "i686",
        "--url",
        `https://downloads.streamkit.example/${version}/app.exe`,
        "--signature",
        "c2ln",
      ];
      await admin(["release", "publish", "--version", "4.0.0", ...flags("4.0.0")], cli.env);
      const beta = await admin(["release", "publish", "--version", "4.1.0-beta.1", ...flags("4.1.0-beta.1"), "--channel", "beta"], cli.env);
      expect(beta.code, beta.stderr).toBe(0);
      expect(beta.json.release).toMatchObject({ version: "4.1.0-beta.1", channel: "beta", revision: 1, updatedBy: null });
      const update = (path: string) => fetch(`${cli.server.url}/api/app/update/windows/i686/${path}`);
      expect((await (await update("3.0.0?channel=beta")).json()).version).toBe("4.1.0-beta.1");
      expect((await (await update("3.0.0")).json()).version).toBe("4.0.0");

      const promoted = await admin(["release", "change", "--version", "4.1.0-beta.1", "--channel", "stable", "--rollout", "0"], cli.env);
      expect(promoted.code, promoted.stderr).toBe(0);
      expect(promoted.json.changed).toEqual([expect.objectContaining({ channel: "stable", rollout: 0, revision: 2 })]);
      const stale = await admin(
        ["release", "change", "--version", "4.1.0-beta.1", "--target", "windows", "--arch", "i686", "--rollout", "5", "--revision", "1"],
        cli.env,
      );
      expect([stale.code, stale.error.error.code]).toEqual([1, "conflict"]);
      expect(stale.error.error.message).toContain("(now revision 2)");

      const minimum = await admin(["release", "minimum", "--target", "windows", "--arch", "i686", "--version", "4.1.0-beta.1"], cli.env);
      expect(minimum.code, minimum.stderr).toBe(0);
      expect(minimum.json.minimum).toMatchObject({ channel: "stable", version: "4.1.0-beta.1", satisfiedBy: "4.1.0-beta.1" });
      expect(await (await update("4.0.0")).json()).toMatchObject({ version: "4.1.0-beta.1", required: true, minimumVersion: "4.1.0-beta.1" });
      const listed = await admin(["release", "list"], cli.env);
      expect(listed.json.minimums).toEqual([expect.objectContaining({ target: "windows", arch: "i686", version: "4.1.0-beta.1" })]);
      expect((await admin(["release", "minimum", "--target", "windows", "--arch", "i686", "--clear"], cli.env)).json).toEqual({ minimum: null });
      const both = await admin(["release", "minimum", "--target", "windows", "--arch", "i686", "--version", "1.0.0", "--clear"], cli.env);
      expect([both.code, both.error.error.code]).toEqual([2, "bad_request"]);

      await admin(["release", "change", "--version", "4.1.0-beta.1", "--rollout", "100"], cli.env);
      const rolledBack = await admin(["release", "withdraw", "--version", "4.1.0-beta.1", "--rollback"], cli.env);
      expect(rolledBack.json.withdrawn).toEqual([expect.objectContaining({ rollback: true })]);
      expect(await (await update("4.1.0-beta.1")).json()).toMatchObject({ version: "4.0.0", rollback: true });
      expect((await update("4.0.0")).status).toBe(204);
      const badRollout = await admin(["release", "change", "--version", "4.0.0", "--rollout", "half"], cli.env);
      expect([badRollout.code, badRollout.error.error.code]).toEqual([2, "bad_request"]);
    },
    CLI_TIMEOUT_MS,
  );

  // Each CLI call is a process of its own (npm, Node with the bundled program, the database): a few seconds each on a busy machine, so each test makes only a few.
  it(
    "gives and takes back complimentary plans, applied by the server on the next request",
    async () => {
      await admin(["account", "create", "--email", "gift@example.com"], cli.env);
      const { json: key } = await admin(["key", "create", "--email", "gift@example.com", "--scopes", "plugins:read"], cli.env);
      const until = new Date(Date.now() + 30 * 24 * 60 * 60 * 1000).toISOString();
      const granted = await admin(["plan", "grant", "--email", "gift@example.com", "--plan", "ultimate", "--until", until, "--note", "Partner"], cli.env);
      expect(granted.code, granted.stderr).toBe(0);
      expect(granted.json).toMatchObject({ plan: "ultimate", endsAt: until, note: "Partner" });
      expect((await (await me(key.key)).json()).plan.name).toBe("ultimate");
      const revoked = await admin(["plan", "revoke", "--email", "gift@example.com"], cli.env);
      expect(revoked.json).toMatchObject({ revoked: true });
      expect((await (await me(key.key)).json()).plan.name).toBe("free");
    },
    CLI_TIMEOUT_MS,
  );

  it(
    "refuses a complimentary plan that ends in the past, of the Free plan, or for nobody",
    async () => {
      await admin(["account", "create", "--email", "no-gift@example.com"], cli.env);
      const until = new Date(Date.now() + 30 * 24 * 60 * 60 * 1000).toISOString();
      const past = await admin(["plan", "grant", "--email", "no-gift@example.com", "--plan", "pro", "--until", "2020-01-01"], cli.env);
      expect([past.code, past.error.error.code]).toEqual([2, "bad_request"]);
      const badPlan = await admin(["plan", "grant", "--email", "no-gift@example.com", "--plan", "free", "--until", until], cli.env);
      expect(badPlan.code).not.toBe(0);
      const nobody = await admin(["plan", "grant", "--email", "nobody@example.com", "--plan", "pro", "--until", until], cli.env);
      expect(nobody.error.error.code).toBe("not_found");
    },
    CLI_TIMEOUT_MS,
  );

  it(
    "lists subscriptions and refuses an unknown status or payment",
    async () => {
      const listed = await admin(["subscription", "list", "--q", "nobody-subscribes@example.com"], cli.env);
      expect(listed.json).toEqual({ items: [] });
      expect((await admin(["subscription", "list", "--status", "sleeping"], cli.env)).code).not.toBe(0);
      const unknown = await admin(["subscription", "refund", "--payment", "00000000-0000-4000-8000-000000000000"], cli.env);
      expect([unknown.code, unknown.error.error.code]).toEqual([1, "not_found"]);
    },
    CLI_TIMEOUT_MS,
  );

  it(
    "says the database is unavailable, without internals, when it cannot be reached",
    async () => {
      const result = await admin(["account", "set-plan", "--email", "grace@example.com", "--plan", "pro"], {
        DATABASE_URL: "postgres://postgres@127.0.0.1:1/nowhere",
      });
      expect(result.code).toBe(1);
      expect(result.stdout).toBe("");
      expect(result.error).toEqual({ error: { code: "service_unavailable", message: expect.any(String) } });
      expect(JSON.stringify(result.error)).not.toMatch(/ECONNREFUSED|127\.0\.0\.1/);
    },
    CLI_TIMEOUT_MS,
  );

  it(
    "prints no internals when something unexpected fails: a generic error naming an incident, the cause logged under it",
    async () => {
      // A data folder that cannot be a folder: the command cannot even start.
      const result = await admin(["account", "set-plan", "--email", "grace@example.com", "--plan", "pro"], { DATABASE_URL: "", DATA_DIR: "/dev/null/nowhere" });
      expect(result.code).toBe(1);
      expect(result.stdout).toBe("");
      expect(result.error).toEqual({
        error: { code: "internal_error", message: expect.stringMatching(/^The command failed unexpectedly \(incident [0-9a-f-]{36}\)/) },
      });
      expect(JSON.stringify(result.error)).not.toMatch(/ENOTDIR|\/dev\/null/);
      const incident = /incident ([0-9a-f-]{36})/.exec(result.error.error.message)![1];
      const logged = result.stderr
        .trim()
        .split("\n")
        .slice(0, -1)
        .map((line) => JSON.parse(line));
      expect(logged).toContainEqual(expect.objectContaining({ incident, msg: "admin command failed", level: 50 }));
    },
    CLI_TIMEOUT_MS,
  );

  it(
    "verifies a publisher with a note, lists it, revokes it; the server's publisher page follows",
    async () => {
      const { json: hedy } = await admin(["account", "create", "--email", "hedy@example.com", "--name", "Hedy Labs"], cli.env);
      const granted = await admin(["publisher", "grant", "--publisher", "hedy@example.com", "--note", "Known inventor."], cli.env);
      expect(granted.code).toBe(0);
      expect(granted.json).toEqual({ handle: "hedy-labs", name: "Hedy Labs", verified: true });
      const page = async () => (await (await fetch(`${cli.server.url}/api/v1/publishers/hedy-labs`)).json()).publisher;
      expect(await page()).toMatchObject({ verified: true, verification: { byOperator: true, domains: [] } });

      const listed = await admin(["publisher", "list"], cli.env);
      // Other tests of this file verify accounts too: this account's entry, exactly.
      expect(listed.json.verified.filter((entry: { handle: string }) => entry.handle === "hedy-labs")).toEqual([
        {
          accountId: hedy.id,
          handle: "hedy-labs",
          name: "Hedy Labs",
          email: "hedy@example.com",
          grant: { grantedAt: expect.stringMatching(/Z$/), grantedBy: "operator CLI", note: "Known inventor." },
          domains: [],
        },
      ]);
      expect(listed.json.events[0]).toMatchObject({ handle: "hedy-labs", action: "grant", actor: "operator CLI", via: "cli", note: "Known inventor." });

      const revoked = await admin(["publisher", "revoke", "--publisher", "hedy-labs", "--note", "Asked to be removed."], cli.env);
      expect(revoked.json).toEqual({ handle: "hedy-labs", name: "Hedy Labs", verified: false });
      expect((await page()).verified).toBe(false);

      const noNote = await admin(["publisher", "grant", "--publisher", "hedy-labs", "--note", " "], cli.env);
      // A blank note is a usage mistake: exit 2, as every bad_request of this CLI.
      expect(noNote.code).toBe(2);
      expect(noNote.error.error.code).toBe("bad_request");
      const rechecked = await admin(["publisher", "recheck"], cli.env);
      expect(rechecked.json).toEqual({ checked: [], revoked: 0 });
    },
    CLI_TIMEOUT_MS,
  );
});
