/**
 * The seeded catalogue's synthesiser: valid 16-bit PCM mono WAV, the length
 * the catalogue states, the same bytes every time, never silent, never
 * clipped; the catalogue's data (24+ sounds, 5+ categories, a recipe each);
 * and the format detection the operator CLI relies on.
 */
import { createHash } from "node:crypto";
import { soundCategories } from "@streamkit/api-contract";
import { describe, expect, it } from "vitest";
import { detectAudioFormat, readWavInfo } from "../../src/sounds/audio-format";
import { seededSampleRate, seededSounds } from "../../src/sounds/catalogue";
import { recipes } from "../../src/sounds/recipes";
import { synthesiseSound } from "../../src/sounds/seed";
import { createRng, encodeWav, render } from "../../src/sounds/synth";

const ascii = (bytes: Uint8Array, offset: number, length: number) => Buffer.from(bytes.subarray(offset, offset + length)).toString("latin1");

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

describe.each(seededSounds.map((sound) => [sound.slug, sound] as const))("%s", (_slug, sound) => {
  const bytes = synthesiseSound(sound);

  it("is a RIFF/WAVE file of 16-bit PCM mono at the catalogue's rate, as long as stated", () => {
    expect(ascii(bytes, 0, 4)).toBe("RIFF");
    expect(new DataView(bytes.buffer, bytes.byteOffset).getUint32(4, true)).toBe(bytes.byteLength - 8);
    expect(ascii(bytes, 8, 4)).toBe("WAVE");
    expect(detectAudioFormat(bytes)).toBe("audio/wav");
    expect(readWavInfo(bytes)).toEqual({ sampleRate: seededSampleRate, channels: 1, bitsPerSample: 16, durationMs: Math.round(sound.seconds * 1000) });
    expect(bytes.byteLength).toBe(44 + Math.round(sound.seconds * seededSampleRate) * 2);
  });

  it("is the same bytes every time", () => {
    const again = synthesiseSound(sound);
    expect(createHash("sha256").update(again).digest("hex")).toBe(createHash("sha256").update(bytes).digest("hex"));
  });

  it("is not silent, peaks just under full scale and starts and ends at silence", () => {
    const samples = pcm(bytes);
    let peak = 0;
    let energy = 0;
    for (const sample of samples) {
      peak = Math.max(peak, Math.abs(sample));
      energy += sample * sample;
    }
    const rms = Math.sqrt(energy / samples.length);
    expect(peak).toBeGreaterThan(20_000);
    expect(peak).toBeLessThan(32_767);
    expect(rms).toBeGreaterThan(300);
    expect(samples[0]).toBe(0);
    expect(Math.abs(samples[samples.length - 1]!)).toBeLessThan(50);
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

describe("audio formats by their bytes", () => {
  const bytes = (...values: (number | string)[]) =>
    Uint8Array.from(values.flatMap((value) => (typeof value === "string" ? [...Buffer.from(value, "latin1")] : [value])));

  it.each([
    ["MP3 with an ID3 tag", bytes("ID3", 4, 0, 0, 0, 0, 0, 0), "audio/mpeg"],
    ["an MPEG frame", bytes(0xff, 0xfb, 0x90, 0x64), "audio/mpeg"],
    ["Ogg", bytes("OggS", 0, 2), "audio/ogg"],
    ["FLAC", bytes("fLaC", 0, 0, 0, 34), "audio/flac"],
    ["WebM", bytes(0x1a, 0x45, 0xdf, 0xa3, 1), "audio/webm"],
    ["MP4", bytes(0, 0, 0, 0x20, "ftypM4A ", 0), "audio/mp4"],
  ])("%s", (_name, input, format) => {
    expect(detectAudioFormat(input)).toBe(format);
  });

  it.each([
    ["text", bytes("hello, world")],
    ["PNG", bytes(0x89, "PNG", 13, 10, 26, 10)],
    ["RIFF that is not WAVE", bytes("RIFF", 0, 0, 0, 0, "AVI ")],
    ["nothing", bytes()],
  ])("refuses %s", (_name, input) => {
    expect(detectAudioFormat(input)).toBeNull();
    expect(readWavInfo(input)).toBeNull();
  });

  it("reads a WAV's length past other chunks, and refuses one without a data chunk", () => {
    const wav = encodeWav(render(0.5, 8000, 1, (s) => s.tone({ at: 0, dur: 0.5, freq: 100 })));
    const list = bytes("LIST", 4, 0, 0, 0, "INFO");
    const withList = new Uint8Array([...wav.subarray(0, 36), ...list, ...wav.subarray(36)]);
    expect(readWavInfo(withList)).toEqual({ sampleRate: 8000, channels: 1, bitsPerSample: 16, durationMs: 500 });
    expect(readWavInfo(wav.subarray(0, 36))).toBeNull();
  });
});
