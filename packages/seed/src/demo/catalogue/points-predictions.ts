import type { CataloguePlugin } from "./types";

const main = String.raw`-- Points & Predictions: viewers earn points by chatting and spend them on
-- predictions, a double-or-nothing gamble and channel redeems.
--   !points                               your balance
--   !bet <option> <amount>                bet on the open prediction
--   !gamble <amount|all>                  double or nothing
--   !predict Will we win? | Yes | No      (mods) open a 2-minute prediction
--   !resolve <option>                     (mods) pay out the winners
--   !refund                               (mods) cancel and refund all bets

local utils = lib.require("streamkit-utils")

local CHAT_REWARD <const> = 10
local REWARD_EVERY <const> = 300 -- seconds between chat rewards for one viewer
local PREDICTION_WINDOW <const> = 120
local MAX_GAMBLE <const> = 5000

local reward_cooldown = utils.cooldown(REWARD_EVERY)
local gamble_cooldown = utils.cooldown(60)
local open = nil -- the running prediction: { id, title, outcomes }

local function say(text)
  youtube.send_chat(text)
end

local function whole_number(text)
  return text and math.tointeger(tonumber(text))
end

local commands = {}

function commands.points(msg)
  say(msg.user.name .. " has " .. utils.plural(points.get(msg.user.id), "point") .. ".")
end

function commands.gamble(msg, args)
  local id = msg.user.id
  local amount = args[1] == "all" and math.min(points.get(id), MAX_GAMBLE) or whole_number(args[1])
  if not amount or amount <= 0 or amount > MAX_GAMBLE then
    say("Usage: !gamble <1-" .. MAX_GAMBLE .. "> or !gamble all")
    return
  end
  if not gamble_cooldown:try(id) then
    return
  end
  if not points.take(id, amount, "gamble") then
    say(msg.user.name .. ", you don't have " .. amount .. " points.")
    return
  end
  if math.random() < 0.5 then
    points.add(id, amount * 2, "gamble win")
    say(msg.user.name .. " won " .. amount .. " points! 🎉")
  else
    say(msg.user.name .. " lost " .. amount .. " points.")
  end
end

function commands.bet(msg, args)
  local option, amount = whole_number(args[1]), whole_number(args[2])
  if not open or not option or not amount or amount <= 0 then
    return
  end
  local ok, err = predictions.bet(open.id, msg.user.id, option, amount)
  if not ok then
    say(msg.user.name .. ": " .. err)
  end
end

function commands.predict(msg, _, rest)
  if not utils.is_mod(msg.user) then
    return
  elseif open then
    say("A prediction is already running. Use !resolve or !refund first.")
    return
  end
  local outcomes = utils.split(rest, "|")
  local title = table.remove(outcomes, 1)
  if not title or #outcomes < 2 or #outcomes > 10 then
    say("Usage: !predict Question? | Option 1 | Option 2")
    return
  end
  local prediction = predictions.start({ title = title, outcomes = outcomes, window_s = PREDICTION_WINDOW })
  open = { id = prediction.id, title = title, outcomes = outcomes }
  local listed = {}
  for i, outcome in ipairs(outcomes) do
    listed[i] = i .. ") " .. outcome
  end
  say(title .. " " .. table.concat(listed, " ") .. ". Bet with !bet <option> <points> in the next 2 minutes!")
end

function commands.resolve(msg, args)
  local winner = whole_number(args[1])
  if not utils.is_mod(msg.user) or not open or not winner or not open.outcomes[winner] then
    return
  end
  local result = predictions.resolve(open.id, winner)
  say(string.format("\"%s\" won! %d viewers share %d points.", open.outcomes[winner], result.winners, result.paid))
  open = nil
end

function commands.refund(msg)
  if utils.is_mod(msg.user) and open then
    predictions.cancel(open.id)
    say("The prediction was cancelled and every bet refunded.")
    open = nil
  end
end

redeems.add({
  id = "hydrate",
  title = "Make the streamer drink water",
  cost = 500,
  handler = function(redeem)
    say(redeem.user.name .. " says: hydrate! 💧")
  end,
})

chats.on("message", function(msg)
  if reward_cooldown:try(msg.user.id) then
    points.add(msg.user.id, CHAT_REWARD, "chatting")
  end
  local name, args, rest = utils.parse_command(msg.text)
  local command = name and commands[name]
  if command then
    command(msg, args, rest)
  end
end)
`;

export const plugin: CataloguePlugin = {
  publisher: { kind: "user", name: "Nightjar Labs", verified: true, email: "nightjar@demo.streamkit.dev" },
  manifest: {
    id: "points-predictions",
    name: "Points & Predictions",
    author: "Nightjar Labs",
    description:
      'A channel points game for YouTube chat. Viewers earn points for taking part in chat and spend them betting on predictions your moderators open with !predict, on a double-or-nothing !gamble, or on a "drink water" redeem. Balances are kept by the app\'s points system, so they carry over between streams.',
    homepage: "https://nightjarlabs.dev/plugins/points-predictions",
    api: 1,
    permissions: ["chat.read", "youtube.chat", "points"],
    libraries: ["streamkit-utils"],
  },
  files: { "main.lua": main },
  versions: [
    {
      version: "1.0.0",
      changelog: "First release: points for chatting, !points, and predictions with !predict, !bet and !resolve.",
      createdAt: "2025-06-05T14:26:31.702Z",
    },
    {
      version: "1.1.0",
      changelog: "New !gamble command (double or nothing, up to 5,000 points, once a minute per viewer).",
      createdAt: "2025-07-07T15:59:08.163Z",
    },
    {
      version: "1.2.0",
      changelog: 'Moderators can cancel a prediction with !refund. Added the "Make the streamer drink water" redeem for 500 points.',
      createdAt: "2025-12-02T12:13:47.391Z",
    },
    {
      version: "1.2.1",
      changelog: "!gamble all now bets your whole balance (up to the 5,000 limit) instead of answering with the usage message.",
      createdAt: "2026-02-14T10:44:22.580Z",
    },
  ],
  downloads: 940,
  price: "t3",
};
