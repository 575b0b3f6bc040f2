import type { CataloguePlugin } from "./types";

const main = String.raw`-- YouTube Poll Runner: moderators start YouTube chat polls from chat.
--   !poll [seconds] Question? | Option 1 | Option 2 [| Option 3 | Option 4]
--   !endpoll   closes the running poll early
-- The result is announced in chat and shown in overlays:
--   {{plugin.youtube-poll-runner.question}}, .leader and .active

local utils = lib.require("streamkit-utils")

local DEFAULT_SECONDS <const> = 90
local MIN_SECONDS <const>, MAX_SECONDS <const> = 15, 600
local MIN_OPTIONS <const>, MAX_OPTIONS <const> = 2, 4

local running = nil -- { id, question, timer }

local function finish()
  if not running then
    return
  end
  local poll = running
  running = nil
  poll.timer:stop()

  local results = youtube.end_poll(poll.id) -- { total, options = { { text, votes } } }
  overlay.set("active", false)
  table.sort(results.options, function(a, b) return a.votes > b.votes end)
  local best, second = results.options[1], results.options[2]
  if not best or results.total == 0 then
    youtube.send_chat("Poll closed: \"" .. poll.question .. "\" got no votes.")
    overlay.set("leader", "")
    return
  end
  if second and second.votes == best.votes then
    youtube.send_chat(string.format("Poll closed: it's a tie between %s and %s (%d votes each).", best.text, second.text, best.votes))
    overlay.set("leader", "Tie!")
    return
  end
  local share = math.floor(best.votes * 100 / results.total + 0.5)
  youtube.send_chat(string.format("Poll closed: %s wins with %s (%d%%).", best.text, utils.plural(best.votes, "vote"), share))
  overlay.set("leader", best.text)
end

local function start(args, rest)
  if running then
    youtube.send_chat("A poll is already running. Close it with !endpoll first.")
    return
  end
  local seconds = math.tointeger(tonumber(args[1] or ""))
  local text = rest
  if seconds then
    text = rest:match("^%S+%s+(.*)$") or ""
  else
    seconds = DEFAULT_SECONDS
  end
  seconds = math.max(MIN_SECONDS, math.min(seconds, MAX_SECONDS))

  local options = utils.split(text, "|")
  local question = table.remove(options, 1)
  if not question or #options < MIN_OPTIONS or #options > MAX_OPTIONS then
    youtube.send_chat("Usage: !poll [seconds] Question? | Option 1 | Option 2 (2 to 4 options)")
    return
  end

  local poll = youtube.poll({ question = utils.truncate(question, 100), options = options })
  running = { id = poll.id, question = question, timer = timer.after(seconds * 1000, finish) }
  overlay.set("question", question)
  overlay.set("leader", "")
  overlay.set("active", true)
  youtube.send_chat("Poll open for " .. utils.duration(seconds) .. ": " .. question)
end

chats.on("message", function(msg)
  if not utils.is_mod(msg.user) then
    return
  end
  local name, args, rest = utils.parse_command(msg.text)
  if name == "poll" then
    start(args, rest)
  elseif name == "endpoll" then
    finish()
  end
end)
`;

export const plugin: CataloguePlugin = {
  publisher: { kind: "user", name: "Aisha Bello", verified: true, email: "aisha@demo.streamkit.dev" },
  manifest: {
    id: "youtube-poll-runner",
    name: "YouTube Poll Runner",
    author: "Aisha Bello",
    description:
      "Run YouTube live chat polls without leaving the game. Moderators type !poll Question? | Option 1 | Option 2, optionally with a duration in seconds, and the poll closes by itself. The winner (or a tie) is announced in chat, and the question and leading option are available to overlays.",
    homepage: "https://aishabello.dev/youtube-poll-runner",
    api: 1,
    permissions: ["chat.read", "youtube.chat", "overlay"],
    libraries: ["streamkit-utils"],
  },
  files: { "main.lua": main },
  versions: [
    {
      version: "1.0.0",
      changelog: "First release: !poll opens a 90-second YouTube poll and announces the winner when it closes. !endpoll closes it early.",
      createdAt: "2025-09-22T15:30:48.177Z",
    },
    {
      version: "1.1.0",
      changelog: "Set the poll length: !poll 45 Question? | A | B (15 seconds to 10 minutes).",
      createdAt: "2026-02-03T12:57:21.640Z",
    },
    {
      version: "1.2.0",
      changelog: "- Overlay values question, leader and active.\n- Ties are announced as ties instead of picking the first option.",
      createdAt: "2026-06-16T14:11:36.492Z",
    },
  ],
  downloads: 705,
  price: null,
};
