import { Readable } from "node:stream";
import { AppError } from "@streamkit/api-contract";
import type { RawRoute } from "../rest/raw";
import type { AppDeps } from "../shared/deps";
import { sourceDrawing } from "./drawings";
import { Heartbeats } from "./heartbeats";
import { readSourceState, readSourceToken, type SourceState } from "./overlay-source";
import { sourceHub } from "./source-hub";

/** The stream's pacing: a comment every heartbeat keeps proxies from closing it as idle; `retry` is the reconnection delay advised to EventSource. */
export const SOURCE_EVENTS = { heartbeatMs: 25_000, retryMs: 3_000, maxBufferedBytes: 4 * 1024 * 1024 };

const heartbeats = new Heartbeats(SOURCE_EVENTS.heartbeatMs);

/** A frame's event id: the rev, with `.locked` for the blank frame of a locked overlay (a lock keeps the rev). */
const frameId = (rev: number, locked: boolean) => (locked ? `${rev}.locked` : String(rev));

/** The frame of a state as the feed answers it; null once the overlay is gone. The drawing is made once per revision (drawings.ts). */
async function frameOf(deps: AppDeps, overlayId: string, state: SourceState): Promise<{ id: string; data: string } | null> {
  if (state.locked) {
    const { width, height } = state.canvas;
    return { id: frameId(state.rev, true), data: JSON.stringify({ rev: state.rev, locked: true, width, height, svg: "" }) };
  }
  const drawing = await sourceDrawing(deps, overlayId, state.rev);
  return drawing ? { id: frameId(drawing.rev, false), data: drawing.feed } : null;
}

/**
 * The event stream of one browser source, or null for an unknown or revoked
 * address. It registers with the process's hub before reading, so no change
 * falls between the read and the first notice.
 */
async function openSourceStream(deps: AppDeps, token: string, lastEventId: string | null): Promise<Readable | null> {
  const named = token.length <= 200 ? readSourceToken(deps.overlaySourceSecrets, token) : null;
  if (!named) return null;
  const hub = sourceHub(deps);
  let sentId = lastEventId;
  let ready = false;
  let missed = false;
  let ended = false;
  /** The state last applied was locked: no test alert plays over its blank frame. */
  let locked = false;
  let chain = Promise.resolve();
  let forget = () => {};
  const stream = new Readable({
    read() {},
    destroy(error, done) {
      stop();
      done(error);
    },
  });
  let stopBeating = () => {};
  function stop() {
    ended = true;
    stopBeating();
    forget();
  }
  function write(text: string) {
    if (ended) return;
    stream.push(text);
    // A client that reads nothing does not hold memory: it is cut, and reconnects when it reads again.
    if (stream.readableLength > SOURCE_EVENTS.maxBufferedBytes) stream.destroy();
  }
  function end(event?: "deleted" | "revoked") {
    if (ended) return;
    if (event) write(`event: ${event}\ndata: {}\n\n`);
    stop();
    stream.push(null);
  }
  async function apply(state: SourceState | null) {
    if (ended) return;
    if (!state) return end("deleted");
    if (state.sourceVersion !== named!.version) return end("revoked");
    locked = state.locked;
    const frame = await frameOf(deps, named!.overlayId, state);
    if (!frame) return end("deleted");
    if (frame.id === sentId) return;
    sentId = frame.id;
    write(`id: ${frame.id}\ndata: ${frame.data}\n\n`);
  }
  const queue = (state: SourceState | null) => {
    chain = chain.then(() => apply(state)).catch(() => end());
  };
  const watcher = {
    overlayId: named.overlayId,
    accountId: "",
    wake: (state: SourceState | null) => {
      if (ready) queue(state);
      else missed = true;
    },
    fail: () => end(),
    // After the frames queued before it, in the order notices came; none before the first frame.
    alert: (drawn: Promise<string | null>) => {
      if (!ready) return;
      chain = chain.then(async () => {
        const event = await drawn;
        if (event && !locked) write(event);
      });
    },
  };
  let state0: SourceState | null;
  try {
    forget = await hub.watch(watcher);
    state0 = await readSourceState(deps, named.overlayId);
  } catch (error) {
    stop();
    throw error;
  }
  if (!state0 || state0.sourceVersion !== named.version) {
    stop();
    return null;
  }
  watcher.accountId = state0.accountId;
  hub.expectChange(named.overlayId, state0);
  // A read of the hub failed meanwhile: the stream has ended already, its client reconnects.
  if (ended) return stream;
  stopBeating = heartbeats.add(() => write(": heartbeat\n\n"));
  write(`retry: ${SOURCE_EVENTS.retryMs}\n\n`);
  queue(state0);
  ready = true;
  // A notice came while the first state was read: read once more, through the hub, in order with later notices.
  if (missed) hub.refresh(named.overlayId);
  return stream;
}

/**
 * GET /api/overlay-source/{token}/events: the browser source's frames as
 * server-sent events (docs/overlays.md#the-obs-browser-source): the current
 * frame on connect unless Last-Event-ID already names it, then each change as
 * it happens, and test alerts as `alert` events without an id (test-alerts.ts);
 * `revoked` or `deleted` then the end when the address dies. An
 * unknown or revoked address is 404 in the envelope.
 */
export const browserSourceEventsRoute: RawRoute = {
  methods: ["GET"],
  path: "/api/overlay-source/{token}/events",
  auth: "none",
  async handle(input, context) {
    const stream = await openSourceStream(context.deps, input.params.token!, input.header("last-event-id"));
    if (!stream) throw new AppError("not_found", "No overlay at this address: it was revoked or never existed.");
    return {
      status: 200,
      headers: {
        "content-type": "text/event-stream; charset=utf-8",
        "cache-control": "no-store",
        "x-robots-tag": "noindex",
        // Proxies that buffer answers (nginx) pass this one through as it is written.
        "x-accel-buffering": "no",
      },
      body: stream,
    };
  },
};
