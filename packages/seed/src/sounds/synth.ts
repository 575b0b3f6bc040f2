/**
 * A tiny deterministic synthesiser for the seeded sound catalogue: oscillators
 * with pitch curves, filtered noise, envelopes, and a 16-bit PCM mono WAV
 * encoder. Pure TypeScript, no I/O: the same recipe gives the same bytes on
 * every machine (the noise comes from a seeded generator), so the catalogue's
 * content-addressed blobs and ETags are the same everywhere.
 */

export type Wave = "sine" | "square" | "saw" | "triangle";
/** A value that may change over the voice's life; `t` is seconds since the voice started. */
export type Curve = number | ((t: number) => number);

export interface Envelope {
  /** Seconds from silence to full level. */
  attack?: number;
  /** Time constant in seconds of an exponential fall after the attack; absent: the level holds. */
  decay?: number;
  /** Seconds of fade to silence at the end. */
  release?: number;
  /** Extra level multiplier over time (tremolo, swells). */
  amp?: (t: number) => number;
}

export interface ToneVoice extends Envelope {
  at: number;
  dur: number;
  freq: Curve;
  wave?: Wave;
  gain?: number;
  /** One-pole low-pass cutoff in Hz, to soften bright waves. */
  lowpass?: Curve;
}

export interface NoiseVoice extends Envelope {
  at: number;
  dur: number;
  gain?: number;
  /** One-pole low-pass cutoff in Hz. */
  lowpass?: Curve;
  /** One-pole high-pass cutoff in Hz. */
  highpass?: Curve;
}

/** mulberry32: small, fast and deterministic; enough for noise. */
export function createRng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const valueAt = (curve: Curve, t: number) => (typeof curve === "number" ? curve : curve(t));
const onePole = (cutoff: number, sampleRate: number) => 1 - Math.exp((-2 * Math.PI * Math.max(1, cutoff)) / sampleRate);

function level(envelope: Envelope, t: number, dur: number): number {
  const attack = envelope.attack ?? 0.005;
  let value = t < attack ? t / attack : 1;
  if (envelope.decay !== undefined && t >= attack) value *= Math.exp(-(t - attack) / envelope.decay);
  const release = envelope.release ?? 0.01;
  if (t > dur - release) value *= Math.max(0, (dur - t) / release);
  return envelope.amp ? value * envelope.amp(t) : value;
}

function oscillator(wave: Wave, phase: number): number {
  const p = phase - Math.floor(phase);
  switch (wave) {
    case "sine":
      return Math.sin(2 * Math.PI * p);
    case "square":
      return p < 0.5 ? 1 : -1;
    case "saw":
      return 2 * p - 1;
    case "triangle":
      return p < 0.5 ? 4 * p - 1 : 3 - 4 * p;
  }
}

/** A buffer of samples being drawn into; voices add up, encodeWav normalises. */
export class Synth {
  readonly samples: Float32Array;

  constructor(
    readonly seconds: number,
    readonly sampleRate: number,
    readonly random: () => number,
  ) {
    this.samples = new Float32Array(Math.round(seconds * sampleRate));
  }

  private span(at: number, dur: number): [number, number] {
    const first = Math.max(0, Math.round(at * this.sampleRate));
    const last = Math.min(this.samples.length, Math.round((at + dur) * this.sampleRate));
    return [first, last];
  }

  tone(voice: ToneVoice): this {
    const [first, last] = this.span(voice.at, voice.dur);
    const gain = voice.gain ?? 0.5;
    const wave = voice.wave ?? "sine";
    let phase = 0;
    let filtered = 0;
    for (let index = first; index < last; index++) {
      const t = (index - first) / this.sampleRate;
      phase += valueAt(voice.freq, t) / this.sampleRate;
      let sample = oscillator(wave, phase);
      if (voice.lowpass !== undefined) {
        filtered += onePole(valueAt(voice.lowpass, t), this.sampleRate) * (sample - filtered);
        sample = filtered;
      }
      this.samples[index]! += sample * gain * level(voice, t, voice.dur);
    }
    return this;
  }

  noise(voice: NoiseVoice): this {
    const [first, last] = this.span(voice.at, voice.dur);
    const gain = voice.gain ?? 0.5;
    let low = 0;
    let high = 0;
    for (let index = first; index < last; index++) {
      const t = (index - first) / this.sampleRate;
      let sample = this.random() * 2 - 1;
      if (voice.lowpass !== undefined) {
        low += onePole(valueAt(voice.lowpass, t), this.sampleRate) * (sample - low);
        sample = low;
      }
      if (voice.highpass !== undefined) {
        high += onePole(valueAt(voice.highpass, t), this.sampleRate) * (sample - high);
        sample -= high;
      }
      this.samples[index]! += sample * gain * level(voice, t, voice.dur);
    }
    return this;
  }
}

/** A pitch glide from one frequency to another over `dur` seconds, exponential like a real sweep. */
export const glide =
  (from: number, to: number, dur: number): ((t: number) => number) =>
  (t) =>
    from * (to / from) ** Math.min(1, t / dur);

/** Vibrato around a frequency. */
export const vibrato =
  (freq: Curve, rate: number, depth: number): ((t: number) => number) =>
  (t) =>
    valueAt(freq, t) * (1 + depth * Math.sin(2 * Math.PI * rate * t));

/** A note's frequency from its MIDI number (69 = A4 = 440 Hz). */
export const midi = (note: number) => 440 * 2 ** ((note - 69) / 12);

export interface Rendered {
  samples: Float32Array;
  sampleRate: number;
}

/** Draws a recipe into a fresh buffer; the seed makes its noise repeatable. */
export function render(seconds: number, sampleRate: number, seed: number, draw: (synth: Synth) => void): Rendered {
  const synth = new Synth(seconds, sampleRate, createRng(seed));
  draw(synth);
  return { samples: synth.samples, sampleRate };
}

/** Peak level after normalising: a little headroom below full scale. */
const PEAK = 0.89;

/** 16-bit PCM mono WAV (RIFF/WAVE, a `fmt ` and a `data` chunk), normalised to a fixed peak, with 5 ms fades so it never clicks. */
export function encodeWav({ samples, sampleRate }: Rendered): Uint8Array {
  let peak = 0;
  for (const sample of samples) peak = Math.max(peak, Math.abs(sample));
  const scale = peak > 0 ? PEAK / peak : 0;
  const fade = Math.min(Math.floor(samples.length / 2), Math.round(sampleRate * 0.005));
  const dataBytes = samples.length * 2;
  const bytes = new Uint8Array(44 + dataBytes);
  const view = new DataView(bytes.buffer);
  const ascii = (offset: number, text: string) => {
    for (let index = 0; index < text.length; index++) bytes[offset + index] = text.charCodeAt(index);
  };
  ascii(0, "RIFF");
  view.setUint32(4, 36 + dataBytes, true);
  ascii(8, "WAVE");
  ascii(12, "fmt ");
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * 2, true);
  view.setUint16(32, 2, true);
  view.setUint16(34, 16, true);
  ascii(36, "data");
  view.setUint32(40, dataBytes, true);
  for (let index = 0; index < samples.length; index++) {
    const edge = Math.min(1, index / Math.max(1, fade), (samples.length - 1 - index) / Math.max(1, fade));
    const value = Math.max(-1, Math.min(1, samples[index]! * scale * edge));
    view.setInt16(44 + index * 2, Math.round(value * 32767), true);
  }
  return bytes;
}
