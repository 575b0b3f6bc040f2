/**
 * The seeded sound catalogue, as data: every sound is synthesised from its
 * recipe (recipes.ts) and recorded under this licence. Adding a sound here
 * adds it to every deployment at its next start (seed.ts); `seconds` is its
 * length (0.3–4 s).
 */
import type { SoundCategorySlug } from "@streamkit/api-contract";

export interface SeededSound {
  slug: string;
  name: string;
  category: SoundCategorySlug;
  description: string;
  seconds: number;
}

/** Every seeded sound is the service's own synthesis, dedicated to the public domain. */
export const seededLicence = { licence: "CC0-1.0", attribution: "Streamkit (synthesised)" } as const;
export const seededSampleRate = 22_050;

export const seededSounds: SeededSound[] = [
  { slug: "chime", name: "Chime", category: "alerts", description: "Three bright bell tones rising, ringing out.", seconds: 1.6 },
  { slug: "ding", name: "Ding", category: "alerts", description: "One clear bell strike.", seconds: 1.2 },
  { slug: "notification", name: "Notification", category: "alerts", description: "A soft two-note blip, upwards.", seconds: 0.45 },
  { slug: "doorbell", name: "Doorbell", category: "alerts", description: "Ding-dong: two bell tones, high then low.", seconds: 1.6 },
  { slug: "success", name: "Success", category: "alerts", description: "A quick major arpeggio for a goal reached.", seconds: 0.8 },
  { slug: "error-buzz", name: "Error buzz", category: "alerts", description: "Two low, rough buzzes: something went wrong.", seconds: 0.6 },
  { slug: "coin", name: "Coin", category: "arcade", description: "The classic two-note pickup of a coin.", seconds: 0.5 },
  { slug: "level-up", name: "Level up", category: "arcade", description: "A rising chip-tune arpeggio over two octaves.", seconds: 0.95 },
  { slug: "power-up", name: "Power-up", category: "arcade", description: "A warbling square wave sweeping upwards.", seconds: 0.8 },
  { slug: "laser", name: "Laser", category: "arcade", description: "A fast downward zap.", seconds: 0.35 },
  { slug: "jump", name: "Jump", category: "arcade", description: "A short springy upward blip.", seconds: 0.3 },
  { slug: "game-over", name: "Game over", category: "arcade", description: "Three falling chip-tune notes and a wobbling low tone.", seconds: 1.7 },
  { slug: "whoosh", name: "Whoosh", category: "transitions", description: "Air rushing past, swelling and fading in a second.", seconds: 1 },
  { slug: "riser", name: "Riser", category: "transitions", description: "Noise and a tone climbing for three seconds into a drop.", seconds: 3 },
  { slug: "downlifter", name: "Downlifter", category: "transitions", description: "A falling sweep that winds a scene down.", seconds: 2 },
  { slug: "impact", name: "Impact", category: "transitions", description: "A deep cinematic hit with a burst of noise.", seconds: 1.5 },
  { slug: "fanfare", name: "Fanfare", category: "stingers", description: "Three short brass calls and a long major chord.", seconds: 2 },
  { slug: "drum-roll", name: "Drum roll", category: "stingers", description: "A snare roll speeding up, ending on a hit and a cymbal.", seconds: 3 },
  {
    slug: "sad-trombone",
    name: "Sad trombone",
    category: "stingers",
    description: "Wah, wah, wah, wahhh: three falling notes and a wobbling last one.",
    seconds: 2.8,
  },
  { slug: "rimshot", name: "Rimshot", category: "stingers", description: "Ba-dum-tss, after the joke.", seconds: 1.2 },
  { slug: "harp-glissando", name: "Harp glissando", category: "stingers", description: "A plucked run up two octaves of a major scale.", seconds: 1.8 },
  { slug: "thunder", name: "Thunder", category: "nature", description: "A crack, then a long low rumble rolling away.", seconds: 4 },
  { slug: "rain", name: "Rain", category: "nature", description: "Steady rain with drops pattering close by.", seconds: 3 },
  { slug: "wind", name: "Wind", category: "nature", description: "Gusts of wind rising and falling.", seconds: 3.5 },
  { slug: "ocean-waves", name: "Ocean waves", category: "nature", description: "Two waves washing in and drawing back.", seconds: 4 },
  { slug: "campfire", name: "Campfire", category: "nature", description: "A low fire roar with wood crackling.", seconds: 3 },
  { slug: "birdsong", name: "Birdsong", category: "nature", description: "A small bird's quick rising chirps.", seconds: 2 },
  { slug: "applause", name: "Applause", category: "reactions", description: "A room clapping, then dying down.", seconds: 3 },
  { slug: "heartbeat", name: "Heartbeat", category: "reactions", description: "Lub-dub, three times, at 72 beats a minute.", seconds: 2.5 },
  { slug: "explosion", name: "Explosion", category: "reactions", description: "A blast with a deep boom, fading into rumble.", seconds: 2.5 },
  { slug: "pop", name: "Pop", category: "reactions", description: "A short bubbly pop.", seconds: 0.3 },
  { slug: "clock-tick", name: "Clock tick", category: "reactions", description: "Tick, tock, tick, tock.", seconds: 2 },
];
