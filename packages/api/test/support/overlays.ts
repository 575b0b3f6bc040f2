/**
 * Overlay fixtures shared by the overlay tests: documents of text layers, a
 * JSON caller of /api/v1 with one credential, and a streamer who owns an
 * overlay (its id and browser-source token).
 */
import { expect } from "vitest";
import type { TestApp } from "./app";
import { bearer } from "./factories";

export const textLayer = (id: string, text: string, frame: { x?: number; y?: number; w?: number; h?: number } = {}) => ({
  type: "text",
  id,
  name: id,
  frame: { x: frame.x ?? 10, y: frame.y ?? 20, w: frame.w ?? 300, h: frame.h ?? 60 },
  props: { text, fontFamily: "Inter", fontSize: 32, fill: { kind: "solid", color: "#ffffff" } },
});

export const overlayDocument = (layers: unknown[], canvas = { width: 1280, height: 720 }) => ({ schema: 1, canvas, layers });

/** One text layer, "title", saying `text`: a change of text is a change on stream. */
export const documentOf = (text: string, canvas?: { width: number; height: number }) => overlayDocument([textLayer("title", text)], canvas);

export interface Answer {
  status: number;
  headers: Headers;
  body: any;
}

/** Calls /api/v1 through the REST core with a bearer credential (an API key or a desktop token); `beforeEach` runs first (e.g. a clock's next minute). */
export function apiCaller(app: TestApp, credential: string, beforeEach: () => void = () => {}) {
  return async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> => {
    beforeEach();
    const response = await app.request(path, {
      method,
      headers: { ...bearer(credential), ...headers, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const raw = await response.text();
    return { status: response.status, headers: response.headers, body: raw ? JSON.parse(raw) : undefined };
  };
}

/** Creates an overlay through POST /overlays with `send` and answers its id, browser-source token and record. */
export async function createOverlay(send: ReturnType<typeof apiCaller>, document: unknown, name = "Scene") {
  const created = await send("POST", "/overlays", { name, document });
  expect(created.status).toBe(201);
  return { id: created.body.item.id as string, token: created.body.item.browserSource.token as string, item: created.body.item };
}
