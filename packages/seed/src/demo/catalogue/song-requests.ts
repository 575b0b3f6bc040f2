import type { CataloguePlugin } from "./types";

const main = String.raw`-- Song Requests: viewers add Spotify tracks to your queue with !sr.
--   !sr <song name or Spotify link>   request a song (2 per viewer at a time)
--   !queue                            what's coming up
--   !skip                             (mods) skip the current song
--   !srban                            (mods) skip it and never allow it again
--   !srclear                          (mods) forget the request queue

local utils = lib.require("streamkit-utils")

local API <const> = "https://api.spotify.com/v1"
local MAX_PER_USER <const> = 2
local MAX_LENGTH_MS <const> = 7 * 60 * 1000

local queue = storage.get("queue") or {}
local banned = storage.get("banned") or {}

local function save()
  storage.set("queue", queue)
  storage.set("banned", banned)
end

local function spotify(method, path, query)
  local res = oauth.request("spotify", { method = method, url = API .. path, query = query })
  if res.status >= 400 then
    return nil, res.status
  end
  return res.json or {}
end

local function connected()
  if oauth.status("spotify").connected then
    return true
  end
  ui.notify("Song Requests needs your Spotify account. A sign-in window will open.")
  local result = oauth.connect("spotify", { scopes = { "user-read-playback-state", "user-modify-playback-state" } })
  return result.connected
end

local function find_track(text)
  local id = text:match("open%.spotify%.com/track/(%w+)") or text:match("^spotify:track:(%w+)$")
  if id then
    return spotify("GET", "/tracks/" .. id)
  end
  local found = spotify("GET", "/search", { q = text, type = "track", limit = 1 })
  return found and found.tracks and found.tracks.items[1]
end

local function requests_by(user_id)
  local count = 0
  for _, item in ipairs(queue) do
    if item.user_id == user_id then
      count = count + 1
    end
  end
  return count
end

local commands = {}

function commands.sr(msg, _, rest)
  if rest == "" then
    youtube.send_chat("Usage: !sr <song name or Spotify link>")
    return
  end
  if requests_by(msg.user.id) >= MAX_PER_USER then
    youtube.send_chat(msg.user.name .. ", you already have " .. utils.plural(MAX_PER_USER, "song") .. " in the queue.")
    return
  end
  local track = find_track(rest)
  if not track then
    youtube.send_chat("Couldn't find \"" .. utils.truncate(rest, 60) .. "\" on Spotify.")
    return
  elseif banned[track.uri] then
    youtube.send_chat("Sorry " .. msg.user.name .. ", that song is not allowed here.")
    return
  elseif track.duration_ms > MAX_LENGTH_MS then
    youtube.send_chat("Songs longer than 7 minutes can't be requested.")
    return
  end
  if not spotify("POST", "/me/player/queue", { uri = track.uri }) then
    youtube.send_chat("Spotify didn't take the request. Is music playing?")
    return
  end
  local artist = track.artists[1] and track.artists[1].name or "unknown artist"
  queue[#queue + 1] = { uri = track.uri, title = track.name, artist = artist, user_id = msg.user.id, user = msg.user.name }
  save()
  youtube.send_chat(utils.format("Added {title} by {artist} for {user} (#{position} in the queue).", {
    title = track.name, artist = artist, user = msg.user.name, position = #queue,
  }))
end

function commands.queue()
  if #queue == 0 then
    youtube.send_chat("The request queue is empty. Add a song with !sr.")
    return
  end
  local parts = {}
  for i = 1, math.min(#queue, 3) do
    parts[#parts + 1] = i .. ". " .. queue[i].title .. " (" .. queue[i].user .. ")"
  end
  youtube.send_chat("Up next: " .. table.concat(parts, " · "))
end

function commands.skip(msg)
  if utils.is_mod(msg.user) then
    spotify("POST", "/me/player/next")
  end
end

function commands.srban(msg)
  local head = queue[1]
  if not utils.is_mod(msg.user) or not head then
    return
  end
  banned[head.uri] = head.title
  save()
  spotify("POST", "/me/player/next")
  youtube.send_chat(head.title .. " is now banned from requests.")
end

function commands.srclear(msg)
  if utils.is_mod(msg.user) then
    queue = {}
    save()
    youtube.send_chat("The request queue was cleared.")
  end
end

-- Now Playing tells us when Spotify moved on: drop played requests.
bus.on("now-playing.track", function(track)
  local head = queue[1]
  if head and head.title == track.title then
    table.remove(queue, 1)
    save()
  end
end)

chats.on("message", function(msg)
  local name, args, rest = utils.parse_command(msg.text)
  local command = name and commands[name]
  if command and connected() then
    command(msg, args, rest)
  end
end)
`;

export const plugin: CataloguePlugin = {
  publisher: { kind: "user", name: "Priya Raman", verified: true, email: "priya@demo.streamkit.dev" },
  manifest: {
    id: "song-requests",
    name: "Song Requests for Spotify",
    author: "Priya Raman",
    description:
      "Lets viewers add songs to your Spotify queue from chat with !sr and a song name or link. Each viewer can have two songs waiting, tracks over seven minutes are refused, and moderators can skip, ban a song for good or clear the queue. Works best together with the free Now Playing plugin. Needs Spotify Premium.",
    homepage: "https://github.com/priyaraman/streamkit-song-requests",
    api: 1,
    permissions: ["chat.read", "youtube.chat", "oauth", "storage", "bus", "ui.notify"],
    libraries: ["streamkit-utils"],
  },
  files: { "main.lua": main },
  versions: [
    {
      version: "0.9.0",
      changelog: "Public beta: !sr searches Spotify and adds the first result to your queue. Moderators can !skip.",
      createdAt: "2025-06-02T19:08:15.940Z",
    },
    {
      version: "1.0.0",
      changelog: "Spotify links and spotify:track: URIs work with !sr. New !queue command shows the next three requests.",
      createdAt: "2025-06-30T17:26:48.311Z",
    },
    {
      version: "1.1.0",
      changelog: "Each viewer can have at most two songs waiting, and songs longer than seven minutes are refused.",
      createdAt: "2025-09-15T20:55:02.768Z",
    },
    {
      version: "1.2.0",
      changelog:
        "- Moderators can !srban the current request so it can never be requested again, and !srclear the queue.\n- With Now Playing installed, played songs leave the queue automatically.",
      createdAt: "2026-01-20T18:40:37.059Z",
    },
  ],
  downloads: 612,
  price: "t2",
};
