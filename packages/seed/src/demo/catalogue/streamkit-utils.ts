import type { CataloguePlugin } from "./types";

const init = String.raw`-- Streamkit Utils: small, dependency-free helpers shared by Streamkit plugins.
--
-- Use it from another plugin (list "streamkit-utils" under "libraries"):
--   local utils = lib.require("streamkit-utils")
--   local name, args, rest = utils.parse_command(msg.text)

local M = {}

local SECONDS_PER_HOUR <const> = 3600
local SECONDS_PER_MINUTE <const> = 60

--- Removes leading and trailing whitespace.
function M.trim(text)
  return (text:match("^%s*(.-)%s*$"))
end

--- Escapes Lua pattern characters so that text matches literally.
function M.escape_pattern(text)
  return (text:gsub("[%^%$%(%)%%%.%[%]%*%+%-%?]", "%%%0"))
end

--- Splits "a | b | c" into trimmed, non-empty parts.
function M.split(text, sep)
  sep = sep or "|"
  local parts = {}
  for piece in (text .. sep):gmatch("(.-)" .. M.escape_pattern(sep)) do
    piece = M.trim(piece)
    if piece ~= "" then
      parts[#parts + 1] = piece
    end
  end
  return parts
end

--- Parses "!name arg1 arg2" into "name", { "arg1", "arg2" }, "arg1 arg2".
--- Returns nil when text does not start with prefix (default "!").
function M.parse_command(text, prefix)
  prefix = prefix or "!"
  if type(text) ~= "string" or text:sub(1, #prefix) ~= prefix then
    return nil
  end
  local name, rest = text:sub(#prefix + 1):match("^(%S+)%s*(.-)%s*$")
  if not name then
    return nil
  end
  local args = {}
  for word in rest:gmatch("%S+") do
    args[#args + 1] = word
  end
  return name:lower(), args, rest
end

--- Fills {placeholders} from vars. Unknown placeholders are left as they are.
function M.format(template, vars)
  return (template:gsub("{([%w_]+)}", function(key)
    local value = vars[key]
    if value == nil then
      return nil -- keeps the original "{key}"
    end
    return tostring(value)
  end))
end

--- Formats a number of seconds as "2h 05m", "12m 30s" or "45s".
function M.duration(seconds)
  seconds = math.max(0, math.floor(seconds))
  local hours = seconds // SECONDS_PER_HOUR
  local minutes = seconds % SECONDS_PER_HOUR // SECONDS_PER_MINUTE
  local secs = seconds % SECONDS_PER_MINUTE
  if hours > 0 then
    return string.format("%dh %02dm", hours, minutes)
  elseif minutes > 0 then
    return string.format("%dm %02ds", minutes, secs)
  end
  return string.format("%ds", secs)
end

--- Shortens text to at most max characters (UTF-8 aware), ending with "…".
function M.truncate(text, max)
  local length = utf8.len(text)
  if not length then
    return text:sub(1, max) -- not valid UTF-8: fall back to bytes
  end
  if length <= max then
    return text
  end
  return text:sub(1, utf8.offset(text, max) - 1) .. "…"
end

--- "1 point", "3 points".
function M.plural(count, word, plural_word)
  if count == 1 then
    return count .. " " .. word
  end
  return count .. " " .. (plural_word or word .. "s")
end

--- True for moderators and the channel owner.
function M.is_mod(user)
  return user ~= nil and (user.is_mod or user.is_broadcaster) == true
end

local Cooldown = {}
Cooldown.__index = Cooldown

--- Creates a cooldown: cooldown:try(key) succeeds at most once per seconds for each key.
function M.cooldown(seconds)
  return setmetatable({ seconds = seconds, last = {} }, Cooldown)
end

--- Returns true (and starts the cooldown) when key is ready, or false and the seconds left.
function Cooldown:try(key)
  key = key or "_global"
  local now = os.time()
  local last = self.last[key]
  if last and now - last < self.seconds then
    return false, self.seconds - (now - last)
  end
  self.last[key] = now
  return true, 0
end

function Cooldown:reset(key)
  self.last[key or "_global"] = nil
end

return M
`;

const readme = `# Streamkit Utils

A library plugin: it never runs by itself. Add \`"streamkit-utils"\` to the
\`libraries\` of your plugin.json and load it with:

\`\`\`lua
local utils = lib.require("streamkit-utils")
\`\`\`

| Function | What it does |
|---|---|
| \`utils.parse_command(text, prefix?)\` | \`"!sr never gonna"\` → \`"sr", { "never", "gonna" }, "never gonna"\` |
| \`utils.split(text, sep?)\` | Splits on \`sep\` (default: a vertical bar), trims the parts and drops empty ones |
| \`utils.format(template, vars)\` | \`"Hi {user}!"\` with \`{ user = "Sam" }\` → \`"Hi Sam!"\` |
| \`utils.duration(seconds)\` | \`3725\` → \`"1h 02m"\` |
| \`utils.truncate(text, max)\` | Shortens to \`max\` characters, UTF-8 aware |
| \`utils.plural(n, word)\` | \`"3 points"\` |
| \`utils.is_mod(user)\` | True for moderators and the channel owner |
| \`utils.cooldown(seconds)\` | \`cd:try(key)\` returns \`true\` at most once per \`seconds\` per key |

The library calls no plugin API, so it needs no permissions.
`;

export const plugin: CataloguePlugin = {
  publisher: { kind: "official", name: "Streamkit", verified: true },
  manifest: {
    id: "streamkit-utils",
    name: "Streamkit Utils",
    author: "Streamkit",
    description:
      'A shared library for plugin authors: chat command parsing, {placeholder} templates, per-user cooldowns, duration formatting and UTF-8 safe truncation. It has no settings and does nothing on its own; other plugins load it with lib.require("streamkit-utils").',
    homepage: "https://streamkit.dev/plugins/streamkit-utils",
    main: "init.lua",
    api: 1,
    library: true,
  },
  files: { "init.lua": init, "README.md": readme },
  versions: [
    {
      version: "1.0.0",
      changelog: "First release with parse_command, format, duration and is_mod.",
      createdAt: "2025-01-14T10:32:05.412Z",
    },
    {
      version: "1.1.0",
      changelog: "Added utils.cooldown(seconds): per-key cooldowns for commands and rewards, with cooldown:try(key) and cooldown:reset(key).",
      createdAt: "2025-03-02T14:05:51.087Z",
    },
    {
      version: "1.2.0",
      changelog: 'Added split (for "question | option | option" style arguments), truncate (counts characters, not bytes) and plural.',
      createdAt: "2025-05-28T09:47:12.630Z",
      files: {
        "init.lua": init.replace(
          `    local value = vars[key]
    if value == nil then
      return nil -- keeps the original "{key}"
    end
    return tostring(value)`,
          `    return tostring(vars[key])`,
        ),
      },
    },
    {
      version: "1.2.1",
      changelog: 'format no longer turns unknown placeholders into the word "nil"; they are left untouched so typos are easy to spot.',
      createdAt: "2025-09-09T16:20:33.918Z",
    },
  ],
  downloads: 5230,
  price: null,
};
