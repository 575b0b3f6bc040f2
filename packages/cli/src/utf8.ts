/**
 * Where a byte sequence stops being UTF-8. The server only ever sees decoded
 * strings, so a file in another encoding (Latin-1, UTF-16) or a binary file
 * must be caught here, before decoding would silently turn it into U+FFFD.
 * The rules are those of the WHATWG decoder that TextDecoder implements:
 * no overlong forms, no surrogates, nothing above U+10FFFF.
 */
export function firstInvalidUtf8Byte(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i]!;
    if (b < 0x80) {
      i++;
      continue;
    }
    let needed: number;
    let lower = 0x80;
    let upper = 0xbf;
    if (b >= 0xc2 && b <= 0xdf) needed = 1;
    else if (b >= 0xe0 && b <= 0xef) {
      needed = 2;
      if (b === 0xe0) lower = 0xa0;
      if (b === 0xed) upper = 0x9f;
    } else if (b >= 0xf0 && b <= 0xf4) {
      needed = 3;
      if (b === 0xf0) lower = 0x90;
      if (b === 0xf4) upper = 0x8f;
    } else return i;
    for (let k = 1; k <= needed; k++) {
      const c = bytes[i + k];
      if (c === undefined) return i;
      if (k === 1 ? c < lower || c > upper : c < 0x80 || c > 0xbf) return i;
    }
    i += needed + 1;
  }
  return -1;
}

const strict = new TextDecoder("utf-8", { fatal: true });

export type DecodeResult = { ok: true; text: string } | { ok: false; offset: number; byte: number; validPrefix: string };

/** Decodes strictly (a leading byte order mark is dropped, as the server would drop it). */
export function decodeUtf8(bytes: Uint8Array): DecodeResult {
  try {
    return { ok: true, text: strict.decode(bytes) };
  } catch {
    const offset = Math.max(0, firstInvalidUtf8Byte(bytes));
    return { ok: false, offset, byte: bytes[offset] ?? 0, validPrefix: strict.decode(bytes.subarray(0, offset)) };
  }
}
