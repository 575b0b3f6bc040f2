import luaparse from "luaparse";
import { describe, expect, it } from "vitest";
import { API_NAMESPACES, isApiNamespace, permissionForCall } from "../src/api-namespaces";
import { getPermission, inTableOrder, isPermission, listPermissions, PERMISSION_NAMES, PERMISSIONS, permissionSchema } from "../src/permissions";
import { suggestPermission } from "../src/suggest";

describe("permission table", () => {
  it("has the 36 names of docs/plugins.md#the-manifest, once each", () => {
    expect(PERMISSION_NAMES).toHaveLength(36);
    expect(new Set(PERMISSION_NAMES).size).toBe(36);
    expect(Object.keys(PERMISSIONS).sort()).toEqual([...PERMISSION_NAMES].sort());
  });

  it("gives every permission a title, a plain-words summary and what it grants", () => {
    for (const info of listPermissions()) {
      expect(info.title.length, info.name).toBeGreaterThan(3);
      expect(info.summary, info.name).toMatch(/^[A-Z].*\.$/);
      expect(info.summary.length, info.name).toBeLessThan(140);
      expect(info.grants.length, info.name).toBeGreaterThan(0);
    }
    expect(getPermission("network").summary).toBe("Connect to websites and online services over HTTPS. It could send data it can see to the internet.");
    expect(getPermission("chat.read").grants).toEqual(["chats.get", "chats.on", "chats.random"]);
  });

  it("validates names with the zod enum and the guard", () => {
    expect(permissionSchema.parse("ui.app")).toBe("ui.app");
    expect(permissionSchema.safeParse("ui.apps").success).toBe(false);
    expect(isPermission("youtube.manage")).toBe(true);
    expect(isPermission("youtube")).toBe(false);
    expect(isPermission(42)).toBe(false);
  });

  it("puts lists in table order without duplicates or unknown names", () => {
    expect(inTableOrder(["network", "chat.read", "bogus", "network"])).toEqual(["chat.read", "network"]);
  });
});

describe("which permission a call needs", () => {
  it("agrees with every 'grants' entry of the table", () => {
    for (const name of PERMISSION_NAMES) {
      for (const grant of PERMISSIONS[name].grants) {
        const [ns, fn] = grant.split(".") as [string, string];
        expect(isApiNamespace(ns), grant).toBe(true);
        if (!isApiNamespace(ns)) continue;
        expect(permissionForCall(ns, fn === "*" ? undefined : fn), grant).toBe(name);
      }
    }
  });

  it.each([
    ["chats", "use", "chat.middleware"],
    ["chats", "menu", "ui.app"],
    ["chats", "decorate", "ui.app"],
    ["chats", "get", "chat.read"],
    ["chats", "history", "chat.read"],
    ["plugin", "settings", "ui.dashboard"],
    ["plugin", "request", null],
    ["plugin", "id", null],
    ["ui", "notify", "ui.notify"],
    ["ui", "modal", "ui.modal"],
    ["ui", "select", "ui.modal"],
    ["ui", "page", "ui.app"],
    ["ui", "command", "ui.app"],
    ["window", "close", "ui.window"],
    ["dashboard", "section", "ui.dashboard"],
    ["http", "post", "network"],
    ["redeems", "list", "points"],
    ["predictions", "resolve", "points"],
    ["speech", "listen", "microphone"],
    ["captions", "on", "microphone"],
    ["youtube", "ban", "youtube.moderate"],
    ["youtube", "set_title", "youtube.manage"],
    ["youtube", "poll", "youtube.chat"],
    ["lib", "require", null],
  ] as const)("%s.%s needs %s", (ns, fn, permission) => {
    expect(permissionForCall(ns, fn)).toBe(permission);
  });

  it("uses the namespace's own permission for a bare use", () => {
    expect(permissionForCall("chats")).toBe("chat.read");
    expect(permissionForCall("ui")).toBe("ui.modal");
    expect(permissionForCall("http")).toBe("network");
    expect(permissionForCall("plugin")).toBeNull();
  });

  it("does not treat inherited object keys as namespaces or functions", () => {
    expect(isApiNamespace("toString")).toBe(false);
    expect(isApiNamespace("constructor")).toBe(false);
    expect(permissionForCall("chats", "constructor")).toBe("chat.read");
  });

  it("names no namespace that Lua reserves or that luaparse cannot read as a name", () => {
    for (const ns of Object.keys(API_NAMESPACES)) {
      expect(() => luaparse.parse(`local x = ${ns}.f`), ns).not.toThrow();
    }
  });
});

describe("suggestPermission", () => {
  it.each([
    ["netwrok", "network"],
    ["Network", "network"],
    ["chat_read", "chat.read"],
    ["http", "network"],
    ["chats.use", "chat.middleware"],
    ["speech.*", "microphone"],
    ["storge", "storage"],
  ])("%s → %s", (input, expected) => {
    expect(suggestPermission(input)).toBe(expected);
  });

  it("stays silent when nothing is obviously meant", () => {
    expect(suggestPermission("everything")).toBeUndefined();
    expect(suggestPermission("x")).toBeUndefined();
  });
});
