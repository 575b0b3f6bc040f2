/**
 * RFC 9110 byte ranges (§14) for raw routes that serve immutable bytes: the
 * Range header read against a size, and If-Range. One range only: a request
 * for several is answered whole (200), as §14.2 lets a server ignore Range,
 * so no multipart/byteranges is ever produced.
 */
import type { ByteRange } from "../shared/blobs/index";

export type RangeDecision =
  /** Serve everything: no Range, one that is invalid or not in bytes, several ranges, or an If-Range that no longer matches. */
  | { kind: "whole" }
  | { kind: "partial"; range: ByteRange }
  /** Nothing of the representation is in the range: 416 with Content-Range: bytes *\/size. */
  | { kind: "unsatisfiable" };

const spec = /^(\d*)-(\d*)$/;

/** The answer a Range header calls for, against a representation of `size` bytes. */
export function decideRange(header: string | null, size: number): RangeDecision {
  if (header === null) return { kind: "whole" };
  const match = /^\s*bytes\s*=\s*(.+)$/i.exec(header);
  if (!match) return { kind: "whole" };
  const specs = match[1]!.split(",").map((part) => part.trim());
  if (specs.length !== 1) return { kind: "whole" };
  const parsed = spec.exec(specs[0]!);
  if (!parsed || (parsed[1] === "" && parsed[2] === "")) return { kind: "whole" };
  const [, first, last] = parsed;
  // Positions beyond 2^53 are simply past the end of anything stored.
  if (first === "") {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return { kind: "unsatisfiable" };
    return { kind: "partial", range: { start: Math.max(0, size - suffix), end: size - 1 } };
  }
  const start = Number(first);
  const end = last === "" ? Number.POSITIVE_INFINITY : Number(last);
  if (end < start) return { kind: "whole" };
  if (start >= size) return { kind: "unsatisfiable" };
  return { kind: "partial", range: { start, end: Math.min(end, size - 1) } };
}

/**
 * RFC 9110 §13.1.5: a Range applies only while If-Range still names the
 * current representation — by a strong comparison of entity tags. A weak tag
 * never matches, and a date never does either, since these answers carry no
 * Last-Modified.
 */
export function ifRangeHolds(ifRange: string | null, etag: string): boolean {
  if (ifRange === null) return true;
  const value = ifRange.trim();
  return value.startsWith('"') && value === etag;
}
