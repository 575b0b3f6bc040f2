import { existsSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readTree, runCli, tempDir } from "./support/run-cli";

describe("streamkit-plugin init", () => {
  it("scaffolds a folder that validate accepts", async () => {
    const parent = await tempDir();
    const init = await runCli(["init", "hello-chat"], { cwd: parent });
    expect(init.stderr).toBe("");
    expect(init.code).toBe(0);
    expect(init.stdout).toContain("Created hello-chat/ with plugin.json and main.lua");
    expect(Object.keys(await readTree(join(parent, "hello-chat"))).sort()).toEqual(["main.lua", "plugin.json"]);

    const manifest = JSON.parse(await readFile(join(parent, "hello-chat", "plugin.json"), "utf8"));
    expect(manifest).toMatchObject({ id: "hello-chat", name: "Hello Chat", version: "0.1.0", main: "main.lua" });

    const validate = await runCli(["validate", "--json"], { cwd: join(parent, "hello-chat") });
    expect(validate.code).toBe(0);
    expect(validate.json).toMatchObject({ ok: true, command: "validate", id: "hello-chat", version: "0.1.0", skipped: [] });
    expect(validate.json.files.map((f: { path: string }) => f.path)).toEqual(["plugin.json", "main.lua"]);
  });

  it("writes a main.lua that needs every permission plugin.json declares", async () => {
    const parent = await tempDir();
    expect((await runCli(["init", "needs-all", "--dir", parent])).code).toBe(0);
    const manifestPath = join(parent, "needs-all", "plugin.json");
    const manifest = JSON.parse(await readFile(manifestPath, "utf8"));
    expect(manifest.permissions.length).toBeGreaterThan(0);
    // Dropping any one permission must make the lint name it: the scaffold uses each of them.
    for (const permission of manifest.permissions as string[]) {
      const without = { ...manifest, permissions: manifest.permissions.filter((p: string) => p !== permission) };
      await writeFile(manifestPath, JSON.stringify(without));
      const result = await runCli(["validate", join(parent, "needs-all"), "--json"]);
      expect(result.code, permission).toBe(1);
      expect(
        result.json.problems.some((p: { message: string }) => p.message.includes(`"${permission}"`)),
        permission,
      ).toBe(true);
    }
  });

  it("ends its hint with where publishing goes: STREAMKIT_API_URL set to the site when known, a placeholder site otherwise", async () => {
    const parent = await tempDir();
    const known = await runCli(["init", "site-known"], { cwd: parent, env: { STREAMKIT_API_URL: "https://streamkit.test.example/" } });
    expect(known.code, known.stderr).toBe(0);
    expect(known.stdout).toContain(
      [
        "  export STREAMKIT_API_URL=https://streamkit.test.example   # the Streamkit site to publish to",
        "  export STREAMKIT_API_KEY=skit_…   # a key with plugins:write, from the site's Dashboard → API keys",
        // `npx streamkit-plugin` when the tests run under npx.
        "  ",
      ].join("\n"),
    );
    expect(known.stdout).toMatch(/\n {2}(npx )?streamkit-plugin publish --changelog "First version"\n$/);
    // Without it, publishing would go to http://localhost:3000: the hint never leaves the address out.
    const unknown = await runCli(["init", "site-unknown"], { cwd: parent });
    expect(unknown.code, unknown.stderr).toBe(0);
    expect(unknown.stdout).toContain("  export STREAMKIT_API_URL=https://streamkit.example   # your Streamkit site's address\n");
    expect(unknown.stdout).not.toContain("localhost");
  });

  it("takes --name and --dir", async () => {
    const parent = await tempDir();
    const result = await runCli(["init", "obs-helper", "--name", "OBS Helper", "--dir", join(parent, "nested", "place"), "--json"]);
    expect(result.code).toBe(0);
    expect(result.json).toMatchObject({ ok: true, command: "init", id: "obs-helper", name: "OBS Helper", dir: join(parent, "nested", "place", "obs-helper") });
    const manifest = JSON.parse(await readFile(join(parent, "nested", "place", "obs-helper", "plugin.json"), "utf8"));
    expect(manifest.name).toBe("OBS Helper");
    expect(await readFile(join(parent, "nested", "place", "obs-helper", "main.lua"), "utf8")).toMatch(/^-- OBS Helper: /);
  });

  it("refuses an id the manifest rules reject, with the manifest's message, and writes nothing", async () => {
    const parent = await tempDir();
    const upper = await runCli(["init", "My Plugin"], { cwd: parent });
    expect(upper.code).toBe(2);
    expect(upper.stderr).toContain('"My Plugin" is not a valid plugin id');
    expect(upper.stderr).toContain('try "my-plugin"');
    const short = await runCli(["init", "ab", "--json"], { cwd: parent });
    expect(short.code).toBe(2);
    expect(short.json).toMatchObject({ ok: false, command: "init", exitCode: 2, error: { code: "usage" } });
    expect(short.json.error.message).toContain("3 to 40 characters");
    expect(existsSync(join(parent, "My Plugin"))).toBe(false);
    expect(existsSync(join(parent, "ab"))).toBe(false);
  });

  it("refuses a name over 60 characters", async () => {
    const parent = await tempDir();
    const result = await runCli(["init", "long-name", "--name", "x".repeat(61)], { cwd: parent });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('"name" must be at most 60 characters');
    expect(existsSync(join(parent, "long-name"))).toBe(false);
  });

  it("refuses a folder that exists and is not empty, and leaves it alone; an empty one is fine", async () => {
    const parent = await tempDir();
    await mkdir(join(parent, "taken"));
    await writeFile(join(parent, "taken", "notes.txt"), "mine");
    const refused = await runCli(["init", "taken"], { cwd: parent });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain("taken already exists and is not empty");
    expect(Object.keys(await readTree(join(parent, "taken")))).toEqual(["notes.txt"]);

    await mkdir(join(parent, "empty-one"));
    expect((await runCli(["init", "empty-one"], { cwd: parent })).code).toBe(0);
  });
});
