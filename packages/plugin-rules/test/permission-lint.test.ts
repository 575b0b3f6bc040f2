import { describe, expect, it } from "vitest";
import { parseLua } from "../src/lua-syntax";
import { collectApiUsage, lintPermissions, type DeclaredAccess } from "../src/permission-lint";

function chunkOf(source: string) {
  const result = parseLua(source);
  if (!result.ok) throw new Error(result.error.message);
  return result.chunk;
}

const lint = (source: string, declared: DeclaredAccess = {}) => lintPermissions(chunkOf(source), declared);
const messages = (source: string, declared: DeclaredAccess = {}) => lint(source, declared).map((p) => p.message);

describe("permission lint", () => {
  it("names the missing permission and where to add it", () => {
    expect(lint("local x = 1\n  chats.use(function(msg) return msg end)")).toEqual([
      {
        line: 2,
        column: 3,
        message: 'chats.use needs the "chat.middleware" permission: add it to "permissions" (or "optional_permissions") in plugin.json',
      },
    ]);
  });

  it("accepts a permission from either list", () => {
    expect(lint("http.get('https://example.com')", { permissions: ["network"] })).toEqual([]);
    expect(lint("http.get('https://example.com')", { optional_permissions: ["network"] })).toEqual([]);
    expect(messages("http.get('https://example.com')", { permissions: ["chat.read"] })).toEqual([
      'http.get needs the "network" permission: add it to "permissions" (or "optional_permissions") in plugin.json',
    ]);
  });

  it("maps each call to its own permission", () => {
    const source = [
      "chats.on('message', print)",
      "chats.menu('Shout', print)",
      "ui.notify('hi')",
      "ui:confirm('sure?')",
      "plugin.settings({})",
      "plugin.request('network', 'to fetch the weather')",
      "youtube.ban('someone')",
      "redeems.add({})",
    ].join("\n");
    expect(messages(source, { optional_permissions: ["network"] }).map((m) => `${m.split(" needs ")[0]} → ${m.split('"')[1]}`)).toEqual([
      "chats.on → chat.read",
      "chats.menu → ui.app",
      "ui.notify → ui.notify",
      "ui.confirm → ui.modal",
      "plugin.settings → ui.dashboard",
      "youtube.ban → youtube.moderate",
      "redeems.add → points",
    ]);
  });

  it("reports each call once, at its first use", () => {
    const problems = lint("function later() http.get('b') end\nhttp.get('a')\nhttp.post('c')\nhttp.get('d')");
    expect(problems.map((p) => [p.line, p.column, p.message.split(" ")[0]])).toEqual([
      [1, 18, "http.get"],
      [3, 1, "http.post"],
    ]);
  });

  it("does not flag a local variable, parameter or loop variable with a namespace's name", () => {
    const source = [
      "local http = require('socket.http')",
      "http.request('x')",
      "local function f(chats) return chats.use end",
      "for _, ui in ipairs({}) do ui.notify() end",
      "for window = 1, 3 do print(window.create) end",
      "local function storage() end",
      "print(storage.get)",
      "repeat local obs = {} until obs.state",
    ].join("\n");
    expect(lint(source)).toEqual([]);
  });

  it("flags the global again where the local's scope ends", () => {
    const source = [
      "do local http = {} http.get() end",
      "http.get()",
      "local chats = chats", // the right-hand side still reads the global
      "chats.use()",
    ].join("\n");
    expect(lint(source).map((p) => `${p.line}:${p.column} ${p.message.split(" needs")[0]}`)).toEqual(["2:1 http.get", "3:15 chats (used as a whole)"]);
  });

  it("counts a bare or computed use of a namespace as needing its own permission", () => {
    expect(messages("local c = chats")).toEqual([
      'chats (used as a whole) needs the "chat.read" permission: add it to "permissions" (or "optional_permissions") in plugin.json',
    ]);
    expect(messages("local name = 'use'\nchats[name](print)")).toHaveLength(1);
    expect(messages("youtube[k]()")[0]).toContain('"youtube.chat"');
  });

  it("sees through _G and _ENV", () => {
    expect(messages("_G.http.get('x')")[0]).toMatch(/^http\.get needs the "network"/);
    expect(messages("_ENV['tts'].say('x')")[0]).toMatch(/^tts\.say needs the "tts"/);
    expect(messages("local _G = {}\n_G.http.get('x')")).toEqual([]);
  });

  it("ignores strings, comments and table keys that look like calls", () => {
    expect(lint("-- http.get('x')\nlocal s = 'chats.use'\nlocal t = { http = 1, chats = 2 }\nprint(t.http, s)")).toEqual([]);
  });

  it("names a library that lib.require loads but plugin.json does not list", () => {
    expect(lint("local kit = lib.require('overlay-kit')\nlib.require \"overlay-kit\"")).toEqual([
      {
        line: 1,
        column: 13,
        message: 'lib.require("overlay-kit") loads a library not listed in "libraries": add "overlay-kit" to "libraries" in plugin.json',
      },
    ]);
    expect(lint("lib.require('overlay-kit')", { libraries: ["overlay-kit"] })).toEqual([]);
    expect(lint("lib.require([[overlay-kit]])", { libraries: ["overlay-kit"] })).toEqual([]);
  });

  it("asks for plugin.request's permission in optional_permissions", () => {
    expect(messages("plugin.request('network', 'why')")).toEqual([
      'plugin.request("network") asks for a permission not listed in "optional_permissions": add "network" to "optional_permissions" in plugin.json',
    ]);
    expect(messages("plugin.request('netwrk', 'why')")).toEqual(['plugin.request("netwrk") asks for an unknown permission: did you mean "network"?']);
    expect(lint("plugin.request('network', 'why')", { optional_permissions: ["network"] })).toEqual([]);
  });

  it("lists every use for callers that want the whole picture", () => {
    const usage = collectApiUsage(chunkOf("chats.on('x', print)\nlocal u = ui\nlib.require('kit')"));
    expect(usage.calls).toEqual([
      { namespace: "chats", fn: "on", permission: "chat.read", line: 1, column: 1 },
      { namespace: "ui", permission: "ui.modal", line: 2, column: 11 },
      { namespace: "lib", fn: "require", permission: null, line: 3, column: 1 },
    ]);
    expect(usage.libraries).toEqual([{ value: "kit", line: 3, column: 1 }]);
  });
});
