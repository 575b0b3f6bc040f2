/**
 * The callers of API keys, desktop tokens and website sessions, kept per
 * process so a keyed or signed-in request does not read its credential and
 * account every time (docs/accounts.md#kept-api-key-callers). A kept caller is dropped:
 * - by a notice: migrations 0030's and 0032's triggers NOTIFY the account's id
 *   on PRINCIPAL_CHANNEL at commit whenever something a caller carries changes
 *   (key revoked, expired or rescoped; desktop sign-in revoked; plan,
 *   suspension, details; a subscription or complimentary plan; the author
 *   flag), from any process or tool;
 * - by time: at the credential's expiry or the next moment its plan changes by time alone;
 * - when this process cannot vouch for having heard every notice: a kept
 *   caller is used only while this process has heard back its own "beat"
 *   (a NOTIFY it sent) sent at most PRINCIPAL_STALENESS_MS ago. Notices reach
 *   a listener in commit order, so hearing a beat means every change committed
 *   before it was sent has been applied: a change made anywhere takes effect
 *   everywhere within that bound, even if a listening connection dies quietly.
 * On the process that made a change it takes effect at once: every write's
 * answer waits for a beat (settle, shared/write-fence.ts).
 */
import { randomUUID } from "node:crypto";
import type { AccountCaller } from "../shared/context";
import type { AppDeps } from "../shared/deps";
import { boundedCache } from "../shared/bounded-cache";

/** Named by migration 0030's triggers. */
export const PRINCIPAL_CHANNEL = "account_principal";
/** The longest a change made on another process may take to reach this one's kept callers. */
export const PRINCIPAL_STALENESS_MS = 1_000;
/** A beat is sent when the newest one heard is this old, so a process under load stays within the staleness bound. */
const BEAT_AFTER_MS = 400;
/** Even with no notice, a kept caller is read afresh this long after it was read (a safety net, not the mechanism). */
const MAX_AGE_MS = 5 * 60_000;
const BEAT_PREFIX = "beat:";

export interface KeptCaller {
  caller: AccountCaller;
  /** The service clock's ms when it was read, and until when it holds (a key's expiry, a plan's change by time). */
  readAt: number;
  validUntil: number;
}

/**
 * Until when (service ms) a caller read now may be kept: the first of its ends — a credential's expiry, the next
 * moment its plan changes by time alone — as either driver returns them (Date or text); no end, no bound.
 */
export function keptUntil(...ends: (Date | string | null)[]): number {
  return Math.min(Number.POSITIVE_INFINITY, ...ends.filter((at) => at !== null).map((at) => new Date(at).getTime()));
}

export class PrincipalCache {
  private readonly kept = boundedCache<KeptCaller>({ maxEntries: 20_000, maxBytes: 20_000 * 1024 });
  private listening: Promise<unknown> | undefined;
  private ready = false;
  /** Moves with every notice and every reset: a read begun before it is not kept. */
  private generation = 0;
  /** When (performance.now()) the newest beat heard back was sent. */
  private heardUpTo = Number.NEGATIVE_INFINITY;
  private readonly id = randomUUID();
  private sequence = 0;
  private readonly beats = new Map<number, { sentAt: number; heard: () => void }>();
  private beating = false;

  constructor(private readonly deps: Pick<AppDeps, "signals" | "log">) {}

  /** The kept caller of `key` at the service time `nowMs`, if this process can vouch for it. */
  private get(hash: string, nowMs: number): AccountCaller | undefined {
    if (!this.trusted()) return undefined;
    const entry = this.kept.get(hash);
    if (!entry) return undefined;
    if (nowMs < entry.readAt || nowMs >= entry.validUntil) {
      this.kept.delete(hash);
      return undefined;
    }
    return entry.caller;
  }

  /**
   * The kept caller of `key` (an API key's hash, a session's account and start) at the service time `nowMs`, or
   * the one `read` finds in the database, kept until `validUntil` unless a notice came while it was read (the read
   * may be older than the change). `read` answers null for no caller, and may throw.
   */
  async resolve(key: string, nowMs: number, read: () => Promise<{ caller: AccountCaller; validUntil: number } | null>): Promise<AccountCaller | null> {
    const cached = this.get(key, nowMs);
    if (cached) return cached;
    const generation = this.generation;
    const found = await read();
    if (found && generation === this.generation && this.ready) {
      this.kept.set(key, { caller: found.caller, readAt: nowMs, validUntil: Math.min(found.validUntil, nowMs + MAX_AGE_MS) }, { size: 1024 });
    }
    return found?.caller ?? null;
  }

  /**
   * Resolves once this process has heard every notice committed before the call (a write's answer waits for
   * it); when it cannot tell within the staleness bound, nothing kept is used again. Never fails.
   */
  async settle(): Promise<void> {
    if (this.kept.size === 0) return;
    if (!(await this.beatHeard())) this.reset();
  }

  /** Whether kept callers may be used now; keeps the beats coming while they are asked for. */
  private trusted(): boolean {
    this.listen();
    const elapsed = performance.now() - this.heardUpTo;
    if (elapsed > BEAT_AFTER_MS && !this.beating && this.ready) {
      this.beating = true;
      // Bounded: a beat lost with its connection must not stop the next one from being sent.
      void this.beatHeard().finally(() => {
        this.beating = false;
      });
    }
    return this.ready && elapsed <= PRINCIPAL_STALENESS_MS;
  }

  /** Sends a beat: true once it is heard back, false if that takes longer than the staleness bound (lost, or the database is slow). Never fails. */
  private async beatHeard(): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const heard = await Promise.race([
      this.beat().catch(() => false),
      new Promise<false>((resolve) => {
        timer = setTimeout(() => resolve(false), PRINCIPAL_STALENESS_MS);
      }),
    ]);
    clearTimeout(timer);
    return heard;
  }

  /** Sends a beat and resolves true once it is heard back (never, if the notice is lost: beatHeard bounds the wait). */
  private beat(): Promise<boolean> {
    const sequence = ++this.sequence;
    const sentAt = performance.now();
    return new Promise<boolean>((resolve, reject) => {
      this.beats.set(sequence, { sentAt, heard: () => resolve(true) });
      this.deps.signals.notify(PRINCIPAL_CHANNEL, `${BEAT_PREFIX}${this.id}:${sequence}`).catch((error: unknown) => {
        this.beats.delete(sequence);
        reject(error);
      });
    });
  }

  /** Starts listening once; until it is ready (and after a failure, until it is again) nothing kept is used. */
  private listen(): void {
    this.listening ??= this.deps.signals
      .listen(
        PRINCIPAL_CHANNEL,
        (payload) => this.onNotice(payload),
        () => {
          // (Re)started: notices may have been missed while it was down, and beats sent then are never heard.
          this.reset();
          this.beats.clear();
          this.ready = true;
        },
      )
      .catch((error: unknown) => {
        this.listening = undefined;
        this.ready = false;
        this.reset();
        this.deps.log.debug({ err: error }, "kept API key callers are off: cannot listen for account changes");
      });
  }

  private onNotice(payload: string): void {
    if (payload.startsWith(BEAT_PREFIX)) {
      const [id, sequence] = payload.slice(BEAT_PREFIX.length).split(":");
      if (id !== this.id) return;
      // Beats are heard in the order sent: this one vouches for every earlier one too.
      for (const [number, beat] of this.beats) {
        if (number > Number(sequence)) break;
        this.beats.delete(number);
        this.heardUpTo = Math.max(this.heardUpTo, beat.sentAt);
        beat.heard();
      }
      return;
    }
    this.generation++;
    for (const [hash, entry] of this.kept.entries()) if (entry.caller.account.id === payload) this.kept.delete(hash);
  }

  private reset(): void {
    this.generation++;
    this.kept.clear();
  }
}
