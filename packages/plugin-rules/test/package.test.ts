import { describe, expect, it } from "vitest";
import { checkPackage, PACKAGE_LIMITS, type PackageCheckResult, type PackageFile } from "../src/package";

const manifest = (extra: Record<string, unknown> = {}) =>
  JSON.stringify({ id: "shout-out", name: "Shout-out", version: "1.0.0", permissions: ["chat.read"], ...extra }, null, 2);

const good = (): PackageFile[] => [
  { path: "main.lua", content: "local greet = require_greeting\nchats.on('message', function(m) end)\n" },
  { path: "plugin.json", content: manifest() },
  { path: "lib/util.lua", content: "local M <const> = {}\nreturn M\n" },
  { path: "README.md", content: "# Shout-out\n" },
];

function problemsOf(result: PackageCheckResult) {
  if (result.ok) throw new Error("expected problems");
  return result.problems;
}

const check = (files: PackageFile[], opts?: { folderName?: string }) => problemsOf(checkPackage(files, opts));

/** The good package with one file replaced or added. */
function withFile(path: string, content: string): PackageFile[] {
  return [...good().filter((f) => f.path !== path), { path, content }];
}

describe("checkPackage: a valid package", () => {
  it("returns the manifest, the files with plugin.json first, and the main file", () => {
    const result = checkPackage(good());
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.manifest).toMatchObject({ id: "shout-out", main: "main.lua", api: 1, library: false });
    expect(result.files.map((f) => f.path)).toEqual(["plugin.json", "README.md", "lib/util.lua", "main.lua"]);
    expect(result.mainFile).toEqual(good()[0]);
  });

  it("normalises paths to NFC and drops a byte order mark", () => {
    const result = checkPackage([
      { path: "plugin.json", content: `\uFEFF${manifest()}` },
      { path: "main.lua", content: "\uFEFFreturn 1" },
      { path: "cafe\u0301.txt", content: "x" },
    ]);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.files.map((f) => f.path)).toContain("caf\u00e9.txt");
    expect(result.mainFile.content).toBe("return 1");
  });

  it("honours a custom main file", () => {
    const result = checkPackage([
      { path: "plugin.json", content: manifest({ main: "src/init.lua" }) },
      { path: "src/init.lua", content: "return {}" },
    ]);
    expect(result.ok && result.mainFile.path).toBe("src/init.lua");
  });
});

describe("checkPackage: paths", () => {
  it.each([
    ["/etc/main.lua", 'the path is absolute: give it relative to the plugin folder, e.g. "lib/util.lua"'],
    ["C:/x/main.lua", 'the path is absolute: give it relative to the plugin folder, e.g. "lib/util.lua"'],
    ["../escape.lua", 'the path contains "..", which leads out of the plugin folder: give the path inside the folder'],
    ["lib/../x.lua", 'the path contains "..", which leads out of the plugin folder: give the path inside the folder'],
    ["./x.lua", 'the path contains a "." part: remove "./" from it'],
    ["lib\\x.lua", 'the path uses "\\": separate folders with "/", e.g. "lib/util.lua"'],
    ["lib//x.lua", 'the path has an empty part ("//" or a "/" at the end): remove the extra "/"'],
    ["lib/", 'the path has an empty part ("//" or a "/" at the end): remove the extra "/"'],
    ["x\u0000.lua", "the path contains a NUL character: rename the file"],
    ["x\u0007.lua", "the path contains a control character: rename the file"],
    ["", 'the file has no path: give it a name, e.g. "main.lua"'],
    ["what?.txt", 'the path contains "?", which Windows does not allow in file names: rename it'],
    ["con.lua", '"con.lua" is a name Windows reserves for a device: rename it'],
    ["notes.", '"notes." ends with a dot or a space, which Windows drops: rename it'],
  ])("rejects %j", (path, message) => {
    expect(check(withFile(path, "x"))).toContainEqual({ path, message });
  });

  it("rejects a path that is too long or too deep", () => {
    const long = `${"a/".repeat(5) + "b".repeat(200)}.txt`;
    expect(check(withFile(long, "x"))).toContainEqual({
      path: long,
      message: `the path is ${long.length} characters long; the limit is ${PACKAGE_LIMITS.maxPathLength}: use shorter names`,
    });
    const deep = `${"d/".repeat(10)}x.txt`;
    expect(check(withFile(deep, "x"))).toContainEqual({
      path: deep,
      message: "the path has 11 parts; the limit is 10 (folders plus the file name): move the file up",
    });
  });

  it("rejects the same path twice", () => {
    expect(check([...good(), { path: "README.md", content: "again" }])).toEqual([
      { path: "README.md", message: "this file is in the package more than once: send each file once" },
    ]);
  });

  it("rejects paths that differ only in case or Unicode composition", () => {
    expect(check([...good(), { path: "readme.MD", content: "x" }])).toEqual([
      {
        path: "readme.MD",
        message: 'differs from "README.md" only in letter case or accents, which Windows and macOS treat as the same file: rename one of them',
      },
    ]);
    expect(check([...good(), { path: "caf\u00e9.txt", content: "x" }, { path: "CAFE\u0301.txt", content: "y" }])[0]?.message).toMatch(
      /^differs from "café.txt" only in letter case/,
    );
  });

  it("rejects a file that is also a folder", () => {
    expect(check([...good(), { path: "lib", content: "x" }])).toEqual([
      { path: "lib", message: '"lib" is also a folder in the package: rename the file or the folder' },
    ]);
  });
});

describe("checkPackage: limits", () => {
  it("limits the number of files", () => {
    const files = [...good(), ...Array.from({ length: PACKAGE_LIMITS.maxFiles }, (_, i) => ({ path: `data/${i}.txt`, content: "x" }))];
    expect(check(files)).toEqual([
      {
        path: "",
        message: `the package has ${files.length} files; the limit is 200: leave out files the plugin does not need`,
      },
    ]);
  });

  it("limits each file's size in UTF-8 bytes", () => {
    const big = "é".repeat(PACKAGE_LIMITS.maxFileBytes / 2 + 1); // 2 bytes each
    expect(check(withFile("data.txt", big))).toEqual([
      { path: "data.txt", message: "the file is 262146 bytes; a file may be at most 262144 bytes: make it smaller or leave it out" },
    ]);
    expect(checkPackage(withFile("data.txt", "é".repeat(PACKAGE_LIMITS.maxFileBytes / 2))).ok).toBe(true);
    expect(check(withFile("data.txt", "x".repeat(300 * 1024)))).toEqual([
      { path: "data.txt", message: "the file is 300 KiB; a file may be at most 256 KiB: make it smaller or leave it out" },
    ]);
  });

  it("limits the total size", () => {
    const chunk = "x".repeat(200 * 1024);
    const files = [...good(), ...Array.from({ length: 6 }, (_, i) => ({ path: `data/${i}.txt`, content: chunk }))];
    expect(check(files)).toEqual([
      {
        path: "",
        message: "the files add up to 1.2 MiB; a package may be at most 1 MiB: leave out files the plugin does not need",
      },
    ]);
  });
});

describe("checkPackage: text", () => {
  it("rejects NUL, lone surrogates and control characters, saying where", () => {
    expect(check(withFile("a.txt", "ok\nab\u0000c\u0000"))).toEqual([
      {
        path: "a.txt:2:3",
        message:
          "contains a NUL character (and 1 more), so it is probably a binary file: only UTF-8 text files can be published — remove the file or the character",
      },
    ]);
    expect(check(withFile("b.txt", "x = '\uD83D'"))).toEqual([
      { path: "b.txt:1:6", message: "contains U+D83D, half of a UTF-16 surrogate pair with no UTF-8 form: save the file as UTF-8 text" },
    ]);
    expect(check(withFile("c.txt", "bell\u0007"))).toEqual([
      {
        path: "c.txt:1:5",
        message: "contains the control character U+0007, which is not text: remove it (tabs, line breaks and form feeds are fine)",
      },
    ]);
  });

  it("accepts emoji, tabs, CRLF and form feeds", () => {
    expect(checkPackage(withFile("notes.txt", "🎉\tparty\r\nnext\fpage\n")).ok).toBe(true);
  });
});

describe("checkPackage: plugin.json", () => {
  it("requires plugin.json at the top", () => {
    const files = good().filter((f) => f.path !== "plugin.json");
    expect(check(files)).toEqual([
      { path: "plugin.json", message: 'plugin.json is missing: add it at the top of the package with at least "id", "name" and "version"' },
    ]);
    expect(check(files.map((f) => ({ ...f, path: `shout-out/${f.path}` })).concat({ path: "shout-out/plugin.json", content: manifest() }))).toContainEqual({
      path: "plugin.json",
      message: 'plugin.json must be at the top of the package, not at "shout-out/plugin.json": send the files inside the plugin folder, not the folder itself',
    });
    expect(check([...files, { path: "Plugin.json", content: manifest() }])).toEqual([
      { path: "plugin.json", message: 'plugin.json is missing: rename "Plugin.json" to "plugin.json" (the name is case-sensitive)' },
    ]);
  });

  it("reports invalid JSON with line and column", () => {
    expect(check(withFile("plugin.json", '{\n  "id": "shout-out",\n  "name": "Shout-out"\n  "version": "1.0.0"\n}'))).toEqual([
      {
        path: "plugin.json:4:3",
        message: `plugin.json is not valid JSON: expected "," or "}" after the value of "name" but found '"'`,
      },
    ]);
  });

  it("reports manifest problems by JSON pointer", () => {
    expect(check(withFile("plugin.json", manifest({ version: "1.0", permissions: ["chat.read", "chat.red"] })))).toEqual([
      { path: "plugin.json#/permissions/1", message: 'unknown permission "chat.red": did you mean "chat.read"?' },
      {
        path: "plugin.json#/version",
        message:
          '"version" must look like "1.2.3" (three numbers separated by dots, optionally followed by "-" or "+" and more, e.g. "1.0.0-beta.1"), not "1.0"',
      },
    ]);
  });

  it("reports a property given twice", () => {
    const content = '{"id": "shout-out", "name": "A", "version": "1.0.0", "permissions": [], "permissions": ["chat.read"]}';
    expect(check(withFile("plugin.json", content))).toEqual([
      { path: "plugin.json#/permissions", message: '"permissions" appears more than once: keep only one' },
    ]);
  });

  it("compares the id with the folder name when there is one", () => {
    expect(checkPackage(good(), { folderName: "shout-out" }).ok).toBe(true);
    expect(check(good(), { folderName: "shoutout" })).toEqual([
      {
        path: "plugin.json#/id",
        message: '"id" is "shout-out" but the plugin folder is named "shoutout": they must be equal, so rename the folder or change "id"',
      },
    ]);
  });
});

describe("checkPackage: main file and Lua", () => {
  it("requires the main file", () => {
    expect(check(good().filter((f) => f.path !== "main.lua"))).toEqual([
      {
        path: "main.lua",
        message: 'the main file main.lua is missing: add it, or set "main" in plugin.json to the Lua file that starts the plugin',
      },
    ]);
    expect(check(withFile("plugin.json", manifest({ main: "src/init.lua" })))).toEqual([
      {
        path: "plugin.json#/main",
        message: '"main" names "src/init.lua", which is not in the package: add it, or set "main" in plugin.json to the Lua file that starts the plugin',
      },
    ]);
    const renamed = good().map((f) => (f.path === "main.lua" ? { ...f, path: "Main.lua" } : f));
    expect(check(renamed)).toEqual([
      { path: "main.lua", message: 'the main file main.lua is missing: rename "Main.lua" to "main.lua" (names are case-sensitive)' },
    ]);
  });

  it("parses every .lua file, with the error's file, line and column", () => {
    expect(check(withFile("lib/broken.lua", "local t = {\n  a = 1,\n  b = = 2,\n}"))).toEqual([
      { path: "lib/broken.lua:3:7", message: "Lua syntax error: <expression> expected near '='" },
    ]);
    expect(check(withFile("lib/attr.lua", "local x <foo> = 1"))).toEqual([
      { path: "lib/attr.lua:1:10", message: "Lua syntax error: unknown attribute 'foo' (use <const> or <close>)" },
    ]);
  });

  it("lints permissions and libraries against plugin.json", () => {
    const code = "chats.use(function(m) return m end)\nlocal kit = lib.require('overlay-kit')\nhttp.get('x')\n";
    expect(check(withFile("main.lua", code))).toEqual([
      {
        path: "main.lua:1:1",
        message: 'chats.use needs the "chat.middleware" permission: add it to "permissions" (or "optional_permissions") in plugin.json',
      },
      {
        path: "main.lua:2:13",
        message: 'lib.require("overlay-kit") loads a library not listed in "libraries": add "overlay-kit" to "libraries" in plugin.json',
      },
      {
        path: "main.lua:3:1",
        message: 'http.get needs the "network" permission: add it to "permissions" (or "optional_permissions") in plugin.json',
      },
    ]);
    const declared = withFile("main.lua", code).map((f) =>
      f.path === "plugin.json"
        ? { ...f, content: manifest({ permissions: ["chat.middleware"], optional_permissions: ["network"], libraries: ["overlay-kit"] }) }
        : f,
    );
    expect(checkPackage(declared).ok).toBe(true);
  });

  it("still lints when plugin.json has unrelated problems, using the lists it has", () => {
    const files = [
      { path: "plugin.json", content: manifest({ version: "x", permissions: ["network"] }) },
      { path: "main.lua", content: "http.get('x')\ntts.say('hi')" },
    ];
    expect(check(files).map((p) => p.path)).toEqual(["main.lua:2:1", "plugin.json#/version"]);
  });
});

describe("checkPackage: everything at once", () => {
  it("collects every problem, sorted by file and position", () => {
    const files: PackageFile[] = [
      { path: "plugin.json", content: JSON.stringify({ id: "Shout", name: "", version: "1.0.0", colour: "red" }) },
      { path: "main.lua", content: "x = 1\n\nlocal y = = 2" },
      { path: "lib/a.lua", content: "chats.use(print)\n\n\n\n\n\n\n\n\n\nhttp.get('x')" },
      { path: "lib/a.lua", content: "again" },
      { path: "../up.txt", content: "nul\u0000" },
      { path: "lib/b.lua", content: "local ok = 1\u0001" },
    ];
    expect(check(files)).toEqual([
      { path: "../up.txt", message: 'the path contains "..", which leads out of the plugin folder: give the path inside the folder' },
      { path: "../up.txt:1:4", message: expect.stringContaining("NUL character") },
      { path: "lib/a.lua", message: "this file is in the package more than once: send each file once" },
      { path: "lib/a.lua:1:1", message: expect.stringMatching(/^chats\.use needs the "chat\.middleware"/) },
      { path: "lib/a.lua:11:1", message: expect.stringMatching(/^http\.get needs the "network"/) },
      { path: "lib/b.lua:1:13", message: expect.stringContaining("control character U+0001") },
      { path: "main.lua:3:11", message: "Lua syntax error: <expression> expected near '='" },
      { path: "plugin.json#/colour", message: expect.stringContaining('unknown property "colour": remove it') },
      { path: "plugin.json#/id", message: expect.stringContaining('try "shout"') },
      { path: "plugin.json#/name", message: '"name" must not be empty' },
    ]);
  });
});
