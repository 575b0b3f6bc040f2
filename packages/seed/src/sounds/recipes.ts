/**
 * How each seeded sound is drawn (synth.ts), by slug: oscillators for the
 * tonal ones, filtered noise for weather and crowds, envelopes for their
 * shape. The catalogue's data (catalogue.ts) names, sorts and describes them.
 */
import { glide, midi, type Synth, vibrato } from "./synth";

type Recipe = (s: Synth) => void;

/** A bell: a few inharmonic partials, each fading on its own. */
function bell(s: Synth, at: number, freq: number, dur: number, gain = 0.5) {
  s.tone({ at, dur, freq, gain, decay: dur / 3 });
  s.tone({ at, dur, freq: freq * 2.01, gain: gain * 0.4, decay: dur / 5 });
  s.tone({ at, dur, freq: freq * 2.76, gain: gain * 0.25, decay: dur / 8 });
  s.tone({ at, dur: dur / 2, freq: freq * 5.4, gain: gain * 0.1, decay: dur / 20 });
}

/** A short chip-tune note. */
function chip(s: Synth, at: number, note: number, dur: number, gain = 0.3, wave: "square" | "triangle" = "square") {
  s.tone({ at, dur, freq: midi(note), wave, gain, attack: 0.003, release: Math.min(0.04, dur / 3), lowpass: 6000 });
}

/** A brass-like note: a filtered saw whose brightness opens with the attack. */
function brass(s: Synth, at: number, note: number, dur: number, gain = 0.3) {
  s.tone({
    at,
    dur,
    freq: vibrato(midi(note), 5.5, 0.004),
    wave: "saw",
    gain,
    attack: 0.04,
    release: 0.08,
    lowpass: (t) => 600 + 2600 * Math.min(1, t / 0.08),
  });
  s.tone({ at, dur, freq: midi(note) * 1.003, wave: "saw", gain: gain * 0.5, attack: 0.05, release: 0.08, lowpass: 1800 });
}

/** A drum: a sine whose pitch falls fast, and a click of noise. */
function drum(s: Synth, at: number, from: number, to: number, dur: number, gain = 0.8) {
  s.tone({ at, dur, freq: glide(from, to, dur / 3), gain, attack: 0.002, decay: dur / 4 });
  s.noise({ at, dur: 0.03, gain: gain * 0.3, lowpass: 3000, attack: 0.001, decay: 0.01 });
}

/** A snare hit: noise with a tonal body. */
function snare(s: Synth, at: number, gain = 0.5) {
  s.noise({ at, dur: 0.15, gain, highpass: 1200, attack: 0.001, decay: 0.04 });
  s.tone({ at, dur: 0.08, freq: 190, gain: gain * 0.5, attack: 0.001, decay: 0.02 });
}

/** Many short random events (claps, drops, crackles) over a span. */
function scatter(s: Synth, from: number, to: number, count: number, event: (at: number, strength: number) => void) {
  for (let index = 0; index < count; index++) event(from + s.random() * (to - from), 0.4 + 0.6 * s.random());
}

export const recipes: Record<string, Recipe> = {
  chime(s) {
    [76, 81, 88].forEach((note, index) => {
      bell(s, index * 0.12, midi(note), 1.4 - index * 0.12, 0.4);
    });
  },
  ding(s) {
    bell(s, 0, 880, 1.2, 0.6);
  },
  notification(s) {
    chip(s, 0, 84, 0.12, 0.3, "triangle");
    chip(s, 0.13, 91, 0.3, 0.3, "triangle");
  },
  doorbell(s) {
    bell(s, 0, midi(76), 0.9, 0.5);
    bell(s, 0.55, midi(72), 1.05, 0.5);
  },
  success(s) {
    [72, 76, 79, 84].forEach((note, index) => {
      s.tone({ at: index * 0.1, dur: 0.8 - index * 0.1, freq: midi(note), wave: "triangle", gain: 0.3, decay: 0.25 });
    });
  },
  "error-buzz"(s) {
    for (const at of [0, 0.3]) {
      s.tone({ at, dur: 0.25, freq: 110, wave: "square", gain: 0.3, lowpass: 1500, release: 0.03 });
      s.tone({ at, dur: 0.25, freq: 116.5, wave: "square", gain: 0.3, lowpass: 1500, release: 0.03 });
    }
  },
  coin(s) {
    chip(s, 0, 83, 0.08);
    s.tone({ at: 0.08, dur: 0.42, freq: midi(88), wave: "square", gain: 0.3, decay: 0.15, lowpass: 6000 });
  },
  "level-up"(s) {
    [72, 76, 79, 84, 88, 91, 96].forEach((note, index) => {
      chip(s, index * 0.07, note, index === 6 ? 0.45 : 0.07);
    });
  },
  "power-up"(s) {
    s.tone({ at: 0, dur: 0.8, freq: vibrato(glide(200, 1200, 0.8), 18, 0.08), wave: "square", gain: 0.3, lowpass: 5000, release: 0.1 });
  },
  laser(s) {
    s.tone({ at: 0, dur: 0.35, freq: glide(1800, 180, 0.3), wave: "saw", gain: 0.4, attack: 0.002, decay: 0.15, lowpass: 7000 });
  },
  jump(s) {
    s.tone({ at: 0, dur: 0.3, freq: glide(300, 750, 0.25), wave: "square", gain: 0.3, lowpass: 4000, release: 0.05 });
  },
  "game-over"(s) {
    [67, 64, 60].forEach((note, index) => {
      chip(s, index * 0.3, note, 0.28);
    });
    s.tone({ at: 0.9, dur: 0.8, freq: vibrato(midi(55), 6, 0.02), wave: "square", gain: 0.3, lowpass: 2500, decay: 0.5 });
  },
  whoosh(s) {
    s.noise({ at: 0, dur: 1, gain: 0.8, lowpass: (t) => 300 + 3500 * Math.sin(Math.PI * t), amp: (t) => Math.sin(Math.PI * t) ** 2, release: 0.05 });
  },
  riser(s) {
    s.noise({ at: 0, dur: 3, gain: 0.5, highpass: (t) => 200 + 3000 * (t / 3), amp: (t) => (t / 3) ** 2, release: 0.05 });
    s.tone({ at: 0, dur: 3, freq: glide(150, 1500, 3), wave: "saw", gain: 0.25, lowpass: 3000, amp: (t) => (t / 3) ** 1.5, release: 0.05 });
  },
  downlifter(s) {
    s.tone({ at: 0, dur: 2, freq: glide(1400, 90, 2), wave: "saw", gain: 0.3, lowpass: 2500, amp: (t) => 1 - t / 2.2 });
    s.noise({ at: 0, dur: 2, gain: 0.3, lowpass: (t) => 6000 - 2800 * t, amp: (t) => 1 - t / 2.1 });
  },
  impact(s) {
    s.tone({ at: 0, dur: 1.5, freq: glide(90, 35, 0.8), gain: 0.9, attack: 0.002, decay: 0.45 });
    s.noise({ at: 0, dur: 0.8, gain: 0.6, lowpass: (t) => 8000 * Math.exp(-t * 6) + 200, attack: 0.001, decay: 0.18 });
  },
  fanfare(s) {
    const notes: [number, number, number][] = [
      [0, 67, 0.15],
      [0.18, 67, 0.15],
      [0.36, 67, 0.15],
      [0.54, 72, 1.3],
    ];
    for (const [at, note, dur] of notes) {
      brass(s, at, note, dur);
      brass(s, at, note + 4, dur, 0.2);
      if (dur > 1) brass(s, at, note + 7, dur, 0.2);
    }
  },
  "drum-roll"(s) {
    let at = 0;
    let gap = 0.09;
    while (at < 2.3) {
      snare(s, at, 0.2 + 0.3 * (at / 2.3));
      at += gap;
      gap = Math.max(0.035, gap * 0.97);
    }
    drum(s, 2.35, 120, 55, 0.6, 0.8);
    s.noise({ at: 2.35, dur: 0.65, gain: 0.5, highpass: 5000, attack: 0.001, decay: 0.3 });
  },
  "sad-trombone"(s) {
    const notes: [number, number, number][] = [
      [0, 62, 0.45],
      [0.5, 61, 0.45],
      [1, 60, 0.45],
    ];
    for (const [at, note, dur] of notes) s.tone({ at, dur, freq: midi(note), wave: "saw", gain: 0.35, attack: 0.05, release: 0.08, lowpass: 900 });
    s.tone({ at: 1.5, dur: 1.3, freq: vibrato(midi(59), 5, 0.025), wave: "saw", gain: 0.35, attack: 0.05, release: 0.3, lowpass: 900 });
  },
  rimshot(s) {
    drum(s, 0, 220, 140, 0.25, 0.6);
    drum(s, 0.22, 150, 80, 0.35, 0.8);
    s.noise({ at: 0.55, dur: 0.65, gain: 0.5, highpass: 6000, attack: 0.002, decay: 0.25 });
  },
  "harp-glissando"(s) {
    const scale = [0, 2, 4, 5, 7, 9, 11];
    for (let index = 0; index < 15; index++) {
      const note = 60 + 12 * Math.floor(index / 7) + scale[index % 7]!;
      s.tone({ at: index * 0.06, dur: 1.8 - index * 0.06, freq: midi(note), wave: "triangle", gain: 0.2, attack: 0.002, decay: 0.35 });
    }
  },
  thunder(s) {
    s.noise({ at: 0, dur: 0.4, gain: 0.7, lowpass: 4000, attack: 0.002, decay: 0.08 });
    s.noise({ at: 0.05, dur: 3.95, gain: 1.2, lowpass: 180, attack: 0.1, decay: 1.4, amp: (t) => 0.6 + 0.4 * Math.sin(7 * t) * Math.sin(2.3 * t) });
    s.noise({ at: 0.4, dur: 2.5, gain: 0.5, lowpass: 500, attack: 0.3, decay: 0.8 });
  },
  rain(s) {
    s.noise({ at: 0, dur: 3, gain: 0.25, lowpass: 5000, highpass: 800, attack: 0.3, release: 0.3 });
    scatter(s, 0, 2.95, 260, (at, strength) => s.noise({ at, dur: 0.02, gain: 0.35 * strength, highpass: 2500, attack: 0.001, decay: 0.004 }));
  },
  wind(s) {
    s.noise({
      at: 0,
      dur: 3.5,
      gain: 1,
      lowpass: (t) => 350 + 250 * Math.sin(1.3 * t) + 150 * Math.sin(3.1 * t),
      amp: (t) => 0.6 + 0.4 * Math.sin(0.9 * t + 1),
      attack: 0.6,
      release: 0.6,
    });
  },
  "ocean-waves"(s) {
    s.noise({
      at: 0,
      dur: 4,
      gain: 0.9,
      lowpass: (t) => 500 + 1500 * Math.sin((Math.PI * t) / 2) ** 2,
      amp: (t) => 0.15 + 0.85 * Math.sin((Math.PI * t) / 2) ** 4,
      release: 0.3,
    });
  },
  campfire(s) {
    s.noise({ at: 0, dur: 3, gain: 0.6, lowpass: 250, attack: 0.3, release: 0.3 });
    scatter(s, 0, 2.95, 70, (at, strength) => s.noise({ at, dur: 0.015, gain: 0.7 * strength, highpass: 1500, attack: 0.0005, decay: 0.003 }));
  },
  birdsong(s) {
    for (const at of [0, 0.18, 0.36, 0.9, 1.05, 1.5]) {
      s.tone({ at, dur: 0.12, freq: glide(2500 + 600 * s.random(), 4200, 0.1), gain: 0.3, attack: 0.01, release: 0.04 });
    }
  },
  applause(s) {
    s.noise({ at: 0, dur: 3, gain: 0.15, lowpass: 3000, highpass: 600, attack: 0.2, release: 0.6 });
    scatter(s, 0, 2.9, 420, (at, strength) =>
      s.noise({ at, dur: 0.03, gain: 0.3 * strength * (at < 2.2 ? 1 : (2.9 - at) / 0.7), lowpass: 2500, highpass: 800, attack: 0.001, decay: 0.008 }),
    );
  },
  heartbeat(s) {
    for (let beat = 0; beat < 3; beat++) {
      const at = beat * 0.83;
      drum(s, at, 70, 45, 0.18, 0.9);
      drum(s, at + 0.22, 60, 40, 0.16, 0.7);
    }
  },
  explosion(s) {
    s.noise({ at: 0, dur: 2.5, gain: 1, lowpass: (t) => 6000 * Math.exp(-t * 3) + 120, attack: 0.002, decay: 0.7 });
    s.tone({ at: 0, dur: 1.5, freq: glide(80, 30, 1), gain: 0.9, attack: 0.002, decay: 0.4 });
  },
  pop(s) {
    s.tone({ at: 0, dur: 0.3, freq: glide(900, 200, 0.06), gain: 0.8, attack: 0.001, decay: 0.04 });
  },
  "clock-tick"(s) {
    for (let index = 0; index < 4; index++) {
      s.noise({ at: index * 0.5, dur: 0.03, gain: 0.6, highpass: index % 2 ? 1800 : 3500, attack: 0.0005, decay: 0.006 });
      s.tone({ at: index * 0.5, dur: 0.04, freq: index % 2 ? 1500 : 2200, gain: 0.3, attack: 0.0005, decay: 0.008 });
    }
  },
};
