import type { CataloguePlugin } from "./types";

const main = String.raw`-- Moderation Filter: hides spam before it reaches your screen and overlays,
-- deletes it on YouTube and times out repeat offenders.
-- Moderators, members (for links) and you are never filtered.

local rules = require("lib.rules")

local STRIKES_FOR_TIMEOUT <const> = 3
local TIMEOUT_SECONDS <const> = 300
local STRIKE_MEMORY <const> = 15 * 60 -- seconds before a strike is forgotten
local CAPS_RATIO <const> = 0.7

local blocked_words = storage.get("blocked_words") or { "free followers", "buy views", "cheap subs" }
local strikes = {}

local function recent_strikes(user_id, now)
  local recent = {}
  for _, at in ipairs(strikes[user_id] or {}) do
    if now - at < STRIKE_MEMORY then
      recent[#recent + 1] = at
    end
  end
  return recent
end

local function strike(msg, reason)
  local now = os.time()
  local recent = recent_strikes(msg.user.id, now)
  recent[#recent + 1] = now
  strikes[msg.user.id] = recent

  youtube.delete_message(msg.id)
  if #recent >= STRIKES_FOR_TIMEOUT then
    strikes[msg.user.id] = nil
    youtube.timeout(msg.user.id, TIMEOUT_SECONDS, "Moderation Filter: " .. reason)
    ui.notify(string.format("Timed out %s for %d minutes (%s).", msg.user.name, TIMEOUT_SECONDS // 60, reason))
  end
  storage.set("blocked_total", (storage.get("blocked_total") or 0) + 1)
end

-- Return false to block a message, a changed message to show that instead,
-- or nothing to let it through unchanged.
chats.use(function(msg)
  local user = msg.user
  if user.is_mod or user.is_broadcaster then
    return
  end
  local text = msg.text
  local reason = rules.blocked_word(text, blocked_words)
    or rules.repeated(text)
    or (not user.is_member and rules.link(text))
  if reason then
    strike(msg, reason)
    return false
  end
  if rules.caps(text, CAPS_RATIO) then
    -- Shouting is not worth a strike: calm the message down instead.
    msg.text = text:lower()
    return msg
  end
end)
`;

const rulesLua = String.raw`-- The checks behind Moderation Filter. Each returns a short reason when a
-- message breaks the rule, or nil when it is fine. No plugin API is used here.

local rules = {}

local LINK_PATTERNS <const> = { "https?://", "www%.", "%w%.com%f[%W]", "%w%.gg/", "%w%.ly/" }
local MIN_LETTERS_FOR_CAPS <const> = 12
local MAX_REPEATS <const> = 5

function rules.link(text)
  local lower = text:lower()
  for _, pattern in ipairs(LINK_PATTERNS) do
    if lower:find(pattern) then
      return "links are for members"
    end
  end
  return nil
end

function rules.caps(text, max_ratio)
  local letters, upper = 0, 0
  for ch in text:gmatch("%a") do
    letters = letters + 1
    if ch:match("%u") then
      upper = upper + 1
    end
  end
  if letters >= MIN_LETTERS_FOR_CAPS and upper / letters > max_ratio then
    return "too many capitals"
  end
  return nil
end

-- The same word many times in a row: "spam spam spam spam spam".
function rules.repeated(text)
  local last, run = nil, 0
  for word in text:lower():gmatch("%S+") do
    if word == last then
      run = run + 1
    else
      last, run = word, 1
    end
    if run >= MAX_REPEATS then
      return "repeated words"
    end
  end
  return nil
end

-- Whole words or phrases, ignoring case and punctuation.
function rules.blocked_word(text, words)
  local padded = " " .. text:lower():gsub("%p", " ") .. " "
  for _, word in ipairs(words) do
    if padded:find(" " .. word:lower() .. " ", 1, true) then
      return "blocked phrase"
    end
  end
  return nil
end

return rules
`;

export const plugin: CataloguePlugin = {
  publisher: { kind: "user", name: "Maya Okafor", verified: true, email: "maya@demo.streamkit.dev" },
  manifest: {
    id: "mod-filter",
    name: "Moderation Filter",
    author: "Maya Okafor",
    description:
      "An automatic moderator for YouTube chat. It hides and deletes messages with blocked phrases, links from non-members and walls of repeated words, and gives a five-minute timeout to anyone who collects three strikes within 15 minutes. Messages in all capitals are shown in lower case instead of being removed. Moderators and members are trusted.",
    homepage: "https://mayaokafor.com/mod-filter",
    api: 1,
    permissions: ["chat.middleware", "youtube.moderate", "storage", "ui.notify"],
  },
  files: { "main.lua": main, "lib/rules.lua": rulesLua },
  versions: [
    {
      version: "0.9.0",
      changelog: "Preview: blocks messages with blocked phrases or links and deletes them on YouTube.",
      createdAt: "2025-03-28T10:19:23.841Z",
    },
    {
      version: "1.0.0-rc.1",
      changelog: "Strikes: three blocked messages mean a five-minute timeout. Added the repeated-words and all-capitals checks.",
      createdAt: "2025-04-30T09:51:07.392Z",
    },
    {
      version: "1.0.0",
      changelog: 'Members may post links. Blocked phrases now match whole words only, so "class" no longer trips on "ass".',
      createdAt: "2025-05-14T11:36:45.027Z",
      files: {
        "main.lua": main
          .replace(
            `  if rules.caps(text, CAPS_RATIO) then
    -- Shouting is not worth a strike: calm the message down instead.
    msg.text = text:lower()
    return msg
  end
`,
            "",
          )
          .replace(
            `    or (not user.is_member and rules.link(text))
`,
            `    or (not user.is_member and rules.link(text))
    or rules.caps(text, CAPS_RATIO)
`,
          )
          .replace(
            `local function recent_strikes(user_id, now)
  local recent = {}
  for _, at in ipairs(strikes[user_id] or {}) do
    if now - at < STRIKE_MEMORY then
      recent[#recent + 1] = at
    end
  end
  return recent
end`,
            `local function recent_strikes(user_id)
  return strikes[user_id] or {}
end`,
          )
          .replace(
            `local STRIKE_MEMORY <const> = 15 * 60 -- seconds before a strike is forgotten
`,
            "",
          ),
      },
    },
    {
      version: "1.1.0",
      changelog: "- Messages in all capitals are shown in lower case instead of counting as a strike.\n- Strikes are forgotten after 15 minutes.",
      createdAt: "2025-10-09T14:02:30.659Z",
    },
  ],
  downloads: 1120,
  price: null,
};
