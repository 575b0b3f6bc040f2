/**
 * The market's themes (docs/api.md#operations, docs/api.md#limits): bundles of three to six catalogue
 * items — predefined overlays and widgets, by slug — that look good
 * together. A theme is held as one inventory item with its members. Its plan
 * is never stored: it is the most demanding of its members' (themePlan).
 * Synced into the catalogue on every start with its members, in order.
 */
import { type PlanName, planRank } from "@streamkit/plans";

export interface MarketTheme {
  slug: string;
  name: string;
  description: string;
  /** The members' slugs, in the order the theme shows them. */
  members: string[];
}

/** How many members a theme has (docs/market-and-sounds.md: three to six). */
export const THEME_MEMBERS = { min: 3, max: 6 } as const;

export const marketThemes: MarketTheme[] = [
  {
    slug: "cozy-basics",
    name: "Cozy basics",
    description: "Everything a first stream needs: opening, break and ending scenes, a chat box and a follower count.",
    members: ["starting-soon", "be-right-back", "ending", "chat-feed", "follower-counter"],
  },
  {
    slug: "creator-kit",
    name: "Creator kit",
    description: "A polished everyday set: your name in a lower third, alerts, a goal bar, a countdown and a webcam frame.",
    members: ["lower-third", "alert-popup", "goal-bar", "countdown-timer", "webcam-frame"],
  },
  {
    slug: "music-lounge",
    name: "Music lounge",
    description: "For music streams: what's playing, big and small, next to your chat.",
    members: ["now-playing", "now-playing-card", "chat-feed"],
  },
  {
    slug: "tournament-night",
    name: "Tournament night",
    description: "Scoreboard, celebrations, a donation ticker and the clock for competitive events.",
    members: ["scoreboard", "celebration", "donation-ticker", "stream-clock", "now-playing-card", "hype-meter"],
  },
];

/** A theme's plan: the most demanding of its members' plans (docs/api.md#limits). */
export function themePlan(memberPlans: readonly PlanName[]): PlanName {
  return memberPlans.reduce<PlanName>((most, plan) => (planRank(plan) > planRank(most) ? plan : most), "free");
}
