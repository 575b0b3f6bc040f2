import type { CataloguePlugin } from "./types";

const main = String.raw`-- Stream Stats Overlay: keeps live numbers up to date for your overlays.
-- Use them in any text layer, e.g. {{plugin.stream-stats-overlay.viewers}}.
-- See README.md for the full list of values.

local utils = lib.require("streamkit-utils")

local REFRESH_MS <const> = 5000
local CHAT_WINDOW <const> = 60 -- seconds counted for chat_per_min

local peak = 0
local follows = 0
local chat_times = {}

local function reset_session()
  peak, follows, chat_times = 0, 0, {}
  overlay.set("peak_viewers", 0)
  overlay.set("follows", 0)
  overlay.set("last_follower", "")
end

-- Messages in the last minute. Old timestamps are dropped as we go.
local function chat_per_minute(now)
  local kept = {}
  for _, at in ipairs(chat_times) do
    if now - at <= CHAT_WINDOW then
      kept[#kept + 1] = at
    end
  end
  chat_times = kept
  return #kept
end

local function refresh()
  local state = stream.state()
  overlay.set("live", state.live)
  if not state.live then
    overlay.set("uptime", "offline")
    return
  end
  local now = os.time()
  peak = math.max(peak, state.viewers or 0)
  overlay.set("viewers", state.viewers or 0)
  overlay.set("peak_viewers", peak)
  overlay.set("likes", state.likes or 0)
  overlay.set("uptime", utils.duration(now - state.started_at))
  overlay.set("chat_per_min", chat_per_minute(now))
  overlay.set("unique_viewers", viewers.count())
end

chats.on("message", function()
  chat_times[#chat_times + 1] = os.time()
end)

stream.on("follow", function(event)
  follows = follows + 1
  overlay.set("follows", follows)
  overlay.set("last_follower", event.user.name)
end)

stream.on("start", reset_session)

timer.every(REFRESH_MS, refresh)
reset_session()
refresh()
`;

const readme = `# Stream Stats Overlay

Add a text layer to any overlay and type one of these values. They refresh
every five seconds while you are live.

| Value | Meaning |
|---|---|
| \`{{plugin.stream-stats-overlay.viewers}}\` | Concurrent viewers |
| \`{{plugin.stream-stats-overlay.peak_viewers}}\` | Highest viewer count this stream |
| \`{{plugin.stream-stats-overlay.unique_viewers}}\` | Different viewers seen this stream |
| \`{{plugin.stream-stats-overlay.likes}}\` | Likes on the live video |
| \`{{plugin.stream-stats-overlay.uptime}}\` | Time live, e.g. \`1h 24m\`, or \`offline\` |
| \`{{plugin.stream-stats-overlay.chat_per_min}}\` | Chat messages in the last minute |
| \`{{plugin.stream-stats-overlay.follows}}\` | New followers this stream |
| \`{{plugin.stream-stats-overlay.last_follower}}\` | Name of the latest follower |
| \`{{plugin.stream-stats-overlay.live}}\` | \`true\` or \`false\`, handy for hiding layers |

Session values (peak, follows, last follower) reset when a new stream starts.
`;

export const plugin: CataloguePlugin = {
  publisher: { kind: "official", name: "Streamkit", verified: true },
  manifest: {
    id: "stream-stats-overlay",
    name: "Stream Stats Overlay",
    author: "Streamkit",
    description:
      "Feeds live stream numbers into your overlays: viewers, peak viewers, unique viewers, likes, uptime, chat messages per minute, new followers and the latest follower's name. Drop {{plugin.stream-stats-overlay.viewers}} (or any other value) into a text layer and it stays up to date.",
    homepage: "https://streamkit.dev/plugins/stream-stats-overlay",
    api: 1,
    permissions: ["stream.read", "chat.read", "viewers", "overlay"],
    libraries: ["streamkit-utils"],
  },
  files: { "main.lua": main, "README.md": readme },
  versions: [
    {
      version: "1.0.0",
      changelog: "First release: viewers, likes and uptime for overlays.",
      createdAt: "2025-03-10T16:03:27.518Z",
    },
    {
      version: "1.1.0",
      changelog: "New values: chat_per_min, peak_viewers, follows and last_follower. Session values reset when a stream starts.",
      createdAt: "2025-06-24T11:49:02.377Z",
    },
    {
      version: "1.2.0",
      changelog: "New value unique_viewers: how many different people have watched this stream. Values now refresh every 5 seconds instead of 15.",
      createdAt: "2025-10-15T08:21:44.093Z",
    },
  ],
  downloads: 2760,
  price: null,
};
