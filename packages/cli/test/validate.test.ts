import { join } from "node:path";
import { checkPackage } from "@streamkit/plugin-rules";
import { describe, expect, it } from "vitest";
import { runCli, tempDir, writeTree } from "./support/run-cli";

const manifest = (fields: Record<string, unknown>) => JSON.stringify({ id: "demo-plugin", name: "Demo", version: "1.0.0", ...fields }, null, 2);

async function pluginFolder(files: Record<string, string | Uint8Array>, name = "demo-plugin"): Promise<string> {
  const dir = join(await tempDir(), name);
  await writeTree(dir, files);
  return dir;
}

describe("streamkit-plugin validate", () => {
  it("reports every problem at once, each exactly as checkPackage words it", async () => {
    const files = {
      "plugin.json": manifest({ version: "1.0", colour: "red", permissions: ["chat.read", "chat.reed"] }),
      "main.lua": 'chats.on("message", function(m)\n  http.get("https://example.com")\nend)\n',
      "lib/broken.lua": "local x = = 1\n",
    };
    const dir = await pluginFolder(files);
    const expected = checkPackage(
      Object.entries(files).map(([path, content]) => ({ path, content })),
      { folderName: "demo-plugin" },
    );
    if (expected.ok) throw new Error("the fixture should be invalid");
    expect(expected.problems.length).toBeGreaterThanOrEqual(4);

    const json = await runCli(["validate", dir, "--json"]);
    expect(json.code).toBe(1);
    expect(json.json).toMatchObject({ ok: false, command: "validate", exitCode: 1, error: { code: "invalid_package" } });
    expect(json.json.problems).toEqual(expected.problems);

    const human = await runCli(["validate", dir]);
    expect(human.code).toBe(1);
    const lines = human.stderr.split("\n");
    expect(lines[0]).toBe(`error: demo-plugin: ${expected.problems.length} problems; fix them and run validate again`);
    for (const p of expected.problems) expect(lines).toContain(`${p.path}: ${p.message}`);
    // Positions and pointers as the server reports them.
    expect(lines.some((l) => /^lib\/broken\.lua:1:\d+: Lua syntax error: /.test(l))).toBe(true);
    expect(lines.some((l) => l.startsWith("plugin.json#/permissions/1: "))).toBe(true);
    expect(lines.some((l) => l.startsWith("main.lua:2:3: ") && l.includes('"network"'))).toBe(true);
  });

  it("checks that the id equals the folder's name", async () => {
    const dir = await pluginFolder({ "plugin.json": manifest({}), "main.lua": "print('hi')\n" }, "other-name");
    const result = await runCli(["validate", dir, "--json"]);
    expect(result.code).toBe(1);
    expect(result.json.problems).toEqual([
      {
        path: "plugin.json#/id",
        message: '"id" is "demo-plugin" but the plugin folder is named "other-name": they must be equal, so rename the folder or change "id"',
      },
    ]);
  });

  it("catches bytes that are not UTF-8, with their place, and still runs the other checks", async () => {
    const latin1 = Uint8Array.from([...Buffer.from('local a = 1\nlocal s = "caf'), 0xe9, ...Buffer.from('"\n')]);
    const utf16 = Uint8Array.from([0xff, 0xfe, ...Buffer.from("p\0r\0i\0n\0t\0")]);
    const dir = await pluginFolder({
      "plugin.json": manifest({ permissions: ["chat.reed"] }),
      "main.lua": "print('hi')\n",
      "lib/latin.lua": latin1,
      "readme.txt": utf16,
      "bom.lua": Uint8Array.from([0xef, 0xbb, 0xbf, ...Buffer.from("return 1\n")]),
    });
    const result = await runCli(["validate", dir, "--json"]);
    expect(result.code).toBe(1);
    const problems = result.json.problems as { path: string; message: string }[];
    expect(problems.find((p) => p.path === "lib/latin.lua:2:15")?.message).toBe(
      "is not UTF-8 text (byte 0xE9 cannot be read as UTF-8): save the file as UTF-8, or leave it out if it is not a text file",
    );
    expect(problems.find((p) => p.path === "readme.txt:1:1")?.message).toContain("byte 0xFF");
    expect(problems.some((p) => p.path === "plugin.json#/permissions/0")).toBe(true);
    // A UTF-8 byte order mark is fine (the server drops it too).
    expect(problems.some((p) => p.path.startsWith("bom.lua"))).toBe(false);

    const human = await runCli(["validate", dir]);
    expect(human.code).toBe(1);
    expect(human.stderr).toContain("lib/latin.lua:2:15: is not UTF-8 text (byte 0xE9");
  });

  it("leaves out dot folders and junk, says so, and validates the rest", async () => {
    const dir = await pluginFolder({
      "plugin.json": manifest({}),
      "main.lua": "print('hi')\n",
      ".git/HEAD": "ref: refs/heads/main\n",
      ".git/objects/ab/cdef": Uint8Array.from([0, 1, 2, 255]),
      ".DS_Store": Uint8Array.from([0, 0, 0, 1]),
      "node_modules/x/index.js": "module.exports = 1\n",
      "Thumbs.db": Uint8Array.from([0xd0, 0xcf]),
      "main.lua~": "old\n",
    });
    const json = await runCli(["validate", dir, "--json"]);
    expect(json.code).toBe(0);
    expect(json.json.files.map((f: { path: string }) => f.path)).toEqual(["plugin.json", "main.lua"]);
    expect(json.json.skipped.map((s: { path: string }) => s.path).sort()).toEqual([".DS_Store", ".git/", "Thumbs.db", "main.lua~", "node_modules/"]);

    const human = await runCli(["validate"], { cwd: dir });
    expect(human.code).toBe(0);
    expect(human.stdout).toContain("Skipped: .DS_Store (name starts with a dot), .git/ (name starts with a dot), ");
    expect(human.stdout).toContain("demo-plugin 1.0.0 is valid: 2 files");
  });

  it("stops at a folder with far too many files", async () => {
    const files: Record<string, string> = { "plugin.json": manifest({}), "main.lua": "print('hi')\n" };
    for (let i = 0; i < 1000; i++) files[`data/${String(i).padStart(4, "0")}.txt`] = "x";
    const dir = await pluginFolder(files);
    const result = await runCli(["validate", dir, "--json"]);
    expect(result.code).toBe(1);
    expect(result.json.problems).toEqual([{ path: "", message: expect.stringContaining("more than 1000 files") }]);
  });

  it("is a usage error for a folder that does not exist or is a file", async () => {
    const parent = await tempDir();
    const missing = await runCli(["validate", join(parent, "nope")]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("error: there is no folder");
    await writeTree(parent, { "file.txt": "x" });
    const file = await runCli(["validate", join(parent, "file.txt")]);
    expect(file.code).toBe(2);
    expect(file.stderr).toContain("is a file, not a plugin folder");
  });
});
