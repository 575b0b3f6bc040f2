import type { CataloguePlugin } from "./types";

const main = String.raw`-- Now Playing: shows the song from your music app on stream and answers !song.
-- Overlay values: {{plugin.now-playing.line}}, .title, .artist, .album,
-- .progress (0-100) and .playing (true/false).
-- Other plugins can listen on the bus for "now-playing.track".

local SONG_COOLDOWN <const> = 15
local PROGRESS_MS <const> = 1000

local current = nil
local last_answer = 0

local function describe(track)
  if track.artist and track.artist ~= "" then
    return track.artist .. " – " .. track.title
  end
  return track.title
end

-- track: { title, artist, album, app, playing, position_ms, duration_ms } or nil
local function show(track)
  local changed = track and (not current or current.title ~= track.title or current.artist ~= track.artist)
  current = track
  if not track or not track.playing then
    overlay.set("playing", false)
    return
  end
  overlay.set("playing", true)
  overlay.set("title", track.title)
  overlay.set("artist", track.artist or "")
  overlay.set("album", track.album or "")
  overlay.set("line", describe(track))
  if changed then
    bus.emit("now-playing.track", { title = track.title, artist = track.artist, app = track.app })
  end
end

media.on("change", show)
show(media.now_playing())

-- The progress bar needs the position, which "change" does not report.
timer.every(PROGRESS_MS, function()
  if not current or not current.playing then
    return
  end
  local track = media.now_playing()
  if track and track.duration_ms and track.duration_ms > 0 then
    overlay.set("progress", math.floor(track.position_ms * 100 / track.duration_ms))
  end
end)

chats.on("message", function(msg)
  local text = msg.text:lower()
  if text ~= "!song" and text ~= "!music" then
    return
  end
  local now = os.time()
  if now - last_answer < SONG_COOLDOWN then
    return
  end
  last_answer = now
  if current and current.playing then
    youtube.send_chat("Now playing: " .. describe(current))
  else
    youtube.send_chat("No music is playing right now.")
  end
end)
`;

const readme = `# Now Playing

Reads the song from the music app the desktop app can see (Spotify, Apple
Music, YouTube Music in a browser, foobar2000 and others) and shows it on
stream.

Overlay values:

- \`{{plugin.now-playing.line}}\`: "Artist – Title"
- \`{{plugin.now-playing.title}}\`, \`{{plugin.now-playing.artist}}\`, \`{{plugin.now-playing.album}}\`
- \`{{plugin.now-playing.progress}}\`: 0 to 100, for a progress bar
- \`{{plugin.now-playing.playing}}\`: \`false\` while paused, to hide the layer

Viewers can type \`!song\` or \`!music\` in chat (answered at most every 15 seconds).

For plugin authors: every time the track changes, the bus topic
\`now-playing.track\` carries \`{ title, artist, app }\`.
`;

export const plugin: CataloguePlugin = {
  publisher: { kind: "user", name: "Priya Raman", verified: true, email: "priya@demo.streamkit.dev" },
  manifest: {
    id: "now-playing",
    name: "Now Playing",
    author: "Priya Raman",
    description:
      "Shows the song playing in your music app on stream, with title, artist, album and a progress bar value for overlays. Viewers can ask what is playing with !song. Also announces track changes on the plugin bus, so other plugins such as Song Requests can react.",
    homepage: "https://github.com/priyaraman/streamkit-now-playing",
    api: 1,
    permissions: ["media", "overlay", "bus", "chat.read", "youtube.chat"],
  },
  files: { "main.lua": main, "README.md": readme },
  versions: [
    {
      version: "1.0.0",
      changelog: "First release: title, artist, album and line values for overlays, hidden while music is paused.",
      createdAt: "2025-03-21T20:14:09.632Z",
    },
    {
      version: "1.1.0",
      changelog: "Viewers can type !song or !music to get the current track in chat, with a 15-second cooldown.",
      createdAt: "2025-05-05T18:47:51.105Z",
    },
    {
      version: "1.2.0",
      changelog: "- New overlay value progress (0 to 100) for progress bars.\n- Track changes are published on the bus as now-playing.track for other plugins.",
      createdAt: "2025-08-12T21:33:26.477Z",
    },
  ],
  downloads: 2140,
  price: null,
};
