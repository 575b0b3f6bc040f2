import type { CataloguePlugin } from "./types";

const main = String.raw`-- Clip Marker: drop timestamped markers while you are live, then copy them
-- as a chapter list for the YouTube description.
--   * press Ctrl+Shift+M
--   * moderators and members type !clip [note]
--   * right-click a chat message and pick "Mark clip here"
--   * command palette: "Copy clip markers" / "Clear clip markers"

local HOTKEY <const> = "Ctrl+Shift+M"
local CHAT_COOLDOWN <const> = 20

local markers = storage.get("markers") or {}
local last_chat_marker = 0

local function timestamp(seconds)
  local h, m, s = seconds // 3600, seconds % 3600 // 60, seconds % 60
  if h > 0 then
    return string.format("%d:%02d:%02d", h, m, s)
  end
  return string.format("%d:%02d", m, s)
end

local function add_marker(note, at)
  local state = stream.state()
  if not state.live then
    ui.notify("Markers only work while you are live.", { level = "warn" })
    return
  end
  local offset = math.max(0, (at or os.time()) - state.started_at)
  markers[#markers + 1] = { offset = offset, note = note }
  storage.set("markers", markers)
  ui.notify("Marker " .. #markers .. " at " .. timestamp(offset) .. (note and (": " .. note) or ""))
end

-- YouTube only turns a list into chapters when it starts at 0:00.
local function chapter_list()
  local lines = {}
  if markers[1] and markers[1].offset > 0 then
    lines[1] = "0:00 Start"
  end
  for i, marker in ipairs(markers) do
    lines[#lines + 1] = timestamp(marker.offset) .. " " .. (marker.note or ("Clip " .. i))
  end
  return table.concat(lines, "\n")
end

hotkeys.on(HOTKEY, function()
  add_marker(nil)
end)

chats.on("message", function(msg)
  local note = msg.text:match("^!clip%s*(.-)%s*$")
  local user = msg.user
  if not note or not (user.is_mod or user.is_member or user.is_broadcaster) then
    return
  end
  if msg.at - last_chat_marker < CHAT_COOLDOWN then
    return -- five people typing !clip for the same moment make one marker
  end
  last_chat_marker = msg.at
  add_marker(note ~= "" and note or nil, msg.at)
end)

chats.menu({
  label = "Mark clip here",
  run = function(msg)
    add_marker(msg.user.name .. ": " .. msg.text:sub(1, 40), msg.at)
  end,
})

ui.command({
  name = "Copy clip markers",
  run = function()
    if #markers == 0 then
      ui.notify("There are no markers yet.")
      return
    end
    clipboard.copy(chapter_list())
    ui.notify("Copied " .. #markers .. " markers. Paste them into your video description.")
  end,
})

ui.command({
  name = "Clear clip markers",
  run = function()
    markers = {}
    storage.set("markers", markers)
    ui.notify("Markers cleared.")
  end,
})

-- Markers from the last stream stay until the next one starts.
stream.on("start", function()
  markers = {}
  storage.set("markers", markers)
end)
`;

const readme = `# Clip Marker

Mark the moments worth clipping while you stream, without alt-tabbing.

- **Ctrl+Shift+M** drops a marker at the current time.
- Moderators and members can type \`!clip funny fail\` in chat. Several \`!clip\`
  in 20 seconds count as one marker.
- Right-click any chat message and choose **Mark clip here** to mark the moment
  that message was sent.

After the stream, open the command palette and run **Copy clip markers**. You
get a list like this, ready for the video description:

\`\`\`
0:00 Start
12:41 funny fail
1:03:07 Clip 2
\`\`\`

Markers are kept until your next stream starts.
`;

export const plugin: CataloguePlugin = {
  publisher: { kind: "user", name: "Tomás Ferreira", verified: false, email: "tomas@demo.streamkit.dev" },
  manifest: {
    id: "clip-marker",
    name: "Clip Marker",
    author: "Tomás Ferreira",
    description:
      "Mark clip-worthy moments while you are live with a hotkey, a !clip chat command for moderators and members, or a right-click on any chat message. After the stream, one command copies all markers as a YouTube chapter list.",
    homepage: "https://github.com/tferreira/clip-marker",
    api: 1,
    permissions: ["hotkeys", "chat.read", "stream.read", "storage", "clipboard", "ui.notify", "ui.app"],
  },
  files: { "main.lua": main, "README.md": readme },
  versions: [
    {
      version: "0.1.0",
      changelog: 'First release: Ctrl+Shift+M adds a marker and "Copy clip markers" puts them on the clipboard.',
      createdAt: "2025-04-02T23:10:54.476Z",
    },
    {
      version: "0.2.0",
      changelog: "Moderators and members can add markers with !clip and an optional note. Repeated !clip within 20 seconds make one marker.",
      createdAt: "2025-06-11T22:42:18.052Z",
    },
    {
      version: "1.0.0",
      changelog:
        '- Right-click a chat message and choose "Mark clip here".\n- The copied list starts with 0:00 so YouTube turns it into chapters.\n- New "Clear clip markers" command.',
      createdAt: "2025-10-21T21:28:39.813Z",
    },
  ],
  downloads: 388,
  price: null,
};
