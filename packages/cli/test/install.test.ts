/**
 * What /publishing and the README tell an author to run, run as they would:
 * the CLI installed from the running server's address into empty folders
 * outside the repository — with `npm install -g` and with `npx` — then
 * init → validate → publish against that server. Each npm gets its own empty
 * cache, so nothing comes from this repository's node_modules.
 */
import { execFile } from "node:child_process";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { admin } from "../../api/test/support/admin-cli";
import { type ServerProcess, startServerProcess } from "../../api/test/support/server-process";
import { repoRoot, tempDir } from "./support/run-cli";

let server: ServerProcess;
let serverEnv: Record<string, string>;
let key: string;

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** A command in `cwd` with an environment as a fresh shell has it: no npm script variables of this test run, npm's cache in `cache`. */
function sh(command: string, args: string[], cwd: string, cache: string, env: Record<string, string> = {}): Promise<Run> {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(npm_|STREAMKIT_|INIT_CWD)/i.test(name)));
  return new Promise((resolve) => {
    execFile(
      command,
      args,
      { cwd, env: { ...clean, npm_config_cache: cache, npm_config_update_notifier: "false", npm_config_fund: "false", npm_config_audit: "false", ...env } },
      (error, stdout, stderr) => resolve({ code: error ? (typeof error.code === "number" ? error.code : 1) : 0, stdout, stderr }),
    );
  });
}

beforeAll(async () => {
  serverEnv = { DATA_DIR: await tempDir("streamkit-cli-install-db-") };
  server = await startServerProcess(serverEnv);
  expect((await admin(["account", "create", "--email", "installer@example.com", "--plan", "pro", "--name", "Ina Installer"], serverEnv)).code).toBe(0);
  const created = await admin(["key", "create", "--email", "installer@example.com", "--scopes", "plugins:read,plugins:write"], serverEnv);
  expect(created.code, created.stderr).toBe(0);
  key = created.json.key;
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

describe("installing the CLI from the site", () => {
  it("npm install -g <site>/cli/streamkit-plugin-cli.tgz, then init → validate → publish with the installed command", async () => {
    const tarball = `${server.url}/cli/streamkit-plugin-cli.tgz`;
    const home = await tempDir("streamkit-cli-global-");
    expect(home.startsWith(repoRoot)).toBe(false);
    const prefix = join(home, "global");
    const cache = join(home, "npm-cache");

    const install = await sh("npm", ["install", "--global", "--prefix", prefix, tarball], home, cache);
    expect(install.code, install.stderr).toBe(0);
    expect(install.stdout).toContain("added 1 package");
    const bin = join(prefix, "bin", "streamkit-plugin");

    const env = { STREAMKIT_API_URL: server.url, STREAMKIT_API_KEY: key };
    const init = await sh(bin, ["init", "hello-chat"], home, cache, env);
    expect(init.code, init.stderr).toBe(0);
    // Installed, the command is on the PATH: the hint names it.
    expect(init.stdout).toContain("Next:\n  cd hello-chat\n  streamkit-plugin validate\n");

    const plugin = join(home, "hello-chat");
    const validate = await sh(bin, ["validate"], plugin, cache, env);
    expect(validate.code, validate.stderr).toBe(0);
    expect(validate.stdout).toContain("hello-chat 0.1.0 is valid");

    const publish = await sh(bin, ["publish", "--changelog", "First version"], plugin, cache, env);
    expect(publish.code, publish.stdout + publish.stderr).toBe(0);
    const listed = await fetch(`${server.url}/api/v1/plugins/hello-chat`);
    expect(listed.status).toBe(200);
    expect((await listed.json()).item).toMatchObject({ slug: "hello-chat", version: "0.1.0", publisher: { name: "Ina Installer" } });
  }, 180_000);

  it("npx <site>/cli/streamkit-plugin-cli.tgz init: the hint repeats that npx command and names the site, and following it publishes there", async () => {
    const tarball = `${server.url}/cli/streamkit-plugin-cli.tgz`;
    const home = await tempDir("streamkit-cli-npx-");
    const cache = join(home, "npm-cache");

    // A new author has set nothing yet: the site comes from the address npx ran.
    const init = await sh("npx", ["--yes", tarball, "init", "npx-chat", "--name", "Npx Chat"], home, cache);
    expect(init.code, init.stderr).toBe(0);
    expect(init.stdout).toContain(
      `Next:\n  cd npx-chat\n  npx ${tarball} validate\n  export STREAMKIT_API_URL=${server.url}   # the Streamkit site to publish to\n`,
    );
    expect(init.stdout).toContain(`\n  npx ${tarball} publish --changelog`);
    const hinted = /export STREAMKIT_API_URL=(\S+)/.exec(init.stdout)![1]!;
    const env = { STREAMKIT_API_URL: hinted, STREAMKIT_API_KEY: key };

    const plugin = join(home, "npx-chat");
    const validate = await sh("npx", ["--yes", tarball, "validate"], plugin, cache, env);
    expect(validate.code, validate.stderr).toBe(0);
    expect(validate.stdout).toContain("npx-chat 0.1.0 is valid");

    const publish = await sh("npx", ["--yes", tarball, "publish", "--changelog", "From npx", "--json"], plugin, cache, env);
    expect(publish.code, publish.stdout + publish.stderr).toBe(0);
    expect(JSON.parse(publish.stdout)).toMatchObject({ ok: true, slug: "npx-chat", url: `${server.url}/plugins/npx-chat` });
  }, 180_000);
});
