import type { CataloguePlugin } from "./types";

const main = String.raw`-- Discord Go-Live: posts an announcement in your Discord server when your
-- stream starts. It posts once per stream, even if the app restarts while
-- you are live, and never twice within a short gap after a stream crash.

local DEFAULT_MESSAGE <const> = "{mention} I'm live: **{title}** {url}"
local EMBED_TEXT <const> = "Come hang out!"

local channel_choices = {}
for _, channel in ipairs(discord.channels()) do
  channel_choices[#channel_choices + 1] = { value = channel.id, label = channel.guild .. " #" .. channel.name }
end

local settings = plugin.settings({
  { key = "channel", label = "Announcement channel", type = "choice", choices = channel_choices },
  { key = "message", label = "Message ({mention}, {title}, {url})", type = "text", default = DEFAULT_MESSAGE },
  {
    key = "mention",
    label = "Who to ping",
    type = "choice",
    choices = {
      { value = "@here", label = "@here" },
      { value = "@everyone", label = "@everyone" },
      { value = "", label = "Nobody" },
    },
    default = "@here",
  },
  { key = "min_gap_minutes", label = "Don't announce again within (minutes)", type = "number", min = 0, max = 240, default = 30 },
})

local function fill(template, vars)
  return (template:gsub("{(%w+)}", function(key)
    return vars[key] -- nil keeps unknown placeholders as typed
  end))
end

local function announce(state)
  if not settings.channel then
    ui.notify("Discord Go-Live: pick an announcement channel in the plugin settings.", { level = "warn" })
    return
  end
  local last = storage.get("last_announcement")
  if last and last.started_at == state.started_at then
    return -- this stream was already announced
  end
  if last and os.time() - last.at < settings.min_gap_minutes * 60 then
    return -- a quick restart after a crash: don't ping everyone twice
  end

  local ok, err = discord.send(settings.channel, {
    content = fill(settings.message, { mention = settings.mention, title = state.title, url = state.url }),
    embeds = {
      { title = state.title, url = state.url, description = EMBED_TEXT, image = state.thumbnail_url },
    },
  })
  if ok then
    storage.set("last_announcement", { started_at = state.started_at, at = os.time() })
    ui.notify("Your stream was announced on Discord.")
  else
    ui.notify("The Discord announcement failed: " .. tostring(err), { level = "error" })
  end
end

stream.on("start", announce)

-- The app may have been opened after the stream started.
local state = stream.state()
if state.live then
  announce(state)
end
`;

export const plugin: CataloguePlugin = {
  publisher: { kind: "user", name: "Aisha Bello", verified: true, email: "aisha@demo.streamkit.dev" },
  manifest: {
    id: "discord-go-live",
    name: "Discord Go-Live Notifier",
    author: "Aisha Bello",
    description:
      "Announces your stream in a Discord channel of your choice the moment you go live, with your title, a link and the thumbnail. Pick who gets pinged and write your own message. It posts once per stream, even if the app restarts, and skips the ping when you come back quickly after a dropped stream.",
    homepage: "https://aishabello.dev/discord-go-live",
    api: 1,
    permissions: ["stream.read", "discord", "storage", "ui.dashboard", "ui.notify"],
  },
  files: { "main.lua": main },
  versions: [
    {
      version: "1.0.0",
      changelog: 'First release: posts "I\'m live" with your title and link in the channel you choose.',
      createdAt: "2025-04-22T17:35:44.509Z",
    },
    {
      version: "1.1.0",
      changelog:
        "Announces each stream only once, even if the app is restarted while you are live. Streams already running when the app opens are announced too.",
      createdAt: "2025-07-02T18:04:31.217Z",
    },
    {
      version: "1.2.0",
      changelog:
        "Rich embed with the stream thumbnail. Choose between @here, @everyone or no ping, and write your own message with {mention}, {title} and {url}.",
      createdAt: "2025-11-25T19:22:57.864Z",
      files: {
        "main.lua": main
          .replace(
            "-- stream starts. It posts once per stream, even if the app restarts while\n-- you are live, and never twice within a short gap after a stream crash.\n",
            "-- stream starts. It posts once per stream, even if the app restarts while\n-- you are live.\n",
          )
          .replace(`  { key = "min_gap_minutes", label = "Don't announce again within (minutes)", type = "number", min = 0, max = 240, default = 30 },\n`, "")
          .replace(
            `  if last and os.time() - last.at < settings.min_gap_minutes * 60 then
    return -- a quick restart after a crash: don't ping everyone twice
  end
`,
            "",
          ),
      },
    },
    {
      version: "1.2.1",
      changelog: "No second ping when a stream drops and restarts within 30 minutes (adjustable in the settings).",
      createdAt: "2026-04-09T16:49:13.035Z",
    },
  ],
  downloads: 1320,
  price: null,
};
