import type { CataloguePlugin } from "./types";

import { plugin as streamkitUtils } from "./streamkit-utils";
import { plugin as chatCommands } from "./chat-commands";
import { plugin as welcomeAlerts } from "./welcome-alerts";
import { plugin as obsSceneSwitcher } from "./obs-scene-switcher";
import { plugin as streamStatsOverlay } from "./stream-stats-overlay";
import { plugin as streamRecap } from "./stream-recap";

import { plugin as nowPlaying } from "./now-playing";
import { plugin as songRequests } from "./song-requests";
import { plugin as ttsReader } from "./tts-reader";
import { plugin as clipMarker } from "./clip-marker";
import { plugin as pointsPredictions } from "./points-predictions";
import { plugin as aiChatHelper } from "./ai-chat-helper";
import { plugin as haFollowLights } from "./ha-follow-lights";
import { plugin as viewerLeaderboard } from "./viewer-leaderboard";
import { plugin as discordGoLive } from "./discord-go-live";
import { plugin as youtubePollRunner } from "./youtube-poll-runner";
import { plugin as midiDeck } from "./midi-deck";
import { plugin as breakTimer } from "./break-timer";
import { plugin as hotkeySoundboard } from "./hotkey-soundboard";
import { plugin as modFilter } from "./mod-filter";

export type { CataloguePlugin, CataloguePublisher, CatalogueTier, CatalogueVersion } from "./types";

/**
 * Seed order: the service's own plugins first (the shared library before the
 * plugins that load it), then community plugins grouped by publisher. Every
 * library named in a plugin's `libraries` comes earlier in this list.
 */
export const catalogue: CataloguePlugin[] = [
  // Streamkit (official)
  streamkitUtils,
  chatCommands,
  welcomeAlerts,
  obsSceneSwitcher,
  streamStatsOverlay,
  streamRecap,
  // Priya Raman
  nowPlaying,
  songRequests,
  // Tomás Ferreira
  ttsReader,
  clipMarker,
  // Nightjar Labs
  pointsPredictions,
  aiChatHelper,
  // Kenji Mori
  haFollowLights,
  viewerLeaderboard,
  // Aisha Bello
  discordGoLive,
  youtubePollRunner,
  // Lukas Brandt
  midiDeck,
  breakTimer,
  // Maya Okafor
  hotkeySoundboard,
  modFilter,
];
