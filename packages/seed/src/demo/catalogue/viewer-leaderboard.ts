import type { CataloguePlugin } from "./types";

const main = String.raw`-- Viewer Leaderboard: your most loyal viewers by watch time, on stream and on a
-- page in the app. Viewers can check their own rank with !rank.
-- Overlay values: {{plugin.viewer-leaderboard.board}} (five lines), and
-- name_1 .. name_5 / hours_1 .. hours_5 for custom layouts.

local TOP <const> = 5
local REFRESH_MS <const> = 60 * 1000
local RANK_COOLDOWN <const> = 30

local last_rank = {}

local function hours(ms)
  return string.format("%.1f h", ms / 3600000)
end

local function refresh()
  local top = viewers.top({ by = "watch_time", limit = TOP })
  local lines = {}
  for i = 1, TOP do
    local viewer = top[i]
    if viewer then
      lines[#lines + 1] = string.format("%d. %s (%s)", i, viewer.name, hours(viewer.watch_ms))
    end
    overlay.set("name_" .. i, viewer and viewer.name or "")
    overlay.set("hours_" .. i, viewer and hours(viewer.watch_ms) or "")
  end
  overlay.set("board", table.concat(lines, "\n"))
end

ui.page({
  id = "leaderboard",
  title = "Leaderboard",
  icon = "trophy",
  render = function()
    local rows = {}
    for i, viewer in ipairs(viewers.top({ by = "watch_time", limit = 50 })) do
      rows[#rows + 1] = { i, viewer.name, hours(viewer.watch_ms), viewer.messages }
    end
    return { kind = "table", columns = { "#", "Viewer", "Watch time", "Messages" }, rows = rows }
  end,
})

chats.on("message", function(msg)
  if msg.text:lower() ~= "!rank" then
    return
  end
  local id = msg.user.id
  if last_rank[id] and msg.at - last_rank[id] < RANK_COOLDOWN then
    return
  end
  last_rank[id] = msg.at
  local viewer = viewers.get(id)
  if not viewer then
    return
  end
  youtube.send_chat(string.format("%s is #%d with %s watched and %d messages.",
    msg.user.name, viewer.rank, hours(viewer.watch_ms), viewer.messages))
end)

timer.every(REFRESH_MS, refresh)
refresh()
`;

export const plugin: CataloguePlugin = {
  publisher: { kind: "user", name: "Kenji Mori", verified: false, email: "kenji@demo.streamkit.dev" },
  manifest: {
    id: "viewer-leaderboard",
    name: "Viewer Leaderboard",
    author: "Kenji Mori",
    description:
      "Shows your top five viewers by watch time in an overlay, refreshed every minute, and adds a Leaderboard page to the app with the top 50, their watch time and message counts. Viewers can type !rank to see where they stand.",
    homepage: "https://github.com/kenjimori/viewer-leaderboard",
    api: 1,
    permissions: ["viewers", "overlay", "chat.read", "youtube.chat", "ui.app"],
  },
  files: { "main.lua": main },
  versions: [
    {
      version: "1.0.0",
      changelog: "First release: top five viewers by watch time as overlay values, and !rank in chat.",
      createdAt: "2025-09-03T13:02:26.745Z",
    },
    {
      version: "1.1.0",
      changelog: "New Leaderboard page in the app with the top 50 viewers. Empty places on the overlay are now blank instead of showing the previous name.",
      createdAt: "2026-01-27T14:51:09.382Z",
    },
  ],
  downloads: 388,
  price: null,
};
