import { expect } from "vitest";

/** How a test sends a request: an app's `request` (or another REST core's), path relative to /api/v1. */
export type Through = (path: string, init?: RequestInit) => Promise<Response>;

/** One answer as the kept-answer tests read it: status, ETag and body text. */
export async function readAnswer(through: Through, path: string, headers: Record<string, string> = {}) {
  const response = await through(path, { headers });
  return { response, status: response.status, etag: response.headers.get("etag"), text: await response.text() };
}

/** Reads twice without credentials: the second is the kept answer, which must be the same bytes and ETag. */
export async function settledAnswer(through: Through, path: string) {
  const first = await readAnswer(through, path);
  const second = await readAnswer(through, path);
  expect(second.status).toBe(first.status);
  expect(second.etag).toBe(first.etag);
  expect(second.text).toBe(first.text);
  return first;
}
