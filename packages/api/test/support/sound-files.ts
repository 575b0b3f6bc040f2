import { encodeWav } from "@streamkit/seed";

/**
 * Small audio files for upload tests (docs/overlays.md#uploaded-alert-sounds): a real WAV of `samples` samples (its
 * size is 44 + 2 × samples; `seed` makes its content distinct), and Ogg and MP3 files whose headers are what the
 * library checks (the service never decodes audio).
 */
export function wavFile(samples = 800, seed = 1): Uint8Array<ArrayBuffer> {
  const data = new Float32Array(samples);
  for (let i = 0; i < samples; i++) data[i] = Math.sin((i * (seed + 2)) / 7);
  return new Uint8Array(encodeWav({ samples: data, sampleRate: 8000 }));
}

/** An Ogg page header ("OggS", version 0, a Vorbis identification packet) and some bytes. */
export function oggFile(seed = 1): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(512);
  bytes.set(new TextEncoder().encode("OggS"), 0);
  bytes[5] = 0x02; // beginning of stream
  bytes.set(new TextEncoder().encode("\x01vorbis"), 28);
  for (let i = 40; i < bytes.length; i++) bytes[i] = (i * seed) % 251;
  return bytes;
}

/** MPEG-1 layer III frames (128 kbit/s, 44.1 kHz: 417 bytes each); with `tags`, an ID3v2 tag before and an ID3v1 tag after. */
export function mp3File(options: { frames?: number; tags?: boolean; seed?: number } = {}): { file: Uint8Array<ArrayBuffer>; audio: Uint8Array } {
  const frames = options.frames ?? 4;
  const audio = new Uint8Array(frames * 417);
  for (let f = 0; f < frames; f++) {
    audio.set([0xff, 0xfb, 0x90, 0x64], f * 417);
    for (let i = 4; i < 417; i++) audio[f * 417 + i] = (i + f + (options.seed ?? 1)) % 256;
  }
  if (!options.tags) return { file: new Uint8Array(audio), audio };
  const title = new TextEncoder().encode("TIT2\x00\x00\x00\x0c\x00\x00\x00Private title");
  const id3v2 = new Uint8Array(10 + title.length);
  id3v2.set([0x49, 0x44, 0x33, 0x04, 0x00, 0x00, 0, 0, 0, title.length], 0);
  id3v2.set(title, 10);
  const id3v1 = new Uint8Array(128);
  id3v1.set(new TextEncoder().encode("TAGSecret song"), 0);
  const file = new Uint8Array(id3v2.length + audio.length + id3v1.length);
  file.set(id3v2, 0);
  file.set(audio, id3v2.length);
  file.set(id3v1, id3v2.length + audio.length);
  return { file, audio };
}
