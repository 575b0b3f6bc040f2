import { pluginFiles, plugins, pluginVersions, rateLimitWindows } from "@streamkit/db";
import { eq, like } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../support/app";
import { TestClock } from "../../support/clock";
import { bearer, insertAccount, insertKey } from "../../support/factories";
import { jsonPost, publishBody } from "../../support/packages";

let app: TestApp;
const clock = new TestClock(Date.UTC(2026, 10, 22, 9, 0, 0));
let author: { id: string; key: string };
let rival: { id: string; key: string };

async function makeAuthor(name: string) {
  const account = await insertAccount(app.deps.db, { name, plan: "pro" });
  return { id: account.id, key: (await insertKey(app.deps.db, account.id)).key };
}

const publish = (key: string, body: unknown) => app.json("/plugins", jsonPost(body, bearer(key)));

beforeAll(async () => {
  app = await createTestApp({ now: clock.now });
  author = await makeAuthor("Ada Author");
  rival = await makeAuthor("Rival Author");
});
afterAll(() => app.close());
// Publishing tests publish more than the hourly and per-minute limits allow: each test starts an hour later.
beforeEach(() => {
  clock.advance(60 * 60 * 1000);
  clock.nextMinute();
});

describe("POST /api/v1/plugins", () => {
  it("publishes a first version: 201 with the version, the listing and a Location", async () => {
    const { status, body, headers } = await publish(
      author.key,
      publishBody({ id: "hello-world", name: "Hello World", permissions: ["ui.notify"] }, "First release."),
    );
    expect(status).toBe(201);
    expect(headers.get("location")).toBe("/api/v1/plugins/hello-world");
    expect(body.version).toEqual({
      slug: "hello-world",
      version: "1.0.0",
      changelog: "First release.",
      createdAt: clock.now().toISOString(),
      files: [
        { path: "plugin.json", bytes: expect.any(Number) },
        { path: "main.lua", bytes: Buffer.byteLength('local greeting <const> = "Hello"\nui.notify(greeting .. ", stream!")\n') },
      ],
      review: { status: "listed", reasons: [] },
    });
    expect(body.item).toMatchObject({
      permissionsWidened: false,
      slug: "hello-world",
      name: "Hello World",
      version: "1.0.0",
      permissions: ["ui.notify"],
      mine: true,
      owned: true,
      status: "published",
      downloads: 0,
    });

    const detail = await app.json("/plugins/hello-world");
    expect(detail.body.item.versions).toEqual([
      {
        version: "1.0.0",
        changelog: "First release.",
        createdAt: clock.now().toISOString(),
        permissions: ["ui.notify"],
        optionalPermissions: [],
        permissionChanges: { permissions: { added: [], removed: [] }, optionalPermissions: { added: [], removed: [] } },
      },
    ]);
    expect(detail.body.item.publisher).toEqual({ kind: "user", name: "Ada Author", verified: false, handle: "ada-author" });
  });

  it("records each version's permissions and what it adds or drops; the listing says when the latest widened them", async () => {
    const id = "asks-more";
    expect((await publish(author.key, publishBody({ id, version: "1.0.0", permissions: ["ui.notify"] }))).status).toBe(201);
    clock.nextMinute();
    const widened = await publish(author.key, publishBody({ id, version: "1.1.0", permissions: ["ui.notify", "network"], optional_permissions: ["ai"] }));
    expect(widened.body.item).toMatchObject({ permissions: ["ui.notify", "network"], permissionsWidened: true });
    const { body } = await app.json(`/plugins/${id}`);
    expect(body.item.permissionsWidened).toBe(true);
    expect(body.item.versions.map((v: any) => [v.version, v.permissions, v.optionalPermissions, v.permissionChanges])).toEqual([
      ["1.1.0", ["ui.notify", "network"], ["ai"], { permissions: { added: ["network"], removed: [] }, optionalPermissions: { added: ["ai"], removed: [] } }],
      ["1.0.0", ["ui.notify"], [], { permissions: { added: [], removed: [] }, optionalPermissions: { added: [], removed: [] } }],
    ]);
    const listed = await app.json(`/plugins?q=${id}`);
    expect(listed.body.items[0]).toMatchObject({ slug: id, permissionsWidened: true });
    clock.nextMinute();
    // Dropping one and moving another from required to optional asks for less: not widened.
    const narrowed = await publish(author.key, publishBody({ id, version: "1.2.0", permissions: [], optional_permissions: ["ai", "ui.notify"] }));
    expect(narrowed.body.item.permissionsWidened).toBe(false);
    const after = await app.json(`/plugins/${id}`);
    expect(after.body.item.versions[0].permissionChanges).toEqual({
      permissions: { added: [], removed: ["ui.notify", "network"] },
      optionalPermissions: { added: ["ui.notify"], removed: [] },
    });
  });

  it("orders versions by SemVer: higher ones publish, others are 409 version_exists", async () => {
    const steps: [string, number][] = [
      ["1.0.0", 201],
      ["1.0.1", 201],
      ["1.1.0-beta", 201],
      ["1.1.0", 201],
      ["1.1.0+build.7", 409],
      ["1.0.9", 409],
      ["1.1.0-rc.1", 409],
    ];
    for (const [version, expected] of steps) {
      clock.advance(1000);
      const { status, body } = await publish(author.key, publishBody({ id: "semver-order", version }));
      expect(status, version).toBe(expected);
      if (expected === 409) {
        expect(body.error.code).toBe("version_exists");
        expect(body.error.message).toContain("1.1.0");
      }
    }
    clock.nextMinute();
    expect((await publish(author.key, publishBody({ id: "semver-order", version: "2.0.0" }))).status).toBe(201);
    const { body } = await app.json("/plugins/semver-order");
    expect(body.item.version).toBe("2.0.0");
    expect(body.item.versions.map((v: { version: string }) => v.version)).toEqual(["2.0.0", "1.1.0", "1.1.0-beta", "1.0.1", "1.0.0"]);
  });

  it("answers 409 slug_taken when another publisher owns the id, and changes nothing", async () => {
    expect((await publish(author.key, publishBody({ id: "taken-id" }))).status).toBe(201);
    const { status, body } = await publish(rival.key, publishBody({ id: "taken-id", version: "9.0.0", name: "Impostor" }));
    expect(status).toBe(409);
    expect(body.error.code).toBe("slug_taken");
    expect(body.error.message).toContain("taken-id");
    const { body: detail } = await app.json("/plugins/taken-id");
    expect(detail.item).toMatchObject({ version: "1.0.0", name: "Plugin taken-id" });
  });

  it("reports every package problem at once as 400 invalid_package", async () => {
    const body = {
      changelog: "Broken.",
      files: [
        {
          path: "plugin.json",
          content: JSON.stringify({ id: "Bad_Id", name: "", version: "1.0", permisions: [], permissions: ["network", "network", "chat.write"] }),
        },
        { path: "../escape.lua", content: "print(1)" },
        { path: "C:\\win.lua", content: "print(1)" },
        { path: "lib/broken.lua", content: "local function f()\n  return 1\n" },
      ],
    };
    const { status, body: answer } = await publish(author.key, body);
    expect(status).toBe(400);
    expect(answer.error.code).toBe("invalid_package");
    expect(answer.error.message).toMatch(/^The package has \d+ problems; fix them and publish again — /);
    const paths = answer.error.details.map((d: { path: string }) => d.path);
    expect(paths).toEqual(expect.arrayContaining(["plugin.json#/id", "plugin.json#/name", "plugin.json#/version", "../escape.lua", "C:\\win.lua"]));
    expect(paths.some((p: string) => p.startsWith("lib/broken.lua:3:"))).toBe(true);
    expect(answer.error.details.find((d: { path: string }) => d.path.startsWith("plugin.json#/permissions"))).toBeTruthy();
    for (const problem of answer.error.details) expect(Object.keys(problem).sort()).toEqual(["message", "path"]);
  });

  it("gives a Lua syntax error's file, line and column", async () => {
    const { body } = await publish(author.key, publishBody({ id: "syntax-error", main: "local x = 1\nif x then\n  ui.notify('x'\nend\n" }));
    expect(body.error.code).toBe("invalid_package");
    expect(body.error.details).toEqual([{ path: expect.stringMatching(/^main\.lua:4:\d+$/), message: expect.stringContaining("')' expected") }]);
  });

  it("names the permission or library a call needs", async () => {
    const main = 'chats.on("message", function(m) http.get("https://example.com") end)\nlocal kit = lib.require("overlay-kit")\n';
    const { body } = await publish(author.key, publishBody({ id: "needs-perms", main, permissions: ["chat.read"] }));
    expect(body.error.code).toBe("invalid_package");
    const messages = body.error.details.map((d: { message: string }) => d.message).join("\n");
    expect(messages).toContain('http.get needs the "network" permission');
    expect(messages).toContain('add "overlay-kit" to "libraries"');

    clock.nextMinute();
    const ok = await publish(
      author.key,
      publishBody({ id: "needs-perms", main, permissions: ["chat.read"], optional_permissions: ["network"], libraries: ["overlay-kit"] }),
    );
    expect(ok.status).toBe(201);
  });

  it("answers 400 validation_error for a body of the wrong shape", async () => {
    const { status, body } = await publish(author.key, { files: "main.lua", changelog: 3 });
    expect(status).toBe(400);
    expect(body.error.code).toBe("validation_error");
    expect(body.error.details.map((d: { path: string }) => d.path).sort()).toEqual(["changelog", "files"]);
    const empty = await publish(author.key, { files: publishBody({ id: "x-empty" }).files, changelog: "   " });
    expect(empty.body.error).toMatchObject({ code: "validation_error", details: [{ path: "changelog", message: "Describe what changed in this version." }] });
  });

  it("answers 413 payload_too_large for a body over 2 MiB", async () => {
    const body = publishBody({ id: "too-big", files: { "big.txt": "x".repeat(2 * 1024 * 1024) } });
    const { status, body: answer } = await publish(author.key, body);
    expect(status).toBe(413);
    expect(answer.error.code).toBe("payload_too_large");
  });

  it("lets exactly one of two concurrent publishes of one version through", async () => {
    expect((await publish(author.key, publishBody({ id: "race-plugin", version: "1.0.0" }))).status).toBe(201);
    const results = await Promise.all([1, 2, 3].map(() => publish(author.key, publishBody({ id: "race-plugin", version: "1.1.0" }))));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    const [plugin] = await app.deps.db.select().from(plugins).where(eq(plugins.slug, "race-plugin"));
    const versions = await app.deps.db.select().from(pluginVersions).where(eq(pluginVersions.pluginId, plugin!.id));
    expect(versions.map((v) => v.version).sort()).toEqual(["1.0.0", "1.1.0"]);
  });

  it("lets exactly one of concurrent first publishes of a new id through, across accounts", async () => {
    const results = await Promise.all([author, rival, author].map((who) => publish(who.key, publishBody({ id: "brand-new", version: "1.0.0" }))));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(2);
  });

  it("allows 10 successful publishes an hour; the 11th is 429 with Retry-After, and failures do not count", async () => {
    const publisher = await makeAuthor("Busy Publisher");
    clock.advance(60 * 60 * 1000);
    const hourStart = Math.floor(clock.now().getTime() / 3_600_000) * 3_600_000;
    clock.advance(hourStart + 60_000 - clock.now().getTime());
    const failed = await publish(publisher.key, publishBody({ id: "busy-x", main: "if then" }));
    expect(failed.status).toBe(400);
    for (let i = 1; i <= 10; i++) {
      clock.advance(60_000);
      const { status } = await publish(publisher.key, publishBody({ id: "busy-plugin", version: `1.0.${i}` }));
      expect(status, `publish ${i}`).toBe(201);
    }
    clock.advance(60_000);
    const eleventh = await publish(publisher.key, publishBody({ id: "busy-plugin", version: "1.0.11" }));
    expect(eleventh.status).toBe(429);
    expect(eleventh.body.error).toEqual({ code: "rate_limited", message: expect.stringMatching(/^At most 10 publishes per hour; retry in \d+ seconds\.$/) });
    const retryAfter = Number(eleventh.headers.get("retry-after"));
    expect(retryAfter).toBe((hourStart + 3_600_000 - clock.now().getTime()) / 1000);
    expect((await app.json("/plugins/busy-plugin")).body.item.version).toBe("1.0.10");

    clock.advance(retryAfter * 1000);
    expect((await publish(publisher.key, publishBody({ id: "busy-plugin", version: "1.0.11" }))).status).toBe(201);
  });

  it("leaves nothing behind when a publish fails", async () => {
    const before = await app.deps.db.select().from(pluginFiles);
    const windows = await app.deps.db.select().from(rateLimitWindows).where(like(rateLimitWindows.bucket, "publish:%"));
    const { status } = await publish(author.key, publishBody({ id: "hello-world", version: "1.0.0" }));
    expect(status).toBe(409);
    expect(await app.deps.db.select().from(pluginFiles)).toHaveLength(before.length);
    expect(await app.deps.db.select().from(rateLimitWindows).where(like(rateLimitWindows.bucket, "publish:%"))).toEqual(windows);
  });
});
