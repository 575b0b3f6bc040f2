import type { PlanName } from "@streamkit/plans";
import type { OverlayDocument } from "./document";
import type { Layer } from "./layers";
import { group, rect, text } from "./predefined";

/**
 * The market's widgets (docs/overlays.md#the-document-schema-1, docs/api.md#operations GET /market): single elements — a
 * chat box, a goal bar, an alert — drawn on a small canvas of their own, so a
 * streamer places them anywhere in a scene. Documents of kind `widget`, schema
 * 1, made by the Streamkit team; each names the plan that may add it (docs/api.md#limits).
 * Synced into the catalogue on every start (packages/api market/market-catalogue.ts);
 * checked and rendered by the tests.
 */
export interface MarketWidget {
  slug: string;
  name: string;
  description: string;
  plan: PlanName;
  document: OverlayDocument;
}

const widget = (
  width: number,
  height: number,
  layers: Layer[],
  extra: Pick<OverlayDocument, "vars" | "bindings" | "manualKeyframes" | "alertSounds"> = {},
): OverlayDocument => ({
  schema: 1,
  kind: "widget",
  canvas: { width, height },
  ...extra,
  layers,
});

/** A paint that follows a colour setting. */
const paint = (key: string) => ({ kind: "var" as const, key });
/** Bindings of one prop of several layers to one setting (a font for every text, a toggle hiding a layer). */
const follow = (prop: "fontFamily" | "hidden" | "fontSize", key: string, ...layerIds: string[]) => layerIds.map((layerId) => ({ layerId, prop, key }));
/** The widgets' font setting: one of the site's families (fonts.ts), followed by every text of the widget. */
const fontSetting = (value = "Inter") => ({ type: "font" as const, label: "Font", value });

/** A burst of particles inside a widget's own canvas. */
const burst = (id: string, width: number, height: number, colors: string[]): Layer => ({
  type: "particles",
  id,
  name: id,
  frame: { x: 0, y: 0, w: width, h: height },
  props: { count: 60, colors, size: { min: 3, max: 9 }, speed: 220, direction: "burst", lifetimeMs: 2000 },
});

export const marketWidgets: MarketWidget[] = [
  {
    slug: "chat-feed",
    name: "Chat box",
    description: "The latest chat messages in a translucent panel, from the chat plugin.",
    plan: "free",
    document: widget(
      480,
      360,
      [
        rect("panel", { x: 0, y: 0, w: 480, h: 360 }, paint("panel"), undefined, 18),
        text("header", { x: 24, y: 18, w: 432, h: 34 }, "{{title}}", 26, paint("accent"), { align: "left", weight: 700 }),
        rect("divider", { x: 24, y: 62, w: 432, h: 2 }, "#ffffff22"),
        text("latest", { x: 24, y: 82, w: 432, h: 250 }, "{{plugin.chat-commands.latest}}", 24, "#ffffff", { align: "left" }),
      ],
      {
        vars: {
          title: { type: "text", label: "Title", value: "Chat", maxLength: 40 },
          hideTitle: { type: "toggle", label: "Hide the title", value: false },
          textSize: { type: "number", label: "Message size (px)", value: 24, min: 12, max: 48, step: 1 },
          font: fontSetting(),
          accent: { type: "color", label: "Title colour", value: "#a29bfe" },
          panel: { type: "color", label: "Panel colour", value: "#0f0f1acc" },
        },
        bindings: [
          ...follow("hidden", "hideTitle", "header"),
          ...follow("fontSize", "textSize", "latest"),
          ...follow("fontFamily", "font", "header", "latest"),
        ],
      },
    ),
  },
  {
    slug: "goal-bar",
    name: "Goal bar",
    description: "A slim progress bar towards any goal — followers, subs or donations.",
    plan: "pro",
    document: widget(
      640,
      120,
      [
        text("label", { x: 0, y: 0, w: 640, h: 36 }, "{{goal.label}}", 26, paint("goal.textColor"), { align: "left", weight: 700 }),
        rect("track", { x: 0, y: 48, w: 640, h: 56 }, "#17171fd9", undefined, 28),
        rect("fill", { x: 6, y: 54, w: 380, h: 44 }, paint("goal.color"), undefined, 22),
        text("count", { x: 0, y: 58, w: 640, h: 36 }, "{{plugin.goal.current}} / {{goal.target}}", 26, paint("goal.textColor"), { weight: 700 }),
      ],
      {
        vars: {
          "goal.label": { type: "text", label: "Goal title", value: "Sub goal", maxLength: 60 },
          "goal.target": { type: "number", label: "Target", value: 100, min: 1, max: 1_000_000, step: 1 },
          "goal.color": { type: "color", label: "Bar colour", value: "#06d6a0" },
          "goal.textColor": { type: "color", label: "Text colour", value: "#ffffff" },
          "goal.hideCount": { type: "toggle", label: "Hide the count", value: false },
          "goal.font": fontSetting(),
        },
        bindings: [...follow("hidden", "goal.hideCount", "count"), ...follow("fontFamily", "goal.font", "label", "count")],
      },
    ),
  },
  {
    slug: "alert-popup",
    name: "Alert",
    description: "A card that pops in with the name of a new follower or subscriber, with a spark burst.",
    plan: "pro",
    document: widget(
      600,
      220,
      [
        burst("sparks", 600, 220, ["#ffd166", "#ff3366", "#6d4aff"]),
        group("card", { x: 40, y: 30, w: 520, h: 160 }),
        rect("plate", { x: 40, y: 30, w: 520, h: 160 }, paint("plate"), "card", 22),
        text("who", { x: 40, y: 52, w: 520, h: 64 }, "{{plugin.alerts.name}}", 48, paint("nameColor"), { weight: 800, groupId: "card" }),
        text("what", { x: 40, y: 124, w: 520, h: 40 }, "{{message}}", 28, paint("messageColor"), { groupId: "card" }),
      ],
      {
        vars: {
          message: { type: "text", label: "Message", value: "just followed — welcome!", maxLength: 80 },
          nameColor: { type: "color", label: "Name colour", value: "#ffd166" },
          messageColor: { type: "color", label: "Message colour", value: "#ffffff" },
          plate: { type: "color", label: "Card colour", value: "#17171fee" },
          hideSparks: { type: "toggle", label: "Hide the sparks", value: false },
          font: fontSetting(),
          // No sound until the streamer picks one: the catalogue's ids are the operator's, not known here.
          sound: { type: "sound", label: "Alert sound", value: "" },
        },
        bindings: [...follow("hidden", "hideSparks", "sparks"), ...follow("fontFamily", "font", "who", "what")],
        alertSounds: { default: { sound: { kind: "var", key: "sound" }, volume: 0.8 } },
        manualKeyframes: [
          { layerId: "card", atMs: 0, frame: { y: 120 }, opacity: 0 },
          { layerId: "card", atMs: 500, frame: { y: 30 }, opacity: 1, easing: "ease-out" },
        ],
      },
    ),
  },
  {
    slug: "now-playing-card",
    name: "Now playing",
    description: "A compact card with the song that's on and its artist, from the now-playing plugin.",
    plan: "pro",
    document: widget(
      520,
      120,
      [
        rect("card", { x: 0, y: 0, w: 520, h: 120 }, paint("card"), undefined, 20),
        {
          type: "shape",
          id: "note",
          name: "Note",
          frame: { x: 24, y: 30, w: 60, h: 60 },
          props: {
            shape: "path",
            viewBox: { w: 24, h: 24 },
            path: "M9 18 A3 3 0 1 1 6 15 A3 3 0 0 1 9 16 V5 L20 3 V15 A3 3 0 1 1 17 12 A3 3 0 0 1 18 12.2 V6 L11 7.3 V18 Z",
            fill: paint("accent"),
          },
        },
        text("title", { x: 104, y: 24, w: 396, h: 40 }, "{{plugin.now-playing.title}}", 30, "#ffffff", { align: "left", weight: 700 }),
        text("artist", { x: 104, y: 70, w: 396, h: 30 }, "{{plugin.now-playing.artist}}", 22, "#c9c9d9", { align: "left" }),
      ],
      {
        vars: {
          accent: { type: "color", label: "Note colour", value: "#a29bfe" },
          card: { type: "color", label: "Card colour", value: "#17171fe6" },
          hideArtist: { type: "toggle", label: "Hide the artist", value: false },
          font: fontSetting(),
        },
        bindings: [...follow("hidden", "hideArtist", "artist"), ...follow("fontFamily", "font", "title", "artist")],
      },
    ),
  },
  {
    slug: "countdown-timer",
    name: "Countdown",
    description: "A countdown to your start time in a rounded badge, with a headline you can change.",
    plan: "free",
    document: widget(
      420,
      180,
      [
        rect("badge", { x: 0, y: 0, w: 420, h: 180 }, paint("badge"), undefined, 24),
        text("headline", { x: 0, y: 22, w: 420, h: 36 }, "{{headline}}", 26, "#c9c9d9"),
        text("clock", { x: 0, y: 66, w: 420, h: 90 }, "{{plugin.countdown.remaining}}", 72, paint("clockColor"), { weight: 800 }),
      ],
      {
        vars: {
          headline: { type: "text", label: "Headline", value: "Starting in", maxLength: 40 },
          clockSize: { type: "number", label: "Clock size (px)", value: 72, min: 32, max: 90, step: 2 },
          clockColor: { type: "color", label: "Clock colour", value: "#ffffff" },
          badge: { type: "color", label: "Badge colour", value: "#10131fe6" },
          font: fontSetting(),
        },
        bindings: [...follow("fontSize", "clockSize", "clock"), ...follow("fontFamily", "font", "headline", "clock")],
      },
    ),
  },
  {
    slug: "follower-counter",
    name: "Follower count",
    description: "Your follower count with a heart, for a corner of the screen.",
    plan: "free",
    // Wide enough for "12,345 followers" in a wide sans (DejaVu Sans Bold draws it 300 px at 32 px), the text centred on the heart.
    document: widget(
      420,
      100,
      [
        rect("pill", { x: 0, y: 0, w: 420, h: 100 }, "#17171fd9", undefined, 50),
        {
          type: "shape",
          id: "heart",
          name: "Heart",
          frame: { x: 26, y: 26, w: 48, h: 48 },
          props: {
            shape: "path",
            viewBox: { w: 24, h: 24 },
            path: "M12 21 L10.6 19.7 C5.4 15 2 11.9 2 8.1 C2 5 4.4 2.6 7.5 2.6 C9.2 2.6 10.9 3.4 12 4.7 C13.1 3.4 14.8 2.6 16.5 2.6 C19.6 2.6 22 5 22 8.1 C22 11.9 18.6 15 13.4 19.7 Z",
            fill: paint("heart"),
          },
        },
        text("count", { x: 96, y: 32, w: 300, h: 40 }, "{{plugin.followers.count}} {{noun}}", 32, "#ffffff", { align: "left", weight: 700 }),
      ],
      {
        vars: {
          noun: { type: "text", label: "After the number", value: "followers", maxLength: 12 },
          heart: { type: "color", label: "Heart colour", value: "#ff3366" },
          font: fontSetting(),
        },
        bindings: follow("fontFamily", "font", "count"),
      },
    ),
  },
  {
    slug: "donation-ticker",
    name: "Recent donations",
    description: "A ticker along the bottom of the screen with the latest donations and their messages.",
    plan: "ultimate",
    document: widget(
      1920,
      64,
      [
        rect("band", { x: 0, y: 0, w: 1920, h: 64 }, "#17171fee"),
        rect("tag", { x: 0, y: 0, w: 260, h: 64 }, { kind: "var", key: "accent" }),
        text("label", { x: 0, y: 14, w: 260, h: 36 }, "{{label}}", 28, "#ffffff", { weight: 800 }),
        text("ticker", { x: 290, y: 14, w: 1600, h: 36 }, "{{plugin.donations.recent}}", 28, "#ffffff", { align: "left" }),
      ],
      {
        vars: {
          label: { type: "text", label: "Label", value: "Thank you", maxLength: 16 },
          accent: { type: "color", label: "Accent", value: "#ef476f" },
          font: fontSetting(),
        },
        bindings: follow("fontFamily", "font", "label", "ticker"),
        manualKeyframes: [
          { layerId: "ticker", atMs: 0, frame: { x: 1920 } },
          { layerId: "ticker", atMs: 12_000, frame: { x: -1600 } },
        ],
      },
    ),
  },
  {
    slug: "stream-clock",
    name: "Clock",
    description: "The time where you are, large and legible, from the clock plugin.",
    plan: "free",
    document: widget(
      300,
      110,
      [
        rect("plate", { x: 0, y: 0, w: 300, h: 110 }, "#0f0f1acc", undefined, 16),
        text("time", { x: 0, y: 14, w: 300, h: 60 }, "{{plugin.clock.time}}", 52, "#ffffff", { weight: 800 }),
        text("zone", { x: 0, y: 76, w: 300, h: 26 }, "{{zone}}", 20, paint("accent")),
      ],
      {
        vars: {
          zone: { type: "text", label: "Place", value: "Local time", maxLength: 24 },
          hideZone: { type: "toggle", label: "Hide the place", value: false },
          accent: { type: "color", label: "Place colour", value: "#a29bfe" },
          font: fontSetting(),
        },
        bindings: [...follow("hidden", "hideZone", "zone"), ...follow("fontFamily", "font", "time", "zone")],
      },
    ),
  },
  {
    slug: "hype-meter",
    name: "Hype meter",
    description: "A vertical meter that fills as chat gets excited, glowing at the top.",
    plan: "ultimate",
    document: widget(
      140,
      520,
      [
        rect("tube", { x: 30, y: 40, w: 80, h: 440 }, "#17171fd9", undefined, 40),
        rect("level", { x: 40, y: 200, w: 60, h: 270 }, { kind: "var", key: "color" }, undefined, 30),
        text("label", { x: 0, y: 0, w: 140, h: 32 }, "{{word}}", 26, "#ffd166", { weight: 900 }),
        text("value", { x: 0, y: 486, w: 140, h: 30 }, "{{plugin.hype.level}}", 24, "#ffffff", { weight: 700 }),
      ],
      {
        vars: {
          word: {
            type: "choice",
            label: "Heading",
            options: [{ value: "HYPE" }, { value: "ENERGY" }, { value: "POG" }, { value: "CHAOS" }],
            value: "HYPE",
          },
          color: { type: "color", label: "Colour", value: "#ff3366" },
          font: fontSetting(),
        },
        bindings: follow("fontFamily", "font", "label", "value"),
      },
    ),
  },
];
