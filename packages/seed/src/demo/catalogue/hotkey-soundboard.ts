import type { CataloguePlugin } from "./types";

const main = String.raw`-- Hotkey Soundboard: up to nine sounds on Ctrl+Alt+1 .. Ctrl+Alt+9, with a
-- shared cooldown so they can't be spammed. Ctrl+Alt+0 switches the whole
-- board off and on again (handy during a serious moment).

local utils = lib.require("streamkit-utils")

local SLOTS <const> = 9
local PANIC_KEY <const> = "Ctrl+Alt+0"

local schema = {
  { key = "cooldown", label = "Seconds between sounds", type = "number", min = 0, max = 60, default = 3 },
  { key = "volume", label = "Volume", type = "number", min = 0, max = 1, default = 0.8 },
}
for slot = 1, SLOTS do
  schema[#schema + 1] = { key = "sound_" .. slot, label = "Sound on Ctrl+Alt+" .. slot, type = "sound" }
end
local settings = plugin.settings(schema)

local cooldown = utils.cooldown(settings.cooldown)
local enabled = true

local function combo(slot)
  return "Ctrl+Alt+" .. slot
end

local function bind_all()
  for slot = 1, SLOTS do
    local sound = settings["sound_" .. slot]
    if sound then
      hotkeys.on(combo(slot), function()
        if cooldown:try() then
          sounds.play(sound, { volume = settings.volume })
        end
      end)
    end
  end
end

local function unbind_all()
  for slot = 1, SLOTS do
    hotkeys.off(combo(slot))
  end
end

hotkeys.on(PANIC_KEY, function()
  enabled = not enabled
  if enabled then
    bind_all()
    ui.notify("Soundboard on.")
  else
    unbind_all()
    ui.notify("Soundboard off. Press " .. PANIC_KEY .. " to turn it back on.")
  end
end)

bind_all()
`;

export const plugin: CataloguePlugin = {
  publisher: { kind: "user", name: "Maya Okafor", verified: true, email: "maya@demo.streamkit.dev" },
  manifest: {
    id: "hotkey-soundboard",
    name: "Hotkey Soundboard",
    author: "Maya Okafor",
    description:
      "Put up to nine sounds from the sound library on Ctrl+Alt+1 to Ctrl+Alt+9. A shared cooldown stops accidental double presses, and Ctrl+Alt+0 turns the whole board off and on again. Pick the sounds, volume and cooldown in the plugin settings.",
    homepage: "https://mayaokafor.com/soundboard",
    api: 1,
    permissions: ["hotkeys", "sounds", "ui.dashboard", "ui.notify"],
    libraries: ["streamkit-utils"],
  },
  files: { "main.lua": main },
  versions: [
    {
      version: "1.0.0",
      changelog: "First release: nine hotkey slots with a shared cooldown and volume.",
      createdAt: "2025-07-30T12:06:49.118Z",
    },
    {
      version: "1.1.0",
      changelog: "Ctrl+Alt+0 turns the soundboard off and on, with a notification so you know which it is.",
      createdAt: "2025-11-14T13:27:35.790Z",
    },
    {
      version: "1.1.1",
      changelog: "A cooldown of 0 seconds in the settings now really means no cooldown.",
      createdAt: "2026-03-26T11:42:58.263Z",
    },
  ],
  downloads: 533,
  price: "t1",
};
