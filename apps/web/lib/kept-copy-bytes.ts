/**
 * The bytes of the cached pages' copies, kept by server.ts for a few seconds
 * so a copy asked for again is written straight to the socket: no rewrite, no
 * route matching, no header rewriting, no read of Next's cache entry. Next
 * answers the first request of a copy (and one every KEPT_FOR_MS after), and
 * its answer — status, headers and body exactly as written — is what is kept.
 *
 * Only a plain GET is answered from the kept bytes: no query, no conditional
 * or range header, none of Next's own client-navigation headers (those get
 * the RSC payload, not the page); everything else goes to Next as before.
 * The key is the copy's name (its region and data version: a publish names a
 * new one at once), its path, whether it is a members' copy, and the
 * Accept-Encoding, since Next compresses what it writes.
 */
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import { boundedCache } from "@streamkit/api";

/**
 * How long bytes are answered before Next is asked again: what Next itself re-renders once a minute
 * (download counts) shows this much later at most. Short, so that lag stays small.
 */
export const KEPT_FOR_MS = 5_000;
/** At most this many copies and bytes of pages, over all kept copies (each is one page's HTML, tens of KiB). */
const LIMITS = { maxEntries: 2_000, maxBytes: 16 * 1024 * 1024, ttlMs: KEPT_FOR_MS };
/** A page larger than this is never kept (none is; a bound, not a size the site reaches). */
const MAX_PAGE_BYTES = 1024 * 1024;

/** Headers that name this request, or that the client's copy of Next's router sends: such a request is Next's to answer. */
const PASSED_TO_NEXT = [
  "if-none-match",
  "if-modified-since",
  "range",
  "rsc",
  "next-router-prefetch",
  "next-router-state-tree",
  "next-router-segment-prefetch",
  "next-url",
  "next-action",
];
/** Headers of Next's answer that are the request's own, not the copy's. */
const NOT_KEPT = new Set(["date", "connection", "keep-alive", "transfer-encoding", "x-request-id"]);

interface KeptCopy {
  statusCode: number;
  headers: OutgoingHttpHeaders;
  body: Buffer;
}

export interface CopyRequest {
  /** The copy's name ("<region>/<version>"). */
  name: string;
  member: boolean;
}

export class KeptCopyBytes {
  private readonly kept = boundedCache<KeptCopy>(LIMITS);

  /** The key of a request these bytes may answer, or null when Next must answer it. */
  keyOf(req: IncomingMessage, copy: CopyRequest): string | null {
    const url = req.url ?? "/";
    if (req.method !== "GET" || url.includes("?")) return null;
    for (const name of PASSED_TO_NEXT) if (req.headers[name] !== undefined) return null;
    const encoding = req.headers["accept-encoding"] ?? "";
    if (encoding.length > 200) return null;
    return `${copy.member ? "member" : "visitor"} ${copy.name} ${url} ${encoding}`;
  }

  /** Writes the kept answer for `key` when there is a fresh one: true when answered. */
  answer(key: string, res: ServerResponse): boolean {
    const copy = this.kept.get(key);
    if (!copy) return false;
    res.writeHead(copy.statusCode, copy.headers);
    res.end(copy.body);
    return true;
  }

  /**
   * Keeps what Next writes for `key`, if it is a 200 Next answered from its kept copy (x-nextjs-cache HIT or STALE:
   * a copy just rendered says MISS, and the next answer, its first HIT, is kept) that sets no cookie. Call before handing the request to Next: it sees the bytes as they reach the socket.
   */
  keepAnswer(key: string, res: ServerResponse): void {
    const chunks: Buffer[] = [];
    let size = 0;
    const collect = (chunk: unknown, encoding: unknown) => {
      if (chunk === undefined || chunk === null || typeof chunk === "function" || size > MAX_PAGE_BYTES) return;
      const bytes =
        typeof chunk === "string" ? Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8") : Buffer.from(chunk as Uint8Array);
      size += bytes.byteLength;
      chunks.push(bytes);
    };
    const write = res.write;
    const end = res.end;
    res.write = function (this: ServerResponse, chunk: unknown, ...rest: unknown[]) {
      collect(chunk, rest[0]);
      return (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
    } as ServerResponse["write"];
    res.end = function (this: ServerResponse, chunk?: unknown, ...rest: unknown[]) {
      collect(chunk, rest[0]);
      return (end as (...args: unknown[]) => ServerResponse).call(this, chunk, ...rest);
    } as ServerResponse["end"];
    res.once("finish", () => {
      const headers = res.getHeaders();
      if (
        res.statusCode !== 200 ||
        size > MAX_PAGE_BYTES ||
        headers["set-cookie"] !== undefined ||
        !["HIT", "STALE"].includes(String(headers["x-nextjs-cache"]))
      )
        return;
      const kept: OutgoingHttpHeaders = {};
      for (const [name, value] of Object.entries(headers)) if (!NOT_KEPT.has(name) && value !== undefined) kept[name] = value;
      kept["content-length"] = String(size);
      this.kept.set(key, { statusCode: 200, headers: kept, body: Buffer.concat(chunks, size) }, { size: size + 1024 });
    });
  }
}
