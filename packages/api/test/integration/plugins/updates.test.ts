/**
 * POST /api/v1/plugins/updates (docs/desktop.md#plugin-updates-in-one-call):
 * one answer per installed plugin, decided by the download's rules — an
 * update with its changelogs, permission changes and a signature that
 * verifies; up to date; a paid plugin not bought; a takedown told to its
 * holders; unknown ids — without failing the batch, as one request.
 */
import { pluginUpdateLimits } from "@streamkit/api-contract";
import { digestHex, packageDigest } from "@streamkit/plugin-rules/package-digest";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { verifyMinisign } from "../../../src/shared/minisign";
import { createTestApp, type TestApp } from "../../support/app";
import { TestClock } from "../../support/clock";
import { buy } from "../../support/commerce";
import { bearer, insertAccount, insertDesktopTokens, insertKey, insertPlugin } from "../../support/factories";
import { jsonPost, type PackageOptions, publishBody } from "../../support/packages";
import { sessionCookie } from "../../support/session";
import { readTrpc, trpcMutate } from "../../support/trpc";

let app: TestApp;
const clock = new TestClock(Date.UTC(2026, 10, 28, 9, 0, 0));

interface Person {
  id: string;
  key: string;
}

async function person(name: string, plan: "free" | "pro" | "ultimate" = "pro", staff = false): Promise<Person> {
  const row = await insertAccount(app.deps.db, { name, plan, staff });
  return { id: row.id, key: (await insertKey(app.deps.db, row.id)).key };
}

let author: Person;
/** A second author: publishes are limited per account per hour. */
let builder: Person;
let fan: Person;

const updates = (who: string, installed: unknown, headers: Record<string, string> = {}) =>
  app.json("/plugins/updates", jsonPost({ installed }, { ...bearer(who), ...headers }));

async function publish(options: PackageOptions, changelog?: string, by: Person = author) {
  clock.nextMinute();
  // A main file that calls nothing, so any set of permissions passes the lint.
  const response = await app.json("/plugins", jsonPost(publishBody({ main: "local ready = true\n", ...options }, changelog), bearer(by.key)));
  expect(response.status).toBe(201);
  return response.body;
}

const keys = async () => (await app.json("/plugin-signing-keys")).body.keys as { keyId: string; publicKey: string; status: string }[];

beforeAll(async () => {
  app = await createTestApp({ now: clock.now });
  author = await person("Ada Author");
  builder = await person("Ben Builder");
  fan = await person("Finn Fan");
  // A plugin with three versions: the third asks for network and ai, and drops ui.notify.
  await publish({ id: "chat-tools", version: "1.0.0", permissions: ["ui.notify"] }, "First release.");
  await publish({ id: "chat-tools", version: "1.1.0", permissions: ["ui.notify", "chat.read"] }, "Reads chat.");
  await publish({ id: "chat-tools", version: "2.0.0", permissions: ["chat.read", "network"], optional_permissions: ["ai"] }, "Talks to the network.");
  await publish({ id: "steady", version: "3.1.4" });
});
afterAll(() => app.close());
beforeEach(() => clock.nextMinute());

describe("POST /api/v1/plugins/updates", () => {
  it("offers the latest version with the changelogs since the installed one, what it now asks for, and a signature that verifies", async () => {
    const { status, headers, body } = await updates(fan.key, [{ id: "chat-tools", version: "1.0.0" }]);
    expect(status).toBe(200);
    expect(headers.get("cache-control")).toBe("no-store");
    const [item] = body.items;
    expect(item).toEqual({
      status: "update_available",
      id: "chat-tools",
      installedVersion: "1.0.0",
      latest: {
        version: "2.0.0",
        createdAt: expect.stringMatching(/Z$/),
        permissions: ["chat.read", "network"],
        optionalPermissions: ["ai"],
        publisherId: author.id,
        digestAlgorithm: "streamkit-plugin-package-v1+sha256",
        digest: expect.stringMatching(/^[0-9a-f]{64}$/),
        signature: expect.stringContaining("trusted comment: plugin:chat-tools\tversion:2.0.0\t"),
        // As minisign prints it: a 64-bit number in upper-case hex, without leading zeros.
        keyId: expect.stringMatching(/^[1-9A-F][0-9A-F]{0,15}$/),
        download: "/api/v1/plugins/chat-tools/package",
      },
      changes: [
        { version: "2.0.0", changelog: "Talks to the network.", createdAt: expect.any(String) },
        { version: "1.1.0", changelog: "Reads chat.", createdAt: expect.any(String) },
      ],
      changesTruncated: false,
      installedKnown: true,
      permissionChanges: { permissions: { added: ["chat.read", "network"], removed: ["ui.notify"] }, optionalPermissions: { added: ["ai"], removed: [] } },
      permissionsWidened: true,
    });

    // The signature is the package's: the files downloaded next hash to the digest it signs, under a listed key.
    const pkg = (await app.json("/plugins/chat-tools/package", { headers: bearer(fan.key) })).body;
    expect(pkg).toMatchObject({ version: "2.0.0", digest: item.latest.digest, signature: item.latest.signature, keyId: item.latest.keyId });
    const manifest = JSON.parse(pkg.files.find((f: { path: string }) => f.path === "plugin.json").content);
    const digest = packageDigest({
      id: manifest.id,
      version: manifest.version,
      publisherId: item.latest.publisherId,
      permissions: manifest.permissions ?? [],
      optionalPermissions: manifest.optional_permissions ?? [],
      files: pkg.files,
    });
    expect(digestHex(digest)).toBe(item.latest.digest);
    const key = (await keys()).find((k) => k.keyId === item.latest.keyId)!;
    expect(verifyMinisign({ publicKey: key.publicKey, signature: item.latest.signature, data: digest }).ok).toBe(true);
  });

  it("compares with the installed version, not the one before the latest: from 1.1.0 only network and ai are new", async () => {
    const { body } = await updates(fan.key, [{ id: "chat-tools", version: "1.1.0" }]);
    expect(body.items[0]).toMatchObject({
      status: "update_available",
      changes: [{ version: "2.0.0" }],
      permissionChanges: { permissions: { added: ["network"], removed: ["ui.notify"] }, optionalPermissions: { added: ["ai"], removed: [] } },
      permissionsWidened: true,
    });
  });

  it("says an update that asks for nothing more did not widen", async () => {
    await publish({ id: "narrowing", version: "1.0.0", permissions: ["ui.notify", "chat.read"] });
    await publish({ id: "narrowing", version: "1.0.1", permissions: ["chat.read"] }, "Quieter.");
    const { body } = await updates(fan.key, [{ id: "narrowing", version: "1.0.0" }]);
    expect(body.items[0]).toMatchObject({
      status: "update_available",
      latest: { version: "1.0.1" },
      permissionChanges: { permissions: { added: [], removed: ["ui.notify"] }, optionalPermissions: { added: [], removed: [] } },
      permissionsWidened: false,
    });
  });

  it("counts everything the latest asks for as added when the installed version was never published", async () => {
    const { body } = await updates(fan.key, [{ id: "chat-tools", version: "1.0.5-local" }]);
    expect(body.items[0]).toMatchObject({
      status: "update_available",
      installedKnown: false,
      changes: [{ version: "2.0.0" }, { version: "1.1.0" }],
      permissionChanges: { permissions: { added: ["chat.read", "network"], removed: [] }, optionalPermissions: { added: ["ai"], removed: [] } },
      permissionsWidened: true,
    });
  });

  it("answers up_to_date, with the signed latest, for the latest version or a higher one", async () => {
    const { body } = await updates(fan.key, [
      { id: "steady", version: "3.1.4" },
      { id: "chat-tools", version: "2.0.0+build.7" },
      { id: "chat-tools-next", version: "1.0.0" },
    ]);
    expect(body.items[0]).toEqual({
      status: "up_to_date",
      id: "steady",
      installedVersion: "3.1.4",
      latest: expect.objectContaining({ version: "3.1.4", signature: expect.stringContaining("version:3.1.4"), download: "/api/v1/plugins/steady/package" }),
    });
    expect(body.items[1]).toMatchObject({ status: "up_to_date", installedVersion: "2.0.0+build.7", latest: { version: "2.0.0" } });
    expect(body.items[2]).toEqual({ status: "not_found", id: "chat-tools-next", installedVersion: "1.0.0" });
  });

  it("keeps at most the newest changelogs and says older ones were left out", async () => {
    const count = pluginUpdateLimits.maxChanges + 3;
    const versions = Array.from({ length: count }, (_, minor) => ({ version: `1.${minor}.0`, changelog: `Minor ${minor}.` }));
    await insertPlugin(app.deps.db, { slug: "chatty", ownerId: author.id, versions });
    const { body } = await updates(fan.key, [{ id: "chatty", version: "1.0.0" }]);
    const [item] = body.items;
    expect(item.changes).toHaveLength(pluginUpdateLimits.maxChanges);
    expect(item.changes[0]).toMatchObject({ version: `1.${count - 1}.0`, changelog: `Minor ${count - 1}.` });
    expect(item.changes.at(-1).version).toBe(`1.${count - pluginUpdateLimits.maxChanges}.0`);
    expect(item.changesTruncated).toBe(true);
    const near = (await updates(fan.key, [{ id: "chatty", version: `1.${count - 3}.0` }])).body.items[0];
    expect(near.changes.map((c: { version: string }) => c.version)).toEqual([`1.${count - 1}.0`, `1.${count - 2}.0`]);
    expect(near.changesTruncated).toBe(false);
  });

  it("asks for a purchase of a paid plugin not bought, and offers the update once it is bought (a version from before signing is signed when first offered)", async () => {
    await insertPlugin(app.deps.db, { slug: "paid-tools", ownerId: author.id, priceTier: "t1", versions: [{ version: "1.0.0" }, { version: "1.1.0" }] });
    const before = await updates(fan.key, [{ id: "paid-tools", version: "1.0.0" }]);
    expect(before.body.items[0]).toEqual({
      status: "purchase_required",
      id: "paid-tools",
      installedVersion: "1.0.0",
      version: "1.1.0",
      price: { tier: "t1", INR: expect.any(Number), USD: expect.any(Number) },
      buyUrl: `${app.deps.env.PUBLIC_URL}/plugins/paid-tools/buy`,
    });
    // Its author is never asked to pay.
    expect((await updates(author.key, [{ id: "paid-tools", version: "1.0.0" }])).body.items[0].status).toBe("update_available");

    await buy(app, fan.id, "paid-tools");
    expect((await updates(fan.key, [{ id: "paid-tools", version: "1.0.0" }])).body.items[0]).toMatchObject({
      status: "update_available",
      latest: { version: "1.1.0" },
    });
  });

  it("tells holders of a taken-down plugin when and why, answers not_found to others, and offers its author the update", async () => {
    await publish({ id: "scene-wiper", version: "1.0.0" }, undefined, builder);
    await publish({ id: "scene-wiper", version: "1.0.1" }, undefined, builder);
    const holder = await person("Hal Holder");
    expect((await app.json("/plugins/scene-wiper/package", { headers: bearer(holder.key) })).status).toBe(200);
    const reporter = await person("Rae Reporter");
    const reported = await app.json("/plugins/scene-wiper/report", {
      method: "PUT",
      headers: { ...bearer(reporter.key), "content-type": "application/json" },
      body: JSON.stringify({ reason: "malware", details: "Deletes scenes." }),
    });
    expect(reported.status).toBe(200);
    const staff = await person("Opal Operator", "pro", true);
    const taken = await readTrpc(
      await trpcMutate(
        app,
        "admin.reports.decide",
        { slug: "scene-wiper", action: "take_down", note: "Confirmed." },
        { cookie: await sessionCookie(app, staff.id) },
      ),
    );
    expect(taken.status).toBe(200);

    const installed = [{ id: "scene-wiper", version: "1.0.0" }];
    expect((await updates(holder.key, installed)).body.items[0]).toEqual({
      status: "taken_down",
      id: "scene-wiper",
      installedVersion: "1.0.0",
      takenDown: { at: expect.stringMatching(/Z$/), reason: "malware" },
    });
    expect((await updates(fan.key, installed)).body.items[0]).toEqual({ status: "not_found", id: "scene-wiper", installedVersion: "1.0.0" });
    expect((await updates(builder.key, installed)).body.items[0]).toMatchObject({ status: "update_available", latest: { version: "1.0.1" } });
  });

  it("answers not_found for a removed plugin the caller never held, and the update for one it held", async () => {
    await publish({ id: "going-away", version: "1.0.0" }, undefined, builder);
    await publish({ id: "going-away", version: "1.1.0" }, undefined, builder);
    const holder = await person("Hope Holder");
    expect((await app.json("/plugins/going-away/package", { headers: bearer(holder.key) })).status).toBe(200);
    expect((await app.json("/plugins/going-away", { method: "DELETE", headers: bearer(builder.key) })).status).toBe(204);
    const installed = [{ id: "going-away", version: "1.0.0" }];
    expect((await updates(fan.key, installed)).body.items[0].status).toBe("not_found");
    expect((await updates(holder.key, installed)).body.items[0]).toMatchObject({ status: "update_available", latest: { version: "1.1.0" } });
  });

  it("answers every kind in one batch, in the order sent, without failing on unknown ids", async () => {
    const { status, body } = await updates(fan.key, [
      { id: "no-such-plugin", version: "0.1.0" },
      { id: "chat-tools", version: "1.1.0" },
      { id: "steady", version: "3.1.4" },
    ]);
    expect(status).toBe(200);
    expect(body.items.map((item: { id: string; status: string }) => [item.id, item.status])).toEqual([
      ["no-such-plugin", "not_found"],
      ["chat-tools", "update_available"],
      ["steady", "up_to_date"],
    ]);
  });

  it("answers the desktop app's token the same way", async () => {
    const { accessToken } = await insertDesktopTokens(app.deps.db, fan.id, { now: clock.now() });
    const { status, body } = await updates(accessToken, [{ id: "chat-tools", version: "1.0.0" }]);
    expect(status).toBe(200);
    expect(body.items[0]).toMatchObject({ status: "update_available", latest: { version: "2.0.0" } });
  });

  it("counts a whole batch as one request against the account's limit", async () => {
    const counter = await person("Cora Counter");
    const installed = Array.from({ length: pluginUpdateLimits.maxInstalled }, (_, i) => ({ id: i === 0 ? "chat-tools" : `missing-${i}`, version: "1.0.0" }));
    const first = await updates(counter.key, installed);
    expect(first.status).toBe(200);
    expect(first.body.items).toHaveLength(pluginUpdateLimits.maxInstalled);
    const remaining = Number(first.headers.get("x-ratelimit-remaining"));
    const second = await updates(counter.key, installed);
    expect(Number(second.headers.get("x-ratelimit-remaining"))).toBe(remaining - 1);
    expect(Number(first.headers.get("x-ratelimit-limit"))).toBe(remaining + 1);
  });

  it("refuses a bad batch whole with 400 validation_error naming each problem", async () => {
    const cases: [unknown, string][] = [
      [[], "installed"],
      [Array.from({ length: pluginUpdateLimits.maxInstalled + 1 }, (_, i) => ({ id: `p-${i}`, version: "1.0.0" })), "installed"],
      [[{ id: "Chat Tools", version: "1.0.0" }], "installed[0].id"],
      [[{ id: "chat-tools", version: "v1.0" }], "installed[0].version"],
      [
        [
          { id: "chat-tools", version: "1.0.0" },
          { id: "chat-tools", version: "1.1.0" },
        ],
        "installed[1].id",
      ],
      [[{ id: "chat-tools" }], "installed[0].version"],
      ["chat-tools", "installed"],
    ];
    for (const [installed, path] of cases) {
      const { status, body } = await updates(fan.key, installed);
      expect(status, JSON.stringify(installed).slice(0, 80)).toBe(400);
      expect(body.error.code).toBe("validation_error");
      expect(JSON.stringify(body.error.details)).toContain(path);
    }
    const bad = await updates(fan.key, [{ id: "chat-tools", version: "v1.0" }]);
    expect(JSON.stringify(bad.body.error.details)).toContain("Not a SemVer version");
  });

  it("needs a key with plugins:read, and a plan that downloads plugins", async () => {
    const installed = [{ id: "chat-tools", version: "1.0.0" }];
    expect((await app.json("/plugins/updates", jsonPost({ installed }, {}))).status).toBe(401);
    const writer = await insertKey(app.deps.db, fan.id, { scopes: ["plugins:write"] });
    const wrongScope = await updates(writer.key, installed);
    expect(wrongScope.status).toBe(403);
    expect(wrongScope.body.error).toMatchObject({ code: "insufficient_scope", details: { requiredScope: "plugins:read" } });
    const free = await person("Fay Free", "free");
    const planRefused = await updates(free.key, installed);
    expect(planRefused.status).toBe(403);
    expect(planRefused.body.error).toMatchObject({ code: "plan_required" });
  });
});
