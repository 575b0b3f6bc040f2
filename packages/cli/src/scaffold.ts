/**
 * What `init` writes: a plugin.json that passes the manifest rules and a
 * main.lua that runs, using exactly the permissions plugin.json declares.
 */
import type { Permission } from "@streamkit/plugin-rules";

export const SCAFFOLD_VERSION = "0.1.0";
export const SCAFFOLD_PERMISSIONS = ["chat.read", "ui.notify", "storage"] as const satisfies readonly Permission[];

/** "my-first-plugin" → "My First Plugin". */
export function nameFromId(id: string): string {
  return id
    .split("-")
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(" ");
}

export function manifestFor(id: string, name: string) {
  return {
    id,
    name,
    version: SCAFFOLD_VERSION,
    description: "Answers !hello in chat with a notification and counts the greetings.",
    main: "main.lua",
    api: 1,
    permissions: [...SCAFFOLD_PERMISSIONS],
  };
}

export function mainLuaFor(name: string): string {
  // The name goes into a comment: no line breaks or other control characters.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what this removes.
  const title = name.replace(/[\u0000-\u001f\u007f-\u009f]/g, " ");
  return `-- ${title}: answers !hello in chat with a notification and counts the greetings.
--
-- Every call into the plugin API needs a permission listed in plugin.json:
--   chats.on                 chat.read
--   ui.notify                ui.notify
--   storage.get, storage.set storage
-- \`streamkit-plugin validate\` names the permission a new call needs.

local greetings = storage.get("greetings") or 0

chats.on("message", function(msg)
  if msg.text:lower():match("^!hello") then
    greetings = greetings + 1
    storage.set("greetings", greetings)
    ui.notify(msg.user.name .. " said hello (" .. greetings .. " so far).")
  end
end)
`;
}

/** The files of a new plugin, by path. */
export function scaffoldFiles(id: string, name: string): { path: string; content: string }[] {
  return [
    { path: "plugin.json", content: `${JSON.stringify(manifestFor(id, name), null, 2)}\n` },
    { path: "main.lua", content: mainLuaFor(name) },
  ];
}
