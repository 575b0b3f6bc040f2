import type { DatabaseSignals } from "@streamkit/db";
import type { AppDeps } from "../shared/deps";
import { type AlertNotice, alertEvent } from "./alert-frames";
import { readSourceState, type SourceState } from "./overlay-source";

/**
 * Overlay changes across processes (docs/overlays.md#the-obs-browser-source):
 * a change is NOTIFYed on one channel with a small JSON payload, every process
 * LISTENs once (one connection, started by its first open stream), and wakes
 * only the streams of the overlay named. Their state is read once per notice
 * and process, shared by every stream of the overlay; a stream with nothing
 * changing costs no statement.
 */
export const SOURCE_CHANNEL = "overlay_source"; // also named by the triggers of migration 0013

/**
 * `overlay`: that overlay changed (a save, a publish, its address; a delete, sent by the database);
 * `account`: every overlay of the account may have (a plan, a subscription, a suspension: sent by the
 * database's triggers, migration 0013, whichever process or tool made the change);
 * `overlay` with `alert`: a test alert for its sources to play (test-alerts.ts), never a change.
 */
type Notice = { overlay: string; rev?: number } | { account: string } | { overlay: string; alert: AlertNotice };

/** Tells every process's open browser sources of an overlay to look again; never fails the change it follows. */
export function announceOverlay(deps: AppDeps, overlayId: string, rev?: number): Promise<void> {
  return announce(deps, rev === undefined ? { overlay: overlayId } : { overlay: overlayId, rev });
}

async function announce(deps: AppDeps, notice: Notice): Promise<void> {
  try {
    await deps.signals.notify(SOURCE_CHANNEL, JSON.stringify(notice));
  } catch (error) {
    // The change itself is saved: open sources see it when they reconnect.
    deps.log.warn({ err: error, notice }, "could not announce an overlay change to its open browser sources");
  }
}

/**
 * A test alert for every process's open browser sources of an overlay (docs/overlays.md#test-alerts): the notice carries
 * the alert's values, never its drawing, so it stays far below NOTIFY's 8,000 bytes. Unlike a change, a failure is the caller's.
 */
export function announceAlert(deps: AppDeps, overlayId: string, alert: AlertNotice): Promise<void> {
  const notice: Notice = { overlay: overlayId, alert };
  return deps.signals.notify(SOURCE_CHANNEL, JSON.stringify(notice));
}

/** One open stream, as the hub knows it. */
export interface SourceWatcher {
  overlayId: string;
  /** The overlay's account; "" until the stream's first state is read. */
  accountId: string;
  /** The overlay's state after a notice (null: deleted). */
  wake(state: SourceState | null): void;
  /** The state could not be read (the database is unavailable): the stream ends, its client reconnects. */
  fail(): void;
  /** A test alert's event (`event: alert`, no id), the same text for every stream of the overlay; null when it could not be drawn. */
  alert(event: Promise<string | null>): void;
}

class SourceHub {
  private readonly watchers = new Map<string, Set<SourceWatcher>>();
  private listening: Promise<unknown> | undefined;
  /** The read in flight per overlay, and whether a notice came during it: one more read follows, never one per notice. */
  private readonly reads = new Map<string, { again: boolean }>();
  /** Per overlay, a read due when its account's plan next changes by time alone (a period or a grace ending): no notice says so. */
  private readonly wakeups = new Map<string, { at: number; timer: NodeJS.Timeout }>();

  constructor(private readonly deps: AppDeps) {}

  /**
   * Reads the overlay again when its lock may change by time (`state.lockChangesAt`), at most a day ahead
   * (a longer wait is taken a day at a time, within setTimeout's range). One timer per overlay, gone with its last stream.
   */
  expectChange(overlayId: string, state: SourceState | null): void {
    const at = state?.lockChangesAt?.getTime() ?? null;
    const current = this.wakeups.get(overlayId);
    if (current && current.at === at) return;
    if (current) clearTimeout(current.timer);
    this.wakeups.delete(overlayId);
    if (at === null || !this.watchers.has(overlayId)) return;
    const delay = Math.min(Math.max(at - this.deps.now().getTime(), 0), 86_400_000);
    const timer = setTimeout(() => {
      this.wakeups.delete(overlayId);
      this.refresh(overlayId);
    }, delay).unref();
    this.wakeups.set(overlayId, { at, timer });
  }

  /** Registers a stream once this process listens; the function returned forgets it. */
  async watch(watcher: SourceWatcher): Promise<() => void> {
    this.listening ??= this.deps.signals
      .listen(
        SOURCE_CHANNEL,
        (payload) => this.onNotice(payload),
        () => this.refreshAll(),
      )
      .catch((error: unknown) => {
        this.listening = undefined;
        throw error;
      });
    await this.listening;
    const set = this.watchers.get(watcher.overlayId) ?? new Set<SourceWatcher>();
    this.watchers.set(watcher.overlayId, set);
    set.add(watcher);
    return () => {
      set.delete(watcher);
      if (set.size === 0 && this.watchers.get(watcher.overlayId) === set) {
        this.watchers.delete(watcher.overlayId);
        this.expectChange(watcher.overlayId, null);
      }
    };
  }

  private onNotice(payload: string): void {
    let notice: Notice;
    try {
      notice = JSON.parse(payload) as Notice;
    } catch {
      return;
    }
    if ("alert" in notice) {
      if (this.watchers.has(notice.overlay)) this.playAlert(notice.overlay, notice.alert);
      return;
    }
    if ("overlay" in notice) {
      if (this.watchers.has(notice.overlay)) this.refresh(notice.overlay);
      return;
    }
    // A stream still reading its first state has no account yet (""): it is refreshed too, or the notice would be lost.
    for (const [overlayId, set] of this.watchers) if ([...set].some((w) => w.accountId === notice.account || w.accountId === "")) this.refresh(overlayId);
  }

  /** Listening (re)started: notices may have been missed while it was down. */
  private refreshAll(): void {
    for (const overlayId of this.watchers.keys()) this.refresh(overlayId);
  }

  /**
   * Draws a test alert once for this process and hands it to each open stream of the overlay at once, as a
   * promise: each stream plays it in the order the notice came, after the frames before it (a lock included),
   * however long the drawing takes. Lost if the drawing fails.
   */
  private playAlert(overlayId: string, alert: AlertNotice): void {
    const drawn = alertEvent(this.deps, overlayId, alert).catch((error: unknown) => {
      this.deps.log.warn({ err: error, overlayId }, "could not draw a test alert for its open browser sources");
      return null;
    });
    for (const watcher of this.watchers.get(overlayId) ?? []) watcher.alert(drawn);
  }

  /** Reads the overlay's state and hands it to each of its streams, in the order read. */
  refresh(overlayId: string): void {
    const running = this.reads.get(overlayId);
    if (running) {
      running.again = true;
      return;
    }
    const read = { again: true };
    this.reads.set(overlayId, read);
    void (async () => {
      while (read.again) {
        read.again = false;
        const watchers = () => [...(this.watchers.get(overlayId) ?? [])];
        try {
          const state = await readSourceState(this.deps, overlayId);
          this.expectChange(overlayId, state);
          for (const watcher of watchers()) watcher.wake(state);
        } catch (error) {
          this.deps.log.warn({ err: error, overlayId }, "could not read an overlay for its open browser sources");
          for (const watcher of watchers()) watcher.fail();
        }
      }
      this.reads.delete(overlayId);
    })();
  }
}

const hubs = new WeakMap<DatabaseSignals, SourceHub>();

/** The process's hub for this database. */
export function sourceHub(deps: AppDeps): SourceHub {
  const hub = hubs.get(deps.signals) ?? new SourceHub(deps);
  hubs.set(deps.signals, hub);
  return hub;
}
