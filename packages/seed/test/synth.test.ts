/**
 * The seeded catalogue's data (24+ sounds, 5+ categories, a recipe each) and
 * the synthesiser's basics; packages/api's sounds-synth test checks every
 * seeded sound's WAV against the format detection the operator CLI relies on.
 */
import { soundCategories } from "@streamkit/api-contract";
import { describe, expect, it } from "vitest";
import { createRng, encodeWav, recipes, render, seededSounds } from "../src/index";

function pcm(bytes: Uint8Array): Int16Array {
  return new Int16Array(bytes.buffer.slice(bytes.byteOffset + 44, bytes.byteOffset + bytes.byteLength));
}

describe("the seeded catalogue's data", () => {
  it("has at least 24 sounds in at least five categories, each with a recipe, a known category and a length of 0.3–4 s", () => {
    expect(seededSounds.length).toBeGreaterThanOrEqual(24);
    const categories = new Set(seededSounds.map((sound) => sound.category));
    expect(categories.size).toBeGreaterThanOrEqual(5);
    for (const category of categories) expect(soundCategories.map((c) => c.slug)).toContain(category);
    expect(new Set(seededSounds.map((sound) => sound.slug)).size).toBe(seededSounds.length);
    for (const sound of seededSounds) {
      expect(recipes[sound.slug], sound.slug).toBeTypeOf("function");
      expect(sound.seconds).toBeGreaterThanOrEqual(0.3);
      expect(sound.seconds).toBeLessThanOrEqual(4);
    }
    expect(Object.keys(recipes).sort()).toEqual(seededSounds.map((sound) => sound.slug).sort());
  });
});

describe("the synthesiser", () => {
  it("draws a sine of the asked frequency (zero crossings of one second of 440 Hz)", () => {
    const wav = encodeWav(render(1, 22_050, 1, (s) => s.tone({ at: 0, dur: 1, freq: 440, attack: 0, release: 0 })));
    const samples = pcm(wav);
    let crossings = 0;
    for (let index = 1; index < samples.length; index++) if (samples[index - 1]! < 0 && samples[index]! >= 0) crossings++;
    expect(crossings).toBeGreaterThanOrEqual(438);
    expect(crossings).toBeLessThanOrEqual(441);
  });

  it("encodes silence as silence, and the noise generator repeats with its seed", () => {
    expect(pcm(encodeWav(render(0.5, 22_050, 1, () => {}))).every((sample) => sample === 0)).toBe(true);
    const a = createRng(42);
    const b = createRng(42);
    const c = createRng(43);
    const first = Array.from({ length: 5 }, a);
    expect(Array.from({ length: 5 }, b)).toEqual(first);
    expect(Array.from({ length: 5 }, c)).not.toEqual(first);
    expect(first.every((value) => value >= 0 && value < 1)).toBe(true);
  });
});
