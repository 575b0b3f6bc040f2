/**
 * The seeded catalogue's synthesiser: valid 16-bit PCM mono WAV, the length
 * the catalogue states, the same bytes every time, never silent, never
 * clipped; and the format detection the operator CLI relies on. The
 * catalogue's data and the synthesiser's basics are tested in packages/seed.
 */
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { detectAudioFormat, readWavInfo } from "../../src/shared/audio-format";
import { encodeWav, render, seededSampleRate, seededSounds, synthesiseSound } from "@streamkit/seed";

const ascii = (bytes: Uint8Array, offset: number, length: number) => Buffer.from(bytes.subarray(offset, offset + length)).toString("latin1");

function pcm(bytes: Uint8Array): Int16Array {
  return new Int16Array(bytes.buffer.slice(bytes.byteOffset + 44, bytes.byteOffset + bytes.byteLength));
}

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
