import type { PlanName } from "@streamkit/plans";
import type { OverlayDocument } from "./document";
import type { Layer, Paint } from "./layers";

/**
 * The predefined catalogue (docs/api.md#operations GET /catalog/overlays): overlays made by
 * the Streamkit team, seeded on first start, forked into a streamer's own
 * overlays. Each names the plan that may add it (docs/api.md#limits). Documents are
 * checked against schema 1 and rendered by the tests.
 */
export interface PredefinedOverlay {
  slug: string;
  name: string;
  description: string;
  plan: PlanName;
  document: OverlayDocument;
}

const HD = { width: 1920, height: 1080 };
export const solid = (color: string): Paint => ({ kind: "solid", color });
export const FONT = "Inter, 'Segoe UI', system-ui, sans-serif";

type Frame = Layer["frame"];
export const text = (
  id: string,
  frame: Frame,
  value: string,
  fontSize: number,
  color: string | Paint,
  extra: Partial<Layer> & { align?: "left" | "center" | "right"; weight?: number } = {},
): Layer => ({
  type: "text",
  id,
  name: extra.name ?? id,
  frame,
  ...(extra.groupId ? { groupId: extra.groupId } : {}),
  props: {
    text: value,
    fontFamily: FONT,
    fontSize,
    fill: typeof color === "string" ? solid(color) : color,
    align: extra.align ?? "center",
    ...(extra.weight ? { fontWeight: extra.weight } : {}),
  },
});
export const rect = (id: string, frame: Frame, color: string | Paint, groupId?: string, radius = 0): Layer => {
  const { w, h } = frame;
  const r = Math.min(radius, w / 2, h / 2);
  const path =
    r > 0
      ? `M${r} 0 H${w - r} A${r} ${r} 0 0 1 ${w} ${r} V${h - r} A${r} ${r} 0 0 1 ${w - r} ${h} H${r} A${r} ${r} 0 0 1 0 ${h - r} V${r} A${r} ${r} 0 0 1 ${r} 0 Z`
      : `M0 0 H${w} V${h} H0 Z`;
  return {
    type: "shape",
    id,
    name: id,
    frame,
    ...(groupId ? { groupId } : {}),
    props: { shape: "path", path, viewBox: { w, h }, fill: typeof color === "string" ? solid(color) : color },
  };
};
export const particles = (id: string, colors: string[], direction: "up" | "down" | "burst", count: number, speed: number): Layer => ({
  type: "particles",
  id,
  name: id,
  frame: { x: 0, y: 0, w: 1920, h: 1080 },
  props: { count, colors, size: { min: 4, max: 12 }, speed, direction, lifetimeMs: direction === "burst" ? 2500 : 6000 },
});
export const group = (id: string, frame: Frame): Layer => ({ type: "group", id, name: id, frame, props: {} });

/** A scene: dark backdrop, a big title, a line below, drifting particles. */
function scene(title: string, subtitle: string, accent: string, vars: OverlayDocument["vars"]): OverlayDocument {
  return {
    schema: 1,
    kind: "overlay",
    canvas: HD,
    vars,
    layers: [
      rect("backdrop", { x: 0, y: 0, w: 1920, h: 1080 }, "#0f0f1a"),
      particles("drift", [accent, "#ffffff55"], "up", 60, 60),
      rect("accent-line", { x: 760, y: 600, w: 400, h: 6 }, accent, undefined, 3),
      text("title", { x: 160, y: 430, w: 1600, h: 140 }, title, 120, "#ffffff", { weight: 800 }),
      text("subtitle", { x: 160, y: 640, w: 1600, h: 60 }, subtitle, 44, "#c9c9d9"),
    ],
  };
}

export const predefinedOverlays: PredefinedOverlay[] = [
  {
    slug: "starting-soon",
    name: "Starting soon",
    description: "A calm opening scene with your stream's title and drifting lights.",
    plan: "free",
    document: scene("Starting soon", "{{stream.title}}", "#6d4aff", {
      "stream.title": { type: "text", label: "Stream title", value: "Grab a drink, we start in a minute" },
    }),
  },
  {
    slug: "be-right-back",
    name: "Be right back",
    description: "A break scene that tells viewers you'll be back shortly.",
    plan: "free",
    document: scene("Be right back", "{{message}}", "#00b894", {
      message: { type: "text", label: "Message", value: "Stretching my legs — don't go anywhere" },
    }),
  },
  {
    slug: "ending",
    name: "Ending",
    description: "Thank your viewers and point them to where to follow you.",
    plan: "free",
    document: scene("Thanks for watching", "Follow {{channel}} for the next one", "#ff7675", {
      channel: { type: "text", label: "Channel", value: "@yourchannel" },
    }),
  },
  {
    slug: "webcam-frame",
    name: "Webcam frame",
    description: "A rounded frame for your camera, drawn as a single path with a transparent window.",
    plan: "free",
    document: {
      schema: 1,
      kind: "overlay",
      canvas: HD,
      vars: { frame: { type: "color", label: "Frame colour", value: "#6d4aff" } },
      layers: [
        {
          type: "shape",
          id: "frame",
          name: "Frame",
          frame: { x: 1380, y: 700, w: 500, h: 340 },
          props: {
            shape: "path",
            viewBox: { w: 500, h: 340 },
            path: "M24 0 H476 A24 24 0 0 1 500 24 V316 A24 24 0 0 1 476 340 H24 A24 24 0 0 1 0 316 V24 A24 24 0 0 1 24 0 Z M28 14 A14 14 0 0 0 14 28 V312 A14 14 0 0 0 28 326 H472 A14 14 0 0 0 486 312 V28 A14 14 0 0 0 472 14 Z",
            fill: { kind: "var", key: "frame" },
          },
        },
        rect("label", { x: 1400, y: 670, w: 180, h: 44 }, "#17171f", undefined, 10),
        text("label-text", { x: 1400, y: 678, w: 180, h: 30 }, "LIVE", 26, "#ff3366", { weight: 800 }),
      ],
    },
  },
  {
    slug: "chat-box",
    name: "Chat box",
    description: "A translucent panel that shows the latest chat message from the chat plugin.",
    plan: "free",
    document: {
      schema: 1,
      kind: "overlay",
      canvas: HD,
      layers: [
        rect("panel", { x: 40, y: 520, w: 520, h: 480 }, "#0f0f1acc", undefined, 18),
        text("header", { x: 70, y: 545, w: 460, h: 40 }, "Chat", 30, "#a29bfe", { align: "left", weight: 700 }),
        text("latest", { x: 70, y: 610, w: 460, h: 360 }, "{{plugin.chat-commands.latest}}", 28, "#ffffff", { align: "left" }),
      ],
    },
  },
  {
    slug: "lower-third",
    name: "Lower third",
    description: "Your name and a tagline in a grouped lower third that slides in.",
    plan: "pro",
    document: {
      schema: 1,
      kind: "overlay",
      canvas: HD,
      vars: {
        name: { type: "text", label: "Name", value: "Your Name" },
        tagline: { type: "text", label: "Tagline", value: "Speedruns every Friday" },
        accent: { type: "color", label: "Accent", value: "#ff3366" },
      },
      layers: [
        group("third", { x: 80, y: 860, w: 760, h: 140 }),
        rect("plate", { x: 80, y: 860, w: 760, h: 140 }, "#17171fe6", "third", 16),
        rect("stripe", { x: 80, y: 860, w: 14, h: 140 }, { kind: "var", key: "accent" }, "third"),
        text("name", { x: 120, y: 885, w: 700, h: 60 }, "{{name}}", 52, "#ffffff", { align: "left", weight: 800, groupId: "third" }),
        text("tagline", { x: 120, y: 950, w: 700, h: 36 }, "{{tagline}}", 30, "#c9c9d9", { align: "left", groupId: "third" }),
      ],
      manualKeyframes: [
        { layerId: "third", atMs: 0, frame: { x: -700 }, opacity: 0 },
        { layerId: "third", atMs: 700, frame: { x: 80 }, opacity: 1, easing: "ease-out" },
      ],
    },
  },
  {
    slug: "alert-box",
    name: "Alert box",
    description: "Celebrates a new follower with their name and a burst of confetti.",
    plan: "pro",
    document: {
      schema: 1,
      kind: "overlay",
      canvas: HD,
      layers: [
        particles("burst", ["#ff3366", "#ffd166", "#06d6a0", "#6d4aff"], "burst", 140, 320),
        rect("card", { x: 560, y: 380, w: 800, h: 220 }, "#17171fee", undefined, 24),
        text("who", { x: 560, y: 410, w: 800, h: 90 }, "{{plugin.alerts.name}}", 72, "#ffd166", { weight: 800 }),
        text("what", { x: 560, y: 510, w: 800, h: 60 }, "just followed — welcome!", 40, "#ffffff"),
      ],
    },
  },
  {
    slug: "follower-goal",
    name: "Follower goal",
    description: "A progress bar towards your follower goal, filled from your goal plugin.",
    plan: "pro",
    document: {
      schema: 1,
      kind: "overlay",
      canvas: HD,
      vars: {
        "goal.target": { type: "number", label: "Goal", value: 500, min: 1, max: 1_000_000, step: 1 },
        "goal.label": { type: "text", label: "Label", value: "Follower goal", maxLength: 60 },
        "goal.color": { type: "color", label: "Bar colour", value: "#06d6a0" },
      },
      layers: [
        rect("track", { x: 1340, y: 60, w: 520, h: 64 }, "#17171fd9", undefined, 32),
        rect("fill", { x: 1348, y: 68, w: 300, h: 48 }, { kind: "var", key: "goal.color" }, undefined, 24),
        text("label", { x: 1340, y: 20, w: 520, h: 34 }, "{{goal.label}}", 28, "#ffffff", { weight: 700 }),
        text("count", { x: 1340, y: 75, w: 520, h: 40 }, "{{plugin.goal.current}} / {{goal.target}}", 32, "#ffffff", { weight: 700 }),
      ],
    },
  },
  {
    slug: "now-playing",
    name: "Now playing",
    description: "The song that's on, from the now-playing plugin's values.",
    plan: "pro",
    document: {
      schema: 1,
      kind: "overlay",
      canvas: HD,
      layers: [
        rect("card", { x: 40, y: 40, w: 640, h: 120 }, "#17171fe6", undefined, 20),
        {
          type: "shape",
          id: "note",
          name: "Note",
          frame: { x: 70, y: 70, w: 60, h: 60 },
          props: {
            shape: "path",
            viewBox: { w: 24, h: 24 },
            path: "M9 18 A3 3 0 1 1 6 15 A3 3 0 0 1 9 16 V5 L20 3 V15 A3 3 0 1 1 17 12 A3 3 0 0 1 18 12.2 V6 L11 7.3 V18 Z",
            fill: solid("#a29bfe"),
          },
        },
        text("title", { x: 150, y: 62, w: 510, h: 44 }, "{{plugin.now-playing.title}}", 36, "#ffffff", { align: "left", weight: 700 }),
        text("artist", { x: 150, y: 110, w: 510, h: 32 }, "{{plugin.now-playing.artist}}", 26, "#c9c9d9", { align: "left" }),
      ],
    },
  },
  {
    slug: "countdown",
    name: "Countdown",
    description: "A big countdown to your start time, with a line you can change.",
    plan: "pro",
    document: {
      schema: 1,
      kind: "overlay",
      canvas: HD,
      vars: { headline: { type: "text", label: "Headline", value: "We go live in" } },
      layers: [
        rect("backdrop", { x: 0, y: 0, w: 1920, h: 1080 }, "#10131f"),
        text("headline", { x: 160, y: 330, w: 1600, h: 70 }, "{{headline}}", 56, "#c9c9d9"),
        text("clock", { x: 160, y: 420, w: 1600, h: 220 }, "{{plugin.countdown.remaining}}", 200, "#ffffff", { weight: 800 }),
      ],
    },
  },
  {
    slug: "celebration",
    name: "Celebration",
    description: "A full-screen confetti celebration for milestones and wins.",
    plan: "ultimate",
    document: {
      schema: 1,
      kind: "overlay",
      canvas: HD,
      vars: { headline: { type: "text", label: "Headline", value: "We did it!" } },
      layers: [
        particles("confetti", ["#ff3366", "#ffd166", "#06d6a0", "#118ab2", "#a29bfe"], "down", 220, 180),
        particles("sparks", ["#ffffff", "#ffd166"], "burst", 80, 420),
        text("headline", { x: 160, y: 440, w: 1600, h: 200 }, "{{headline}}", 160, "#ffffff", { weight: 900 }),
      ],
      manualKeyframes: [
        { layerId: "headline", atMs: 0, opacity: 0 },
        { layerId: "headline", atMs: 400, opacity: 1, easing: "ease-out" },
      ],
    },
  },
  {
    slug: "scoreboard",
    name: "Scoreboard",
    description: "Two teams and their scores for tournaments and versus matches.",
    plan: "ultimate",
    document: {
      schema: 1,
      kind: "overlay",
      canvas: HD,
      vars: {
        "home.name": { type: "text", label: "Home team", value: "Blue" },
        "away.name": { type: "text", label: "Away team", value: "Red" },
        "home.score": { type: "number", label: "Home score", value: 0 },
        "away.score": { type: "number", label: "Away score", value: 0 },
      },
      layers: [
        group("board", { x: 610, y: 24, w: 700, h: 90 }),
        rect("plate", { x: 610, y: 24, w: 700, h: 90 }, "#17171fee", "board", 18),
        rect("home-chip", { x: 626, y: 40, w: 12, h: 58 }, "#118ab2", "board", 6),
        rect("away-chip", { x: 1282, y: 40, w: 12, h: 58 }, "#ef476f", "board", 6),
        text("home", { x: 650, y: 44, w: 250, h: 50 }, "{{home.name}}", 40, "#ffffff", { align: "left", weight: 700, groupId: "board" }),
        text("score", { x: 900, y: 38, w: 120, h: 60 }, "{{home.score}} : {{away.score}}", 48, "#ffd166", { weight: 800, groupId: "board" }),
        text("away", { x: 1020, y: 44, w: 250, h: 50 }, "{{away.name}}", 40, "#ffffff", { align: "right", weight: 700, groupId: "board" }),
      ],
    },
  },
];
