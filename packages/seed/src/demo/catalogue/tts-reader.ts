import type { CataloguePlugin } from "./types";

const main = String.raw`-- TTS Reader: reads chat aloud with the voice you pick in the plugin settings.
-- Moderators can type !skip to stop the message being read.

local MAX_CHARS <const> = 200

local voice_choices = {}
for _, voice in ipairs(tts.voices()) do
  voice_choices[#voice_choices + 1] = { value = voice.id, label = voice.name .. " (" .. voice.lang .. ")" }
end

local settings = plugin.settings({
  { key = "voice", label = "Voice", type = "choice", choices = voice_choices },
  { key = "rate", label = "Speed", type = "number", min = 0.5, max = 2, default = 1 },
  { key = "volume", label = "Volume", type = "number", min = 0, max = 1, default = 0.8 },
  { key = "members_only", label = "Only read members and moderators", type = "boolean", default = false },
  { key = "read_names", label = "Say who wrote each message", type = "boolean", default = true },
  { key = "skip_links", label = "Skip messages with links", type = "boolean", default = true },
})

local function speak(text)
  tts.say(text, { voice = settings.voice, rate = settings.rate, volume = settings.volume })
end

local function shorten(text)
  local length = utf8.len(text)
  if length and length > MAX_CHARS then
    return text:sub(1, utf8.offset(text, MAX_CHARS + 1) - 1)
  end
  return text
end

local function should_read(msg)
  local text, user = msg.text, msg.user
  if text:sub(1, 1) == "!" then
    return false -- commands are for bots, not for ears
  end
  if settings.skip_links and text:find("https?://") then
    return false
  end
  if settings.members_only and not (user.is_member or user.is_mod or user.is_broadcaster) then
    return false
  end
  return true
end

chats.on("message", function(msg)
  local user = msg.user
  if msg.text == "!skip" and (user.is_mod or user.is_broadcaster) then
    tts.stop()
    return
  end
  if not should_read(msg) then
    return
  end
  local text = shorten((msg.text:gsub("https?://%S+", "a link")))
  if settings.read_names then
    text = user.name .. " says: " .. text
  end
  speak(text)
end)

-- Donations are optional: ask once, and read them aloud if allowed.
if plugin.request("donations", "Read donation messages aloud with the donor's name and amount.") then
  donations.on("donation", function(donation)
    local line = string.format("%s donated %s %s", donation.name, donation.amount, donation.currency)
    if donation.message and donation.message ~= "" then
      line = line .. " and says: " .. shorten(donation.message)
    end
    speak(line)
  end)
end
`;

export const plugin: CataloguePlugin = {
  publisher: { kind: "user", name: "Tomás Ferreira", verified: false, email: "tomas@demo.streamkit.dev" },
  manifest: {
    id: "tts-reader",
    name: "TTS Chat Reader",
    author: "Tomás Ferreira",
    description:
      "Reads your chat aloud with any voice installed on your computer. Choose the voice, speed and volume, read only members and moderators if chat is busy, and skip messages with links. Moderators can cut off a message with !skip. If you allow it, donation messages are read out too.",
    homepage: "https://github.com/tferreira/tts-reader",
    api: 1,
    permissions: ["chat.read", "tts", "ui.dashboard"],
    optional_permissions: ["donations"],
  },
  files: { "main.lua": main },
  versions: [
    {
      version: "1.0.0",
      changelog: "First release: reads every chat message with the default voice.",
      createdAt: "2025-02-11T22:03:41.287Z",
    },
    {
      version: "1.0.1",
      changelog: "Messages starting with ! are no longer read, so bot commands stay quiet.",
      createdAt: "2025-02-20T21:16:05.734Z",
    },
    {
      version: "1.1.0",
      changelog: "Settings for voice, speed and volume, plus options to read only members and moderators and to skip messages with links.",
      createdAt: "2025-05-30T19:51:29.618Z",
    },
    {
      version: "1.2.0",
      changelog:
        "- Moderators can type !skip to stop the current message.\n- Donation messages can be read aloud; the plugin asks for the donations permission the first time it runs.",
      createdAt: "2025-11-08T20:37:12.905Z",
    },
  ],
  downloads: 1875,
  price: null,
};
