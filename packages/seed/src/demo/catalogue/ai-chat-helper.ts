import type { CataloguePlugin } from "./types";

const main = String.raw`-- AI Chat Helper
--   * Ctrl+Shift+S summarises recent chat in a dialog, so you can catch up
--     after a busy moment or a break.
--   * Members and moderators can type !ask <question>; the answer is posted
--     in chat if you allow the plugin to write there.
-- Every answer uses your account's AI credits.

local SUMMARY_HOTKEY <const> = "Ctrl+Shift+S"
local SUMMARY_MESSAGES <const> = 80
local ASK_COOLDOWN <const> = 120 -- seconds, per viewer
local MAX_ANSWER <const> = 190 -- characters

local SYSTEM_PROMPT <const> = [[
You answer questions from a live stream's chat. Reply in one or two friendly
sentences, at most 180 characters, without links. Politely decline anything
rude, unsafe or about someone's private life.]]

local can_answer = plugin.request("youtube.chat",
  "Post answers to members' !ask questions in chat.")
local last_ask = {}

local function shorten(text)
  text = text:gsub("%s+", " ")
  local length = utf8.len(text)
  if length and length > MAX_ANSWER then
    text = text:sub(1, utf8.offset(text, MAX_ANSWER) - 1) .. "…"
  end
  return text
end

local function summarise()
  local messages = chats.get({ limit = SUMMARY_MESSAGES })
  if #messages == 0 then
    ui.modal({ title = "Chat summary", body = "Chat has been quiet. There is nothing to summarise yet." })
    return
  end
  local lines = {}
  for _, msg in ipairs(messages) do
    lines[#lines + 1] = msg.user.name .. ": " .. msg.text
  end
  local answer, err = ai.ask(
    "Summarise this live chat in at most five bullet points. List questions people asked the streamer, with who asked.\n\n"
      .. table.concat(lines, "\n"),
    { max_tokens = 300 })
  ui.modal({
    title = "Chat summary (" .. #messages .. " messages)",
    body = answer or ("The summary failed: " .. tostring(err)),
  })
end

hotkeys.on(SUMMARY_HOTKEY, summarise)

chats.on("message", function(msg)
  if not can_answer then
    return
  end
  local question = msg.text:match("^!ask%s+(.+)$")
  local user = msg.user
  if not question or not (user.is_member or user.is_mod or user.is_broadcaster) then
    return
  end
  local now = os.time()
  if last_ask[user.id] and now - last_ask[user.id] < ASK_COOLDOWN then
    return
  end
  last_ask[user.id] = now
  local answer = ai.ask(question, { system = SYSTEM_PROMPT, max_tokens = 80 })
  if answer then
    youtube.send_chat("@" .. user.name .. " " .. shorten(answer))
  end
end)
`;

export const plugin: CataloguePlugin = {
  publisher: { kind: "user", name: "Nightjar Labs", verified: true, email: "nightjar@demo.streamkit.dev" },
  manifest: {
    id: "ai-chat-helper",
    name: "AI Chat Helper",
    author: "Nightjar Labs",
    description:
      "Press Ctrl+Shift+S to get a five-point summary of recent chat, including the questions people asked you. Optionally, members and moderators can ask short questions with !ask and get an answer in chat, with a two-minute cooldown per viewer. Uses your account's AI credits.",
    homepage: "https://nightjarlabs.dev/plugins/ai-chat-helper",
    api: 1,
    permissions: ["chat.read", "ai", "hotkeys", "ui.modal"],
    optional_permissions: ["youtube.chat"],
  },
  files: { "main.lua": main },
  versions: [
    {
      version: "1.0.0-beta.1",
      changelog: "Beta: Ctrl+Shift+S summarises the last 80 chat messages in a dialog.",
      createdAt: "2025-08-04T09:37:55.219Z",
    },
    {
      version: "1.0.0",
      changelog: "The summary now lists the questions viewers asked you. If the AI request fails, the dialog says why instead of staying empty.",
      createdAt: "2025-08-26T11:20:14.688Z",
    },
    {
      version: "1.1.0",
      changelog:
        "New !ask command for members and moderators, answered in chat in at most 190 characters. Posting in chat needs the youtube.chat permission, which the plugin asks for when it starts.",
      createdAt: "2026-03-10T16:08:42.947Z",
    },
  ],
  downloads: 271,
  price: "t5",
};
