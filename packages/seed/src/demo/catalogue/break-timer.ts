import type { CataloguePlugin } from "./types";

const main = String.raw`-- Break Timer: reminds you to take a break during long streams, counts a few
-- minutes away from the keyboard as a break, keeps the computer awake while
-- you are live, and warns about a busy CPU or a low laptop battery.

local CHECK_MS <const> = 60 * 1000
local BREAK_EVERY <const> = 90 * 60 -- seconds live between breaks
local SNOOZE <const> = 15 * 60 -- remind again after this if you kept going
local BREAK_IDLE_MS <const> = 5 * 60 * 1000 -- this much idle time counts as a break
local CPU_WARN <const> = 90 -- percent, three minutes in a row
local BATTERY_WARN <const> = 20 -- percent

local live = false
local last_break = os.time()
local next_reminder = last_break + BREAK_EVERY
local busy_minutes = 0
local battery_warned = false

local function since(seconds)
  local minutes = seconds // 60
  return string.format("%dh %02dm", minutes // 60, minutes % 60)
end

local function remind(now)
  local message = "You have been live for " .. since(now - last_break) .. " without a break."
  local game = activity.game()
  if game then
    message = message .. " Find a quiet moment in " .. game.name .. " to stand up and drink some water."
  else
    message = message .. " Stand up, look away from the screen and drink some water."
  end
  ui.notify(message)
  next_reminder = now + SNOOZE
end

local function check_health()
  local usage = system.usage()
  busy_minutes = usage.cpu >= CPU_WARN and busy_minutes + 1 or 0
  if busy_minutes == 3 then
    ui.notify(string.format("Your CPU has been above %d%% for three minutes. The stream may start dropping frames.", CPU_WARN), { level = "warn" })
  end

  local battery = system.battery() -- nil on desktops
  if battery and not battery.charging and battery.percent <= BATTERY_WARN then
    if not battery_warned then
      ui.notify("Battery at " .. battery.percent .. "%. Plug in your laptop.", { level = "warn" })
      battery_warned = true
    end
  else
    battery_warned = false
  end
end

local function check()
  if not live then
    return
  end
  local now = os.time()
  if activity.idle_ms() >= BREAK_IDLE_MS then
    last_break, next_reminder = now, now + BREAK_EVERY
  elseif now >= next_reminder then
    remind(now)
  end
  check_health()
end

local function went_live()
  live = true
  last_break = os.time()
  next_reminder = last_break + BREAK_EVERY
  system.keep_awake(true)
end

stream.on("start", went_live)
stream.on("end", function()
  live = false
  system.keep_awake(false)
end)

if stream.state().live then
  went_live()
end
timer.every(CHECK_MS, check)
`;

export const plugin: CataloguePlugin = {
  publisher: { kind: "user", name: "Lukas Brandt", verified: false, email: "lukas@demo.streamkit.dev" },
  manifest: {
    id: "break-timer",
    name: "Break Timer",
    author: "Lukas Brandt",
    description:
      "Looks after you during long streams. After 90 minutes live without a break you get a gentle reminder to stand up and drink water, repeated every 15 minutes until you step away. Five minutes away from the keyboard count as a break. While you are live it keeps the computer awake and warns you about a maxed-out CPU or a low laptop battery.",
    api: 1,
    permissions: ["stream.read", "activity", "system", "ui.notify"],
  },
  files: { "main.lua": main },
  versions: [
    {
      version: "1.0.0",
      changelog: "First release: a break reminder after every 90 minutes live.",
      createdAt: "2025-06-09T09:14:40.357Z",
    },
    {
      version: "1.1.0",
      changelog: "Five idle minutes now count as a break and reset the timer. Reminders repeat every 15 minutes and mention the game you are playing.",
      createdAt: "2025-09-18T10:33:25.924Z",
    },
    {
      version: "1.2.0",
      changelog:
        "- Keeps the computer from sleeping while you are live.\n- Warns when the CPU stays above 90% for three minutes, and when a laptop battery drops to 20% unplugged.",
      createdAt: "2026-05-05T08:58:11.602Z",
    },
  ],
  downloads: 452,
  price: null,
};
