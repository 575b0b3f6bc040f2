import type { CataloguePlugin } from "./types";

const main = String.raw`-- Chat Commands: custom !commands for your chat, managed by your moderators.
--
-- Moderators manage commands from chat:
--   !cmd add discord Join us at https://discord.gg/example
--   !cmd edit discord The Discord moved: https://discord.gg/new
--   !cmd remove discord
-- Replies may use {user}, {args}, {title} and {uptime}.

local utils = lib.require("streamkit-utils")

local PREFIX <const> = "!"
local MAX_REPLY <const> = 200
local COOLDOWN_SECONDS <const> = 10

local DEFAULTS <const> = {
  discord = "Join the community Discord: https://discord.gg/example",
  lurk = "{user} is lurking. Enjoy the stream!",
}

local commands = storage.get("commands")
if commands == nil then
  commands = {}
  for name, text in pairs(DEFAULTS) do
    commands[name] = text
  end
  storage.set("commands", commands)
end

local cooldown = utils.cooldown(COOLDOWN_SECONDS)

local function reply(text)
  youtube.send_chat(utils.truncate(text, MAX_REPLY))
end

local function uptime_text()
  local state = stream.state()
  if not state.live or not state.started_at then
    return nil
  end
  return utils.duration(os.time() - state.started_at)
end

local builtins = {}

function builtins.uptime()
  local uptime = uptime_text()
  if uptime then
    reply("We have been live for " .. uptime .. ".")
  else
    reply("The stream is offline right now.")
  end
end

function builtins.commands()
  local names = {}
  for name in pairs(commands) do
    names[#names + 1] = PREFIX .. name
  end
  for name in pairs(builtins) do
    if name ~= "cmd" then
      names[#names + 1] = PREFIX .. name
    end
  end
  table.sort(names)
  reply("Commands: " .. table.concat(names, " "))
end

function builtins.cmd(msg, args, rest)
  if not utils.is_mod(msg.user) then
    return
  end
  local action, name = args[1], args[2]
  if not action or not name then
    reply("Usage: !cmd add|edit|remove <name> [text]")
    return
  end
  action = action:lower()
  name = name:lower():gsub("^" .. PREFIX, "")
  local text = rest:match("^%S+%s+%S+%s+(.+)$")

  if builtins[name] then
    reply(PREFIX .. name .. " is built in and cannot be changed.")
  elseif action == "add" or action == "edit" then
    if not text then
      reply("Usage: !cmd " .. action .. " <name> <text>")
      return
    end
    local existed = commands[name] ~= nil
    commands[name] = text
    storage.set("commands", commands)
    reply((existed and "Updated " or "Added ") .. PREFIX .. name .. ".")
  elseif action == "remove" or action == "delete" then
    if commands[name] == nil then
      reply("There is no " .. PREFIX .. name .. " command.")
      return
    end
    commands[name] = nil
    storage.set("commands", commands)
    reply("Removed " .. PREFIX .. name .. ".")
  else
    reply("Unknown action '" .. action .. "'. Use add, edit or remove.")
  end
end

chats.on("message", function(msg)
  local name, args, rest = utils.parse_command(msg.text, PREFIX)
  if not name then
    return
  end

  local builtin = builtins[name]
  if builtin then
    if name == "cmd" or cooldown:try(name) then
      builtin(msg, args, rest)
    end
    return
  end

  local template = commands[name]
  if template and cooldown:try(name) then
    reply(utils.format(template, {
      user = msg.user.name,
      args = rest,
      title = stream.state().title,
      uptime = uptime_text() or "offline",
    }))
  end
end)
`;

export const plugin: CataloguePlugin = {
  publisher: { kind: "official", name: "Streamkit", verified: true },
  manifest: {
    id: "chat-commands",
    name: "Chat Commands",
    author: "Streamkit",
    description:
      "Custom !commands for your YouTube chat. Moderators add, edit and remove them straight from chat with !cmd, and replies can include the viewer's name, the stream title or the uptime. Comes with !uptime and !commands built in, and a cooldown per command so chat cannot spam them.",
    homepage: "https://streamkit.dev/plugins/chat-commands",
    api: 1,
    permissions: ["chat.read", "youtube.chat", "stream.read", "storage"],
    libraries: ["streamkit-utils"],
  },
  files: { "main.lua": main },
  versions: [
    {
      version: "1.0.0",
      changelog: "First release: custom commands saved with the plugin, managed by moderators with !cmd add, !cmd edit and !cmd remove.",
      createdAt: "2025-01-20T11:02:47.301Z",
    },
    {
      version: "1.1.0",
      changelog: "Added the built-in !uptime and !commands. Replies can now use {title} and {uptime}.",
      createdAt: "2025-02-26T17:44:10.559Z",
    },
    {
      version: "2.0.0-beta.1",
      changelog:
        "Each command now has its own 10-second cooldown instead of one shared cooldown, so a busy !discord no longer blocks !lurk. Built-in commands can no longer be overwritten with !cmd add.",
      createdAt: "2025-05-12T08:15:29.004Z",
      files: {
        "main.lua": main.replace("  youtube.send_chat(utils.truncate(text, MAX_REPLY))", "  youtube.send_chat(text)"),
      },
    },
    {
      version: "2.0.0",
      changelog: "Stable 2.0. Replies longer than 200 characters are shortened so YouTube no longer rejects them.",
      createdAt: "2025-06-03T13:30:00.812Z",
    },
  ],
  downloads: 4870,
  price: null,
};
