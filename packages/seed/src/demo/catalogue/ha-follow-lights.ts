import type { CataloguePlugin } from "./types";

const main = String.raw`-- Home Assistant Follow Lights: flashes your Home Assistant lights in a colour
-- when someone follows, becomes a member or (if allowed) donates, then puts
-- every light back the way it was.

local FLASH_SECONDS <const> = 6

local light_choices = {}
for _, entity in ipairs(homeassistant.states("light")) do
  light_choices[#light_choices + 1] = {
    value = entity.entity_id,
    label = entity.attributes.friendly_name or entity.entity_id,
  }
end

local settings = plugin.settings({
  { key = "lights", label = "Lights to flash", type = "multi_choice", choices = light_choices, default = {} },
  { key = "follow_color", label = "Colour for new followers", type = "color", default = "#9146ff" },
  { key = "member_color", label = "Colour for new members", type = "color", default = "#00c853" },
  { key = "donation_color", label = "Colour for donations", type = "color", default = "#ffb300" },
})

local busy = false

local function rgb(hex)
  local r, g, b = hex:match("^#(%x%x)(%x%x)(%x%x)$")
  if not r then
    return nil
  end
  return { tonumber(r, 16), tonumber(g, 16), tonumber(b, 16) }
end

local function restore(saved)
  for id, previous in pairs(saved) do
    if previous.state == "off" then
      homeassistant.call("light", "turn_off", { entity_id = id })
    else
      homeassistant.call("light", "turn_on", {
        entity_id = id,
        rgb_color = previous.attributes.rgb_color,
        brightness = previous.attributes.brightness,
      })
    end
  end
end

local function flash(color)
  local target = rgb(color)
  -- One flash at a time: events during a flash are skipped, not queued.
  if busy or not target or #settings.lights == 0 then
    return
  end
  busy = true
  local saved = {}
  for _, id in ipairs(settings.lights) do
    saved[id] = homeassistant.state(id)
    homeassistant.call("light", "turn_on", { entity_id = id, rgb_color = target, brightness_pct = 100, flash = "short" })
  end
  timer.after(FLASH_SECONDS * 1000, function()
    restore(saved)
    busy = false
  end)
end

stream.on("follow", function()
  flash(settings.follow_color)
end)

stream.on("member", function()
  flash(settings.member_color)
end)

if plugin.request("donations", "Flash your lights when someone donates.") then
  donations.on("donation", function()
    flash(settings.donation_color)
  end)
end

if #light_choices == 0 then
  ui.notify("Follow Lights found no lights in Home Assistant. Check the Home Assistant connection in the app settings.", { level = "warn" })
end
`;

export const plugin: CataloguePlugin = {
  publisher: { kind: "user", name: "Kenji Mori", verified: false, email: "kenji@demo.streamkit.dev" },
  manifest: {
    id: "ha-follow-lights",
    name: "Home Assistant Follow Lights",
    author: "Kenji Mori",
    description:
      "Flashes the Home Assistant lights you choose when someone follows or becomes a member, each in its own colour, then restores their previous colour and brightness six seconds later. Donations can flash the lights too if you grant the permission. Needs the Home Assistant connection set up in the app.",
    api: 1,
    permissions: ["stream.read", "homeassistant", "ui.dashboard", "ui.notify"],
    optional_permissions: ["donations"],
  },
  files: { "main.lua": main },
  versions: [
    {
      version: "0.1.0",
      changelog: "First release: turns one light purple for six seconds on every new follower.",
      createdAt: "2025-07-14T06:52:19.334Z",
    },
    {
      version: "0.2.0",
      changelog: "Lights go back to their previous colour and brightness (or off) after the flash, instead of staying purple.",
      createdAt: "2025-08-30T07:18:03.471Z",
    },
    {
      version: "1.0.0",
      changelog:
        "- Pick any number of lights from a list in the settings.\n- Separate colours for follows, members and donations.\n- Donations need the optional donations permission, asked for at start.",
      createdAt: "2025-12-19T08:45:50.126Z",
    },
  ],
  downloads: 164,
  price: null,
};
