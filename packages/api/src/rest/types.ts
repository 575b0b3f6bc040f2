import type { Readable } from "node:stream";

/** What the HTTP server knows that a fetch Request does not. */
export interface ConnectionInfo {
  /** The socket's peer address. */
  remoteAddress?: string;
}

/** A request as the core reads it; node:http (node-bridge.ts) and fetch callers each provide one. */
export interface RestRequest {
  method: string;
  /** The absolute URL. */
  url: string;
  /** A header by its lower-case name. */
  header(name: string): string | null;
  /** The request as a fetch Request, made on first use: reading a body and the library need one, kept answers do not. */
  fetch(): Request;
}

/**
 * The answer, with lower-case header names (an array for repeated ones such
 * as Set-Cookie); `body` is null for 204, 304 and HEAD, and may be a stream.
 */
export interface RestResult {
  status: number;
  headers: Record<string, string | string[]>;
  body: string | Uint8Array | Readable | null;
}

export interface RestCore {
  (request: RestRequest, connection?: ConnectionInfo): Promise<RestResult>;
  /** The path prefixes this core answers (the server's prefix table hands them here). */
  prefixes: string[];
}
