import { z } from "zod";

/**
 * The permissions of docs/plugins.md#the-manifest, in the table's order. The order is part of the
 * contract: the website lists a plugin's permissions in it.
 */
export const PERMISSION_NAMES = [
  "chat.read",
  "chat.middleware",
  "stream.read",
  "ui.notify",
  "ui.modal",
  "ui.window",
  "ui.dashboard",
  "storage",
  "sounds",
  "alerts",
  "bus",
  "network",
  "app.open_url",
  "overlay",
  "obs",
  "ai",
  "history",
  "system",
  "activity",
  "media",
  "tts",
  "clipboard",
  "ui.app",
  "points",
  "viewers",
  "youtube.chat",
  "youtube.moderate",
  "youtube.manage",
  "hotkeys",
  "lights",
  "homeassistant",
  "midi",
  "microphone",
  "donations",
  "oauth",
  "discord",
] as const;

export type Permission = (typeof PERMISSION_NAMES)[number];

export const permissionSchema = z.enum(PERMISSION_NAMES);

export interface PermissionInfo {
  name: Permission;
  /** A few words for a heading or a badge. */
  title: string;
  /** What the streamer is agreeing to, in words they would use; shown when they approve the plugin. */
  summary: string;
  /**
   * The plugin-API functions from the table in docs/plugins.md, verbatim. `ns.*` means the
   * whole namespace. Which call needs which permission in code is decided by
   * api-namespaces.ts; this list is what people read.
   */
  grants: readonly string[];
}

type PermissionTable = { readonly [P in Permission]: Omit<PermissionInfo, "name"> };

export const PERMISSIONS: PermissionTable = {
  "chat.read": {
    title: "Read chat",
    summary: "See the messages in your stream chat and who sent them.",
    grants: ["chats.get", "chats.on", "chats.random"],
  },
  "chat.middleware": {
    title: "Filter chat",
    summary: "Block or change chat messages before they are shown.",
    grants: ["chats.use"],
  },
  "stream.read": {
    title: "See stream stats",
    summary: "See whether you are live and your stream's numbers, such as how many people are watching.",
    grants: ["stream.state", "stream.on"],
  },
  "ui.notify": {
    title: "Show notifications",
    summary: "Show small pop-up notifications in the app.",
    grants: ["ui.notify"],
  },
  "ui.modal": {
    title: "Show dialogs",
    summary: "Open dialog boxes in the app that ask you to confirm something or type an answer.",
    grants: ["ui.modal", "ui.confirm", "ui.prompt"],
  },
  "ui.window": {
    title: "Open windows",
    summary: "Open its own windows on your screen.",
    grants: ["window.create"],
  },
  "ui.dashboard": {
    title: "Add to your dashboard",
    summary: "Add its own section and settings page to your dashboard.",
    grants: ["dashboard.section", "plugin.settings"],
  },
  storage: {
    title: "Save its own data",
    summary: "Keep its own data and settings on this computer. It cannot see other plugins' data.",
    grants: ["storage.*"],
  },
  sounds: {
    title: "Play sounds",
    summary: "Play sounds through your speakers and on stream.",
    grants: ["sounds.play"],
  },
  alerts: {
    title: "Show alerts",
    summary: "Show alerts on your stream, like the ones for new followers.",
    grants: ["alerts.show"],
  },
  bus: {
    title: "Talk to other plugins",
    summary: "Send messages to your other plugins and receive messages from them.",
    grants: ["bus.*"],
  },
  network: {
    title: "Use the internet",
    summary: "Connect to websites and online services over HTTPS. It could send data it can see to the internet.",
    grants: ["http.*"],
  },
  "app.open_url": {
    title: "Open web pages",
    summary: "Open web pages in your browser.",
    grants: ["app.open_url"],
  },
  overlay: {
    title: "Show values in overlays",
    summary: "Publish values your overlays can display, such as a counter or a name.",
    grants: ["overlay.set"],
  },
  obs: {
    title: "Control OBS",
    summary: "See and change OBS: switch scenes, mute audio, and show or hide sources.",
    grants: ["obs.state", "obs.set_scene", "obs.set_mute", "obs.set_source_visible", "obs.on"],
  },
  ai: {
    title: "Use AI",
    summary: "Ask the AI assistant questions. Each answer uses your account's AI credits.",
    grants: ["ai.ask"],
  },
  history: {
    title: "See past streams",
    summary: "See your past streams and this week's numbers.",
    grants: ["history.streams", "history.week", "history.on"],
  },
  system: {
    title: "See your computer's status",
    summary: "See how busy your computer is, what hardware it has and its battery level, and keep it from going to sleep.",
    grants: ["system.usage", "system.specs", "system.battery", "system.keep_awake"],
  },
  activity: {
    title: "See what you are doing",
    summary: "See how long you have been away from the keyboard and which game you are playing.",
    grants: ["activity.idle_ms", "activity.game", "activity.on"],
  },
  media: {
    title: "See what is playing",
    summary: "See which song or video is playing on your computer.",
    grants: ["media.now_playing", "media.on"],
  },
  tts: {
    title: "Speak aloud",
    summary: "Read text aloud with a computer voice.",
    grants: ["tts.say", "tts.voices", "tts.stop"],
  },
  clipboard: {
    title: "Copy to your clipboard",
    summary: "Put text on your clipboard, replacing what you copied before.",
    grants: ["clipboard.copy"],
  },
  "ui.app": {
    title: "Add to the app",
    summary: "Add its own pages and commands to the app, and buttons or badges to chat messages.",
    grants: ["ui.page", "ui.command", "chats.menu", "chats.decorate"],
  },
  points: {
    title: "Manage channel points",
    summary: "See and change your viewers' points, and create rewards and predictions.",
    grants: ["points.get", "points.add", "points.take", "redeems.add", "predictions.start"],
  },
  viewers: {
    title: "See your viewers",
    summary: "See who is watching, who your top viewers are, and how many there are.",
    grants: ["viewers.get", "viewers.top", "viewers.count"],
  },
  "youtube.chat": {
    title: "Chat on YouTube as you",
    summary: "Send messages in your YouTube live chat and start or end polls, in your name.",
    grants: ["youtube.send_chat", "youtube.poll", "youtube.end_poll"],
  },
  "youtube.moderate": {
    title: "Moderate your YouTube chat",
    summary: "Delete messages in your YouTube chat, and time out, ban or unban people.",
    grants: ["youtube.delete_message", "youtube.timeout", "youtube.ban", "youtube.unban"],
  },
  "youtube.manage": {
    title: "Edit your YouTube stream",
    summary: "Change your YouTube stream's title and description.",
    grants: ["youtube.set_title", "youtube.set_description"],
  },
  hotkeys: {
    title: "Use keyboard shortcuts",
    summary: "React when you press keyboard shortcuts, even while another program is in front.",
    grants: ["hotkeys.on", "hotkeys.off"],
  },
  lights: {
    title: "Control your lights",
    summary: "Turn your smart lights on and off, change their color, or make them flash.",
    grants: ["lights.set", "lights.flash", "lights.off", "lights.list"],
  },
  homeassistant: {
    title: "Control your smart home",
    summary: "See and control the devices in your Home Assistant smart home.",
    grants: ["homeassistant.call", "homeassistant.state", "homeassistant.states"],
  },
  midi: {
    title: "Use MIDI devices",
    summary: "Use MIDI devices connected to your computer, such as controllers and keyboards.",
    grants: ["midi.on", "midi.send", "midi.devices"],
  },
  microphone: {
    title: "Listen to your microphone",
    summary: "Hear what you say into your microphone and turn it into text, for example for commands or captions.",
    grants: ["speech.listen", "captions.on"],
  },
  donations: {
    title: "See your donations",
    summary: "See the donations you receive, with the donors' names and messages.",
    grants: ["donations.on", "donations.recent"],
  },
  oauth: {
    title: "Connect your other accounts",
    summary: "Ask you to sign in to other services, then use those accounts on your behalf.",
    grants: ["oauth.connect", "oauth.request", "oauth.status"],
  },
  discord: {
    title: "Post to Discord",
    summary: "Send messages to your Discord server and see its channels.",
    grants: ["discord.send", "discord.channels"],
  },
};

const permissionSet: ReadonlySet<string> = new Set(PERMISSION_NAMES);

export function isPermission(name: unknown): name is Permission {
  return typeof name === "string" && permissionSet.has(name);
}

export function getPermission(name: Permission): PermissionInfo {
  return { name, ...PERMISSIONS[name] };
}

/** The table in §2.1 order, for pages that render it. */
export function listPermissions(): PermissionInfo[] {
  return PERMISSION_NAMES.map(getPermission);
}

/** Sorts and de-duplicates names into table order, dropping unknown ones (a stored list may predate a rename). */
export function inTableOrder(names: readonly string[]): Permission[] {
  const wanted = new Set(names);
  return PERMISSION_NAMES.filter((name) => wanted.has(name));
}
