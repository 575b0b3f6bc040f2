import { describe, expect, expectTypeOf, it } from "vitest";
import { idMatchesFolder, manifestSchema, parseManifest, type Manifest, type ManifestProblem } from "../src/manifest";
import type { Permission } from "../src/permissions";

const base = { id: "shout-out", name: "Shout-out", version: "1.0.0" };

function problems(value: unknown): ManifestProblem[] {
  const result = parseManifest(value);
  if (result.ok) throw new Error("expected problems");
  return result.problems;
}

function only(value: unknown): ManifestProblem {
  const found = problems(value);
  expect(found).toHaveLength(1);
  return found[0]!;
}

describe("manifest: accepted values and defaults", () => {
  it("applies the defaults of docs/plugins.md#the-manifest", () => {
    const result = parseManifest(base);
    expect(result).toEqual({
      ok: true,
      manifest: {
        ...base,
        main: "main.lua",
        api: 1,
        permissions: [],
        optional_permissions: [],
        library: false,
        libraries: [],
      },
    });
  });

  it("keeps every field when all are given", () => {
    const full = {
      ...base,
      author: "Ana",
      description: "Greets raiders.",
      homepage: "https://example.com/shout-out",
      main: "src/init.lua",
      api: 1,
      permissions: ["chat.read", "ui.notify"],
      optional_permissions: ["network"],
      library: true,
      libraries: ["overlay-kit"],
    };
    expect(parseManifest(full)).toEqual({ ok: true, manifest: full });
  });

  it("types the parsed manifest with defaults present", () => {
    expectTypeOf<Manifest["main"]>().toEqualTypeOf<string>();
    expectTypeOf<Manifest["api"]>().toEqualTypeOf<1>();
    expectTypeOf<Manifest["library"]>().toEqualTypeOf<boolean>();
    expectTypeOf<Manifest["permissions"]>().toEqualTypeOf<Permission[]>();
    expectTypeOf<Manifest["author"]>().toEqualTypeOf<string | undefined>();
  });

  it("accepts the length limits exactly", () => {
    expect(parseManifest({ ...base, id: "a".repeat(3) }).ok).toBe(true);
    expect(parseManifest({ ...base, id: "a".repeat(40) }).ok).toBe(true);
    expect(parseManifest({ ...base, name: "n".repeat(60) }).ok).toBe(true);
    expect(parseManifest({ ...base, description: "d".repeat(500) }).ok).toBe(true);
    const twenty = Array.from({ length: 20 }, (_, i) => `lib-${i}`);
    expect(parseManifest({ ...base, libraries: twenty }).ok).toBe(true);
  });
});

describe("manifest: each rule with its message", () => {
  it("requires an object", () => {
    for (const value of [null, [], "x", 1]) {
      expect(only(value)).toEqual({
        pointer: "",
        message: 'plugin.json must hold a JSON object such as { "id": "my-plugin", "name": "My plugin", "version": "1.0.0" }',
      });
    }
  });

  it("requires id, name and version", () => {
    expect(problems({})).toEqual([
      { pointer: "/id", message: '"id" is required' },
      { pointer: "/name", message: '"name" is required' },
      { pointer: "/version", message: '"version" is required' },
    ]);
  });

  it("rejects unknown properties by name, suggesting the one meant", () => {
    expect(problems({ ...base, permission: ["chat.read"], color: "red" })).toEqual([
      { pointer: "/permission", message: 'unknown property "permission": did you mean "permissions"?' },
      {
        pointer: "/color",
        message:
          'unknown property "color": remove it (plugin.json may contain "id", "name", "version", "author", "description", "homepage", "main", "api", "permissions", "optional_permissions", "library", "libraries")',
      },
    ]);
    const schemaIssue = manifestSchema.safeParse({ ...base, color: "red" }).error?.issues[0];
    expect(schemaIssue?.message).toBe('unknown property "color": remove it');
  });

  it.each([
    ["ab", '"id" must be 3 to 40 characters long; "ab" is too short'],
    ["a".repeat(41), `"id" must be 3 to 40 characters long; "${"a".repeat(41)}" is too long`],
    ["My Plugin", '"id" may use only lowercase letters, digits and single hyphens between them: try "my-plugin"'],
    ["my--plugin", '"id" may use only lowercase letters, digits and single hyphens between them: try "my-plugin"'],
    ["-plugin", '"id" may use only lowercase letters, digits and single hyphens between them: try "plugin"'],
    ["ünï", '"id" may use only lowercase letters, digits and single hyphens between them, e.g. "my-plugin"'],
  ])("id %j", (id, message) => {
    expect(only({ ...base, id })).toEqual({ pointer: "/id", message });
  });

  it("rejects an id of the wrong type", () => {
    expect(only({ ...base, id: 7 })).toEqual({ pointer: "/id", message: '"id" must be a string such as "my-plugin"' });
  });

  it("limits name to 1..60 characters", () => {
    expect(only({ ...base, name: "" })).toEqual({ pointer: "/name", message: '"name" must not be empty' });
    expect(only({ ...base, name: "n".repeat(61) })).toEqual({
      pointer: "/name",
      message: '"name" must be at most 60 characters long: shorten it',
    });
  });

  it("requires the version pattern, then valid SemVer 2.0, saying why", () => {
    expect(only({ ...base, version: "1.0" })).toEqual({
      pointer: "/version",
      message: '"version" must look like "1.2.3" (three numbers separated by dots, optionally followed by "-" or "+" and more, e.g. "1.0.0-beta.1"), not "1.0"',
    });
    expect(only({ ...base, version: "1.0.0-beta..1" })).toEqual({
      pointer: "/version",
      message: '"version" "1.0.0-beta..1" is not valid SemVer 2.0: the pre-release has an empty part (two dots in a row, or a dot at either end)',
    });
    expect(only({ ...base, version: "1.02.0" }).message).toContain('the minor version "02" has a leading zero');
    expect(parseManifest({ ...base, version: "1.0.0-rc.1+build.7" }).ok).toBe(true);
  });

  it("limits description to 500 characters", () => {
    expect(only({ ...base, description: "d".repeat(501) })).toEqual({
      pointer: "/description",
      message: '"description" must be at most 500 characters long; it has 501: shorten it',
    });
  });

  it("requires author to be a string", () => {
    expect(only({ ...base, author: { name: "Ana" } })).toEqual({ pointer: "/author", message: '"author" must be a string' });
  });

  it.each(["example.com", "ftp://example.com", "javascript:alert(1)", "https://localhost", "https://"])("rejects homepage %j", (homepage) => {
    expect(only({ ...base, homepage })).toEqual({
      pointer: "/homepage",
      message: '"homepage" must be a full web address starting with https:// or http://, e.g. "https://example.com/my-plugin"',
    });
  });

  it("requires main to be a .lua path inside the folder", () => {
    expect(only({ ...base, main: "main.js" })).toEqual({
      pointer: "/main",
      message: '"main" must name a Lua file ending in ".lua", e.g. "main.lua"',
    });
    expect(only({ ...base, main: "../main.lua" }).message).toBe(
      '"main" is not a usable file path: the path contains "..", which leads out of the plugin folder: give the path inside the folder',
    );
    expect(only({ ...base, main: "/abs/main.lua" }).message).toContain("the path is absolute");
  });

  it("allows api 1 only", () => {
    for (const api of [2, 0, "1"]) {
      expect(only({ ...base, api })).toEqual({
        pointer: "/api",
        message: '"api" must be 1, the only plugin API version (or leave it out)',
      });
    }
  });

  it("names unknown permissions, suggesting the closest known one", () => {
    expect(problems({ ...base, permissions: ["chat.read", "netwrok", "http", "everything"] })).toEqual([
      { pointer: "/permissions/1", message: 'unknown permission "netwrok": did you mean "network"?' },
      { pointer: "/permissions/2", message: 'unknown permission "http": did you mean "network"?' },
      {
        pointer: "/permissions/3",
        message: expect.stringMatching(/^unknown permission "everything": use one of "chat\.read", "chat\.middleware", .*"discord"$/),
      },
    ]);
  });

  it("names duplicate permissions, together with unknown ones", () => {
    expect(problems({ ...base, optional_permissions: ["network", "netwrk", "network"] })).toEqual([
      { pointer: "/optional_permissions/1", message: 'unknown permission "netwrk": did you mean "network"?' },
      { pointer: "/optional_permissions/2", message: '"network" is listed twice in "optional_permissions": remove one' },
    ]);
  });

  it("rejects a permission listed as both required and optional", () => {
    expect(only({ ...base, permissions: ["network"], optional_permissions: ["tts", "network"] })).toEqual({
      pointer: "/optional_permissions/1",
      message: '"network" is in both "permissions" and "optional_permissions": keep it in only one (in "permissions" if the plugin cannot work without it)',
    });
  });

  it("requires permissions to be a list of strings", () => {
    expect(only({ ...base, permissions: "network" })).toEqual({
      pointer: "/permissions",
      message: '"permissions" must be a list of permission names, e.g. ["chat.read"]',
    });
    expect(only({ ...base, permissions: [3] }).message).toBe('each entry of "permissions" must be a permission name in double quotes, e.g. "chat.read"');
  });

  it("requires library to be a boolean", () => {
    expect(only({ ...base, library: "yes" })).toEqual({ pointer: "/library", message: '"library" must be true or false' });
  });

  it("checks libraries: at most 20, valid ids, no repeats, not itself", () => {
    const many = Array.from({ length: 21 }, (_, i) => `lib-${i}`);
    expect(only({ ...base, libraries: many })).toEqual({
      pointer: "/libraries",
      message: '"libraries" may list at most 20 libraries; it lists 21: remove some',
    });
    expect(problems({ ...base, libraries: ["Overlay_Kit", "kit", "kit", "shout-out"] })).toEqual([
      {
        pointer: "/libraries/0",
        message: 'each entry of "libraries" may use only lowercase letters, digits and single hyphens between them: try "overlay-kit"',
      },
      { pointer: "/libraries/2", message: '"kit" is listed twice in "libraries": remove one' },
      { pointer: "/libraries/3", message: 'a plugin cannot load itself: remove "shout-out" from "libraries"' },
    ]);
  });

  it("reports problems in several fields at once", () => {
    const found = problems({ id: "X", name: "", version: "one", api: 2, extra: true });
    expect(found.map((p) => p.pointer).sort()).toEqual(["/api", "/extra", "/id", "/id", "/name", "/version"]);
  });
});

describe("idMatchesFolder", () => {
  it("compares the id with the folder name exactly", () => {
    expect(idMatchesFolder({ id: "shout-out" }, "shout-out")).toBe(true);
    expect(idMatchesFolder({ id: "shout-out" }, "Shout-Out")).toBe(false);
    expect(idMatchesFolder({ id: "shout-out" }, "shout-out-main")).toBe(false);
  });
});
