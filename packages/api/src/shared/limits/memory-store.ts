/**
 * Windows counted in this process's memory, for keyless work that must stay
 * cheap (no database statement per request), at the price of exactness
 * across processes: N processes each allow the limit.
 *
 * One store per limit holds the current window's counts and is dropped whole
 * when the window ends, so no old window outlives it. It holds at most
 * `capacity` keys; a new key past that evicts the oldest one, so a flood of
 * distinct addresses costs bounded memory, and every hit is still counted
 * against its own key. The keys' order is a ring beside the map: taking the
 * map's first key instead walks past every key deleted before it (V8 keeps
 * them until it rehashes), which made each request of such a flood cost a
 * scan.
 */
import { decideWindow, type RateLimitDecision, type WindowRule, windowAt } from "./window";

export class MemoryWindows {
  private windowStart = 0;
  private readonly counts = new Map<string, number>();
  /** The window's keys in the order they came, as a ring: once full, `next` is the oldest. */
  private readonly ring: string[] = [];
  private next = 0;

  constructor(
    private readonly rule: WindowRule,
    private readonly capacity: number,
  ) {}

  /** Keys remembered now (at most the capacity). */
  get size(): number {
    return this.counts.size;
  }

  hit(key: string, now: Date): RateLimitDecision {
    const at = now.getTime();
    const window = windowAt(at, this.rule.windowSeconds);
    if (window.start !== this.windowStart) {
      this.counts.clear();
      this.next = 0;
      this.windowStart = window.start;
    }
    const hits = (this.counts.get(key) ?? 0) + 1;
    if (hits === 1) {
      if (this.counts.size >= this.capacity) this.counts.delete(this.ring[this.next]!);
      this.ring[this.next] = key;
      this.next = (this.next + 1) % this.capacity;
    }
    this.counts.set(key, hits);
    return decideWindow(hits, this.rule.limit, window.end, at);
  }
}
