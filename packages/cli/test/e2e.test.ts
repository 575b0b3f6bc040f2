/**
 * The author's whole journey against a real API server process on a fresh
 * embedded database: an operator creates a Pro account and a key, the author
 * runs init → validate → publish, downloads the package through the API, gets
 * back exactly the files they published, and cannot publish the same version twice.
 */
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { admin } from "../../api/test/support/admin-cli";
import { type ServerProcess, startServerProcess } from "../../api/test/support/server-process";
import { readTree, runCli, tempDir } from "./support/run-cli";

let server: ServerProcess;
let serverEnv: Record<string, string>;

beforeAll(async () => {
  serverEnv = { DATA_DIR: await tempDir("streamkit-cli-e2e-db-") };
  server = await startServerProcess(serverEnv);
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

describe("init → validate → publish → download", () => {
  it("publishes a scaffolded plugin, downloads the same files, and refuses the same version again", async () => {
    const account = await admin(["account", "create", "--email", "author@example.com", "--plan", "pro", "--name", "Ada Author"], serverEnv);
    expect(account.code, account.stderr).toBe(0);
    const created = await admin(["key", "create", "--email", "author@example.com", "--scopes", "plugins:read,plugins:write"], serverEnv);
    expect(created.code, created.stderr).toBe(0);
    const key: string = created.json.key;
    const env = { STREAMKIT_API_KEY: key, STREAMKIT_API_URL: server.url };

    const workspace = await tempDir();
    const init = await runCli(["init", "e2e-greeter", "--name", "E2E Greeter"], { cwd: workspace, env });
    expect(init.code, init.stderr).toBe(0);
    const pluginDir = join(workspace, "e2e-greeter");

    const validate = await runCli(["validate"], { cwd: pluginDir, env });
    expect(validate.code, validate.stderr).toBe(0);
    expect(validate.stdout).toContain("e2e-greeter 0.1.0 is valid: 2 files");

    const publish = await runCli(["publish", "--changelog", "First version", "--json"], { cwd: pluginDir, env });
    expect(publish.code, publish.stdout + publish.stderr).toBe(0);
    expect(publish.json).toMatchObject({
      ok: true,
      slug: "e2e-greeter",
      version: "0.1.0",
      changelog: "First version",
      url: `${server.url}/plugins/e2e-greeter`,
      files: [{ path: "plugin.json" }, { path: "main.lua" }],
      item: { slug: "e2e-greeter", name: "E2E Greeter", version: "0.1.0", mine: true, publisher: { name: "Ada Author" } },
    });

    // The public listing shows the version and its changelog.
    const detail = await fetch(`${server.url}/api/v1/plugins/e2e-greeter`);
    expect(detail.status).toBe(200);
    expect((await detail.json()).item.versions).toEqual([
      {
        version: "0.1.0",
        changelog: "First version",
        createdAt: publish.json.createdAt,
        permissions: ["chat.read", "ui.notify", "storage"],
        optionalPermissions: [],
        permissionChanges: { permissions: { added: [], removed: [] }, optionalPermissions: { added: [], removed: [] } },
      },
    ]);

    // Download through the API into another folder: byte for byte what was published.
    const elsewhere = await tempDir();
    const download = await runCli(["download", "e2e-greeter", "--dir", elsewhere], { env });
    expect(download.code, download.stderr).toBe(0);
    expect(download.stdout).toMatch(/Downloaded e2e-greeter 0.1.0 \(2 files, signature verified with key [0-9A-F]+\)/);
    const original = await readTree(pluginDir);
    const downloaded = await readTree(join(elsewhere, "e2e-greeter"));
    expect(Object.keys(downloaded).sort()).toEqual(["main.lua", "plugin.json"]);
    for (const path of Object.keys(original)) expect(downloaded[path]?.equals(original[path]!), path).toBe(true);
    // And the downloaded folder is itself a valid plugin.
    expect((await runCli(["validate", join(elsewhere, "e2e-greeter")])).code).toBe(0);

    // The same version again: refused by the server with its own code.
    const again = await runCli(["publish", "--changelog", "Again"], { cwd: pluginDir, env });
    expect(again.code).toBe(5);
    expect(again.stderr).toContain("error: this version cannot be published (409 version_exists)");
    expect(again.stderr).toContain('hint: raise "version" in plugin.json above 0.1.0, e.g. 0.1.1');

    // A higher version goes through.
    const manifestPath = join(pluginDir, "plugin.json");
    const manifest = JSON.parse(await readFile(manifestPath, "utf8"));
    await writeFile(manifestPath, JSON.stringify({ ...manifest, version: "0.1.1" }, null, 2));
    const next = await runCli(["publish", "--changelog", "Second version"], { cwd: pluginDir, env });
    expect(next.code, next.stderr).toBe(0);
    expect(next.stdout).toContain("Published e2e-greeter 0.1.1: 2 files");

    for (const run of [init, validate, publish, download, again, next]) {
      expect(run.stdout + run.stderr).not.toContain(key);
    }
  }, 120_000);
});
