import type { CataloguePlugin } from "./types";

const main = String.raw`-- OBS Scene Switcher: picks the right OBS scene for what you are doing.
--   * a game starts      -> the game scene
--   * the game closes    -> the "just chatting" scene
--   * you step away      -> the BRB scene, with the microphone muted
-- Ctrl+Alt+B toggles BRB by hand.

local CHECK_EVERY_MS <const> = 5000
local BRB_HOTKEY <const> = "Ctrl+Alt+B"

local settings = plugin.settings({
  { key = "game_scene", label = "Scene while a game is running", type = "string", default = "Gameplay" },
  { key = "chat_scene", label = "Scene when no game is running", type = "string", default = "Just Chatting" },
  { key = "brb_scene", label = "Be-right-back scene", type = "string", default = "BRB" },
  { key = "mic_source", label = "Microphone to mute during BRB", type = "string", default = "Mic/Aux" },
  { key = "idle_minutes", label = "Switch to BRB after this many idle minutes", type = "number", min = 1, max = 60, default = 3 },
})

local brb = false
local manual_brb = false
local return_scene = nil

local function scene_for(game)
  return game and settings.game_scene or settings.chat_scene
end

local function switch(scene)
  if obs.state().scene ~= scene then
    obs.set_scene(scene)
  end
end

local function enter_brb(manual)
  if brb then
    return
  end
  brb, manual_brb = true, manual
  return_scene = obs.state().scene
  obs.set_scene(settings.brb_scene)
  obs.set_mute(settings.mic_source, true)
  ui.notify("Switched to " .. settings.brb_scene .. " and muted " .. settings.mic_source .. ".")
end

local function leave_brb()
  if not brb then
    return
  end
  brb, manual_brb = false, false
  obs.set_mute(settings.mic_source, false)
  obs.set_scene(return_scene or scene_for(activity.game()))
  return_scene = nil
end

-- game is { name = "...", pid = 1234 } when a game starts, nil when it closes.
activity.on("game", function(game)
  if brb then
    return_scene = scene_for(game) -- go there once you are back
  else
    switch(scene_for(game))
  end
end)

timer.every(CHECK_EVERY_MS, function()
  if not obs.state().connected then
    return
  end
  local idle_ms = activity.idle_ms()
  if not brb and idle_ms >= settings.idle_minutes * 60 * 1000 then
    enter_brb(false)
  elseif brb and not manual_brb and idle_ms < CHECK_EVERY_MS then
    leave_brb()
  end
end)

hotkeys.on(BRB_HOTKEY, function()
  if brb then
    leave_brb()
  else
    enter_brb(true)
  end
end)

-- You picked another scene in OBS yourself: stop managing BRB until next time.
obs.on("scene", function(event)
  if brb and event.scene ~= settings.brb_scene then
    brb, manual_brb, return_scene = false, false, nil
    obs.set_mute(settings.mic_source, false)
  end
end)
`;

export const plugin: CataloguePlugin = {
  publisher: { kind: "official", name: "Streamkit", verified: true },
  manifest: {
    id: "obs-scene-switcher",
    name: "OBS Scene Switcher",
    author: "Streamkit",
    description:
      "Switches OBS scenes for you: your game scene when a game starts, your chatting scene when it closes, and your BRB scene with the microphone muted when you have been away from the keyboard for a few minutes. Press Ctrl+Alt+B to go BRB by hand. Scene names and the idle time are set in the plugin settings.",
    homepage: "https://streamkit.dev/plugins/obs-scene-switcher",
    api: 1,
    permissions: ["obs", "activity", "hotkeys", "ui.notify", "ui.dashboard"],
  },
  files: { "main.lua": main },
  versions: [
    {
      version: "1.0.0",
      changelog: "First release: switches between your game scene and your chatting scene when a game starts or closes.",
      createdAt: "2025-02-18T12:40:03.664Z",
    },
    {
      version: "1.1.0",
      changelog: "Automatic BRB: after a few idle minutes the plugin switches to your BRB scene and back when you return. Ctrl+Alt+B toggles BRB by hand.",
      createdAt: "2025-05-27T19:12:45.238Z",
    },
    {
      version: "1.2.0",
      changelog:
        "- The microphone is muted while on BRB and unmuted when you come back.\n- Picking a scene yourself in OBS now ends BRB instead of being switched back.",
      createdAt: "2025-09-30T07:55:18.970Z",
    },
  ],
  downloads: 3120,
  price: null,
};
