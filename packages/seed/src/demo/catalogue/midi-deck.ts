import type { CataloguePlugin } from "./types";

const main = String.raw`-- MIDI Deck: turn a MIDI pad controller into a stream deck.
-- Pads switch OBS scenes, toggle mutes and play sounds. On controllers with
-- LEDs, the pad of the active scene and of muted sources lights up.
-- The pad layout lives in lib/mapping.lua; a custom one can be saved under
-- the storage key "mapping", and a device name under "device".

local mapping = require("lib.mapping")

local LED_ON <const>, LED_OFF <const> = 127, 0
local VOLUME_KNOB <const> = 1 -- CC number of the knob that sets sound volume

local pads = mapping.index(storage.get("mapping") or mapping.DEFAULT)
local wanted = storage.get("device")
local sound_volume = storage.get("sound_volume") or 0.8
local volume_save_pending = false

local obs_state = obs.state()
local current_scene = obs_state.scene
local muted = obs_state.muted or {}

local function find_device()
  for _, device in ipairs(midi.devices()) do
    if device.input and (wanted == nil or device.name == wanted) then
      return device
    end
  end
  return nil
end

local device = find_device()
if not device then
  ui.notify("MIDI Deck: no MIDI controller found" .. (wanted and (" named " .. wanted) or "") .. ".", { level = "warn" })
  return
end

local function led(note, on)
  if device.output then
    midi.send(device.id, { type = "note_on", channel = 1, note = note, velocity = on and LED_ON or LED_OFF })
  end
end

local function refresh_leds()
  for note, lit in pairs(mapping.lit(pads, current_scene, muted)) do
    led(note, lit)
  end
end

local actions = {
  scene = function(pad)
    obs.set_scene(pad.scene)
  end,
  mute = function(pad)
    obs.set_mute(pad.source, not muted[pad.source])
  end,
  sound = function(pad)
    sounds.play(pad.sound, { volume = (pad.volume or 1) * sound_volume })
  end,
}

midi.on("note_on", function(event)
  -- Many controllers send "note on" with velocity 0 when a pad is released.
  if event.device ~= device.id or event.velocity == 0 then
    return
  end
  local pad = pads[event.note]
  if pad then
    actions[pad.action](pad)
  end
end)

midi.on("cc", function(event)
  if event.device ~= device.id or event.controller ~= VOLUME_KNOB then
    return
  end
  sound_volume = event.value / 127
  -- A knob sends dozens of events per turn: save once it settles.
  if not volume_save_pending then
    volume_save_pending = true
    timer.after(2000, function()
      storage.set("sound_volume", sound_volume)
      volume_save_pending = false
    end)
  end
end)

obs.on("scene", function(event)
  current_scene = event.scene
  refresh_leds()
end)

obs.on("mute", function(event)
  muted[event.source] = event.muted
  refresh_leds()
end)

refresh_leds()
ui.notify("MIDI Deck is using " .. device.name .. ".")
`;

const mappingLua = String.raw`-- Default pad layout for a 16-pad controller (notes 36-51 on channel 1, the
-- layout of most Akai, Novation and Arturia pad controllers).

local M = {}

M.DEFAULT = {
  { note = 36, action = "scene", scene = "Starting Soon" },
  { note = 37, action = "scene", scene = "Gameplay" },
  { note = 38, action = "scene", scene = "Just Chatting" },
  { note = 39, action = "scene", scene = "BRB" },
  { note = 40, action = "mute", source = "Mic/Aux" },
  { note = 41, action = "mute", source = "Desktop Audio" },
  { note = 44, action = "sound", sound = "airhorn", volume = 0.7 },
  { note = 45, action = "sound", sound = "drumroll" },
  { note = 46, action = "sound", sound = "sad-trombone" },
  { note = 47, action = "sound", sound = "applause" },
}

-- The field each action needs.
local REQUIRED <const> = { scene = "scene", mute = "source", sound = "sound" }

function M.valid(pad)
  local field = REQUIRED[pad.action]
  return math.type(pad.note) == "integer" and field ~= nil
    and type(pad[field]) == "string" and pad[field] ~= ""
end

--- Indexes valid pads by note number; invalid entries are skipped.
function M.index(pads)
  local by_note = {}
  for _, pad in ipairs(pads) do
    if M.valid(pad) then
      by_note[pad.note] = pad
    end
  end
  return by_note
end

--- For each scene and mute pad: whether its LED should be on.
function M.lit(by_note, scene, muted)
  local leds = {}
  for note, pad in pairs(by_note) do
    if pad.action == "scene" then
      leds[note] = pad.scene == scene
    elseif pad.action == "mute" then
      leds[note] = muted[pad.source] == true
    end
  end
  return leds
end

return M
`;

export const plugin: CataloguePlugin = {
  publisher: { kind: "user", name: "Lukas Brandt", verified: false, email: "lukas@demo.streamkit.dev" },
  manifest: {
    id: "midi-deck",
    name: "MIDI Deck",
    author: "Lukas Brandt",
    description:
      "Use any MIDI pad controller as a stream deck. Pads switch OBS scenes, mute and unmute sources and play sounds, and a knob sets the sound volume. On controllers with lit pads, the active scene and muted sources light up so you can see the state at a glance. Comes with a layout for common 16-pad controllers.",
    homepage: "https://github.com/lbrandt/midi-deck",
    api: 1,
    permissions: ["midi", "obs", "sounds", "storage", "ui.notify"],
  },
  files: { "main.lua": main, "lib/mapping.lua": mappingLua },
  versions: [
    {
      version: "0.1.0",
      changelog: "First release: pads switch OBS scenes and play sounds using a fixed 16-pad layout.",
      createdAt: "2025-05-08T18:21:57.903Z",
    },
    {
      version: "0.2.0",
      changelog: "Mute pads for microphone and desktop audio. Pad LEDs follow the active scene and mute state on controllers that support it.",
      createdAt: "2025-07-21T19:46:30.588Z",
    },
    {
      version: "1.0.0-rc.1",
      changelog:
        "- CC 1 (usually the first knob) sets the volume of pad sounds.\n- Custom layouts and the device name can be saved in the plugin's storage.\n- Invalid pads in a custom layout are skipped instead of stopping the plugin.",
      createdAt: "2025-10-06T20:09:14.271Z",
      files: {
        "main.lua": main.replace(
          `  -- Many controllers send "note on" with velocity 0 when a pad is released.
  if event.device ~= device.id or event.velocity == 0 then`,
          "  if event.device ~= device.id then",
        ),
      },
    },
    {
      version: "1.0.0",
      changelog: 'Fixed pads firing twice on controllers that send "note on" with velocity 0 when a pad is released.',
      createdAt: "2025-10-28T21:35:02.446Z",
    },
  ],
  downloads: 97,
  price: "t4",
};
