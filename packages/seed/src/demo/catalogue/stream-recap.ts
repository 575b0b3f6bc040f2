import type { CataloguePlugin } from "./types";

const main = String.raw`-- Stream Recap: a dashboard card with this week's numbers and your latest
-- streams, and a short summary each time a finished stream is saved.

local RECENT_STREAMS <const> = 5
local HOUR <const> = 3600

local function hours(seconds)
  return string.format("%.1f h", seconds / HOUR)
end

local function length(s)
  local minutes = (s.ended_at - s.started_at) // 60
  return string.format("%dh %02dm", minutes // 60, minutes % 60)
end

-- "+1.5 h" / "-0.5 h" compared with the week before.
local function change(now, before)
  local diff = (now - before) / HOUR
  return string.format("%+.1f h vs last week", diff)
end

local function rows()
  local week = history.week()
  local last_week = history.week(-1)
  local list = {
    { label = "Streams this week", value = tostring(week.streams) },
    { label = "Hours live", value = hours(week.seconds) .. " (" .. change(week.seconds, last_week.seconds) .. ")" },
    { label = "Peak viewers", value = tostring(week.peak_viewers) },
    { label = "Average viewers", value = string.format("%.0f", week.avg_viewers) },
    { label = "New followers", value = tostring(week.follows) },
  }
  for _, s in ipairs(history.streams({ limit = RECENT_STREAMS })) do
    list[#list + 1] = {
      label = os.date("%a %d %b", s.started_at) .. " · " .. s.title,
      value = length(s) .. ", peak " .. s.peak_viewers,
    }
  end
  return list
end

local section = dashboard.section({ title = "Weekly recap", rows = rows() })

history.on("saved", function(s)
  section:update({ rows = rows() })
  local week = history.week()
  ui.notify(string.format(
    "Stream saved: %s, peak %d viewers, %d new followers. That makes %d streams this week.",
    length(s), s.peak_viewers, s.follows, week.streams))
end)
`;

export const plugin: CataloguePlugin = {
  publisher: { kind: "official", name: "Streamkit", verified: true },
  manifest: {
    id: "stream-recap",
    name: "Stream Recap",
    author: "Streamkit",
    description:
      "Adds a Weekly recap card to your dashboard: streams and hours this week compared with last week, peak and average viewers, new followers, and your five latest streams. When a stream ends you get a one-line summary of how it went.",
    homepage: "https://streamkit.dev/plugins/stream-recap",
    api: 1,
    permissions: ["history", "ui.dashboard", "ui.notify"],
  },
  files: { "main.lua": main },
  versions: [
    {
      version: "1.0.0",
      changelog: "First release: weekly numbers and the latest five streams on the dashboard, and a summary when a stream is saved.",
      createdAt: "2025-04-08T13:17:36.250Z",
    },
    {
      version: "1.1.0",
      changelog: "Hours live are compared with the previous week, and the end-of-stream summary includes new followers.",
      createdAt: "2025-07-29T10:05:58.816Z",
    },
  ],
  downloads: 2015,
  price: null,
};
