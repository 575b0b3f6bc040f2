import type { Permission } from "./permissions";

/**
 * Which permission each plugin-API call needs, derived from the "Grants"
 * column of docs/plugins.md#the-manifest.
 *
 * Every namespace has a `permission`: the one its table row grants. It covers
 * the functions the table does not name ("and similar"), and a bare use of the
 * namespace (`local c = chats`), because once a plugin holds the table it can
 * call anything in it. `functions` lists the calls that need something else.
 * `null` means no permission.
 */
export interface NamespaceRule {
  readonly permission: Permission | null;
  readonly functions?: { readonly [fn: string]: Permission | null };
}

export const API_NAMESPACES = {
  chats: {
    permission: "chat.read",
    functions: { use: "chat.middleware", menu: "ui.app", decorate: "ui.app" },
  },
  stream: { permission: "stream.read" },
  ui: {
    // The table's "ui.modal, ui.confirm, ui.prompt and similar dialogs" makes dialogs the default.
    permission: "ui.modal",
    functions: { notify: "ui.notify", page: "ui.app", command: "ui.app" },
  },
  window: { permission: "ui.window" },
  dashboard: { permission: "ui.dashboard" },
  plugin: {
    // The plugin's own lifecycle (plugin.request and the like) is free; only settings pages need a grant.
    permission: null,
    functions: { settings: "ui.dashboard", request: null },
  },
  storage: { permission: "storage" },
  sounds: { permission: "sounds" },
  alerts: { permission: "alerts" },
  bus: { permission: "bus" },
  http: { permission: "network" },
  app: { permission: "app.open_url" },
  overlay: { permission: "overlay" },
  obs: { permission: "obs" },
  ai: { permission: "ai" },
  history: { permission: "history" },
  system: { permission: "system" },
  activity: { permission: "activity" },
  media: { permission: "media" },
  tts: { permission: "tts" },
  clipboard: { permission: "clipboard" },
  points: { permission: "points" },
  redeems: { permission: "points" },
  predictions: { permission: "points" },
  viewers: { permission: "viewers" },
  youtube: {
    // Three rows share this namespace and none says "and similar"; a bare use or an
    // unlisted function needs the least powerful of them.
    permission: "youtube.chat",
    functions: {
      send_chat: "youtube.chat",
      poll: "youtube.chat",
      end_poll: "youtube.chat",
      delete_message: "youtube.moderate",
      timeout: "youtube.moderate",
      ban: "youtube.moderate",
      unban: "youtube.moderate",
      set_title: "youtube.manage",
      set_description: "youtube.manage",
    },
  },
  hotkeys: { permission: "hotkeys" },
  lights: { permission: "lights" },
  homeassistant: { permission: "homeassistant" },
  midi: { permission: "midi" },
  speech: { permission: "microphone" },
  captions: { permission: "microphone" },
  donations: { permission: "donations" },
  oauth: { permission: "oauth" },
  discord: { permission: "discord" },
  // lib.require needs no permission; the library must be listed in "libraries" instead.
  lib: { permission: null },
} as const satisfies Record<string, NamespaceRule>;

export type ApiNamespace = keyof typeof API_NAMESPACES;

export const API_NAMESPACE_NAMES = Object.keys(API_NAMESPACES) as ApiNamespace[];

export function isApiNamespace(name: string): name is ApiNamespace {
  return Object.hasOwn(API_NAMESPACES, name);
}

/**
 * The permission `ns.fn` needs, or the namespace's own when `fn` is omitted
 * (a bare or dynamic use). `null`: no permission needed.
 */
export function permissionForCall(namespace: ApiNamespace, fn?: string): Permission | null {
  const rule: NamespaceRule = API_NAMESPACES[namespace];
  if (fn !== undefined && rule.functions && Object.hasOwn(rule.functions, fn)) {
    return rule.functions[fn] ?? null;
  }
  return rule.permission;
}

/** The function `lib.require(id)` that loads a library plugin. */
export const LIBRARY_LOADER = { namespace: "lib", fn: "require" } as const;

/** The function `plugin.request(permission, why)` that asks for an optional permission at run time. */
export const PERMISSION_REQUEST = { namespace: "plugin", fn: "request" } as const;
