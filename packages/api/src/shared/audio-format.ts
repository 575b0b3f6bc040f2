/**
 * What audio a file holds, told from its bytes (magic numbers), never from a
 * name; and, for WAV, its length from the header. Used by the operator CLI
 * when it adds a catalogue sound (sounds/) and by uploads to the asset library
 * (assets/audio.ts).
 */
import type { SoundFormat } from "@streamkit/api-contract";

const ascii = (bytes: Uint8Array, offset: number, length: number) => String.fromCharCode(...bytes.subarray(offset, offset + length));

/** The media type of the audio in these bytes, or null when it is none the catalogue takes. */
export function detectAudioFormat(bytes: Uint8Array): SoundFormat | null {
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 4) === "WAVE") return "audio/wav";
  if (bytes.length >= 4 && ascii(bytes, 0, 4) === "OggS") return "audio/ogg";
  if (bytes.length >= 4 && ascii(bytes, 0, 4) === "fLaC") return "audio/flac";
  if (bytes.length >= 4 && bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3) return "audio/webm";
  if (bytes.length >= 12 && ascii(bytes, 4, 4) === "ftyp") return "audio/mp4";
  if (bytes.length >= 3 && ascii(bytes, 0, 3) === "ID3") return "audio/mpeg";
  // An MPEG audio frame: 11 sync bits, a valid version and layer III, II or I.
  if (bytes.length >= 2 && bytes[0] === 0xff && (bytes[1]! & 0xe0) === 0xe0 && (bytes[1]! & 0x18) !== 0x08 && (bytes[1]! & 0x06) !== 0) return "audio/mpeg";
  return null;
}

export interface WavInfo {
  sampleRate: number;
  channels: number;
  bitsPerSample: number;
  durationMs: number;
}

/** Reads a WAV's `fmt ` and `data` chunks; null when the header is not a readable WAV. */
export function readWavInfo(bytes: Uint8Array): WavInfo | null {
  if (detectAudioFormat(bytes) !== "audio/wav") return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let fmt: { channels: number; sampleRate: number; byteRate: number; bitsPerSample: number } | undefined;
  for (let offset = 12; offset + 8 <= bytes.length; ) {
    const id = ascii(bytes, offset, 4);
    const size = view.getUint32(offset + 4, true);
    const body = offset + 8;
    if (id === "fmt " && size >= 16 && body + 16 <= bytes.length) {
      fmt = {
        channels: view.getUint16(body + 2, true),
        sampleRate: view.getUint32(body + 4, true),
        byteRate: view.getUint32(body + 8, true),
        bitsPerSample: view.getUint16(body + 14, true),
      };
    } else if (id === "data") {
      if (!fmt || fmt.byteRate === 0) return null;
      const dataBytes = Math.min(size, bytes.length - body);
      return {
        sampleRate: fmt.sampleRate,
        channels: fmt.channels,
        bitsPerSample: fmt.bitsPerSample,
        durationMs: Math.round((dataBytes / fmt.byteRate) * 1000),
      };
    }
    offset = body + size + (size % 2);
  }
  return null;
}
