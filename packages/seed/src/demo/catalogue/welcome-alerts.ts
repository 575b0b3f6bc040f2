import type { CataloguePlugin } from "./types";

const main = String.raw`-- Welcome & Alerts: greets first-time chatters and turns follows and
-- memberships into on-screen alerts with a sound.

local utils = lib.require("streamkit-utils")

local ALERT_MS <const> = 6000
local GREETING_COOLDOWN <const> = 30

local SOUNDS <const> = {
  welcome = "streamkit/chime",
  follow = "streamkit/pop",
  member = "streamkit/fanfare",
}

local GREETINGS <const> = {
  first_ever = "Welcome to the stream, {user}! Glad you found us.",
  returning = "Welcome back, {user}!",
}

-- Everyone who has ever chatted, kept between streams (user id -> first seen).
local known = storage.get("known_chatters") or {}
-- Who has already been greeted during the current stream.
local greeted = {}
local greet_cooldown = utils.cooldown(GREETING_COOLDOWN)

-- Greeting in chat is optional: the plugin works with on-screen alerts alone.
local can_greet = plugin.request("youtube.chat",
  "Post a short welcome message in chat when someone chats for the first time.")

local function alert(kind, title, message)
  alerts.show({ kind = kind, title = title, message = message, duration_ms = ALERT_MS })
  sounds.play(SOUNDS[kind], { volume = 0.6 })
end

chats.on("message", function(msg)
  local user = msg.user
  if greeted[user.id] or user.is_broadcaster then
    return
  end
  greeted[user.id] = true

  local first_ever = known[user.id] == nil
  if first_ever then
    known[user.id] = os.time()
    storage.set("known_chatters", known)
    alert("welcome", "New chatter", user.name .. " said hello for the first time!")
  end

  -- One greeting per 30 seconds, so a raid does not flood chat.
  if can_greet and greet_cooldown:try() then
    local template = first_ever and GREETINGS.first_ever or GREETINGS.returning
    youtube.send_chat(utils.format(template, { user = user.name }))
  end
end)

stream.on("follow", function(event)
  alert("follow", "New follower", event.user.name .. " is now following!")
end)

stream.on("member", function(event)
  local months = event.months or 1
  local message
  if months > 1 then
    message = string.format("%s has been a member for %d months!", event.user.name, months)
  else
    message = event.user.name .. " just became a member!"
  end
  alert("member", "New member", message)
end)

stream.on("start", function()
  greeted = {}
end)
`;

export const plugin: CataloguePlugin = {
  publisher: { kind: "official", name: "Streamkit", verified: true },
  manifest: {
    id: "welcome-alerts",
    name: "Welcome & Alerts",
    author: "Streamkit",
    description:
      "Shows an on-screen alert with a sound for new followers, new members and people chatting in your channel for the first time. If you allow it, it also welcomes first-time and returning chatters in chat, at most once every 30 seconds so raids stay readable.",
    homepage: "https://streamkit.dev/plugins/welcome-alerts",
    api: 1,
    permissions: ["chat.read", "stream.read", "alerts", "sounds", "storage"],
    optional_permissions: ["youtube.chat"],
    libraries: ["streamkit-utils"],
  },
  files: { "main.lua": main },
  versions: [
    {
      version: "1.0.0",
      changelog: "First release: alerts with sound for new followers and new members.",
      createdAt: "2025-02-04T10:11:22.145Z",
    },
    {
      version: "1.1.0",
      changelog: "First-time chatters now get their own alert. The plugin remembers who has chatted before, across streams.",
      createdAt: "2025-04-15T15:38:40.726Z",
    },
    {
      version: "1.2.0",
      changelog:
        "Optional welcome message in chat. The plugin asks for the youtube.chat permission when it starts, and keeps working with alerts only if you say no.",
      createdAt: "2025-08-21T09:02:13.390Z",
      files: {
        "main.lua": main.replace(
          "  -- One greeting per 30 seconds, so a raid does not flood chat.\n  if can_greet and greet_cooldown:try() then",
          "  if can_greet then",
        ),
      },
    },
    {
      version: "1.2.1",
      changelog: "Chat greetings share a 30-second cooldown, so a raid no longer floods chat with welcome messages.",
      createdAt: "2025-10-02T18:26:57.031Z",
    },
  ],
  downloads: 3915,
  price: null,
};
