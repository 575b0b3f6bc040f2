/**
 * Repeated log lines, bounded: a message about one client address (a request
 * timed out, a client left mid-request, a connection refused) is written at
 * most once per logLimits.repeatIntervalMs; the next one written after that
 * carries `suppressed`, how many were left out meanwhile. A slowloris of
 * thousands of connections thus writes a line per address and minute instead
 * of one per connection. At most logLimits.maxKeys (message, address) pairs
 * are remembered; past that the oldest is forgotten (Map keeps insertion
 * order), so a flood of distinct addresses costs bounded memory.
 */
import { logLimits } from "@streamkit/api-contract";
import type { Logger } from "./logger";

type Level = "info" | "warn";

export class LogGate {
  /** Per "<message>\n<address>": when its last line was written, and how many were left out since. */
  private readonly seen = new Map<string, { at: number; suppressed: number }>();

  constructor(
    private readonly log: Logger,
    private readonly intervalMs: number = logLimits.repeatIntervalMs,
    private readonly capacity: number = logLimits.maxKeys,
    private readonly now: () => number = Date.now,
  ) {}

  /** Pairs remembered now (at most the capacity). */
  get size(): number {
    return this.seen.size;
  }

  info(address: string, fields: Record<string, unknown>, message: string): void {
    this.write("info", address, fields, message);
  }

  warn(address: string, fields: Record<string, unknown>, message: string): void {
    this.write("warn", address, fields, message);
  }

  private write(level: Level, address: string, fields: Record<string, unknown>, message: string): void {
    if (!this.log.isLevelEnabled(level)) return;
    const key = `${message}\n${address}`;
    const at = this.now();
    const last = this.seen.get(key);
    if (last && at - last.at < this.intervalMs) {
      last.suppressed++;
      return;
    }
    const suppressed = last?.suppressed ?? 0;
    // Re-inserted, so the Map's order stays "least recently written first" for eviction.
    this.seen.delete(key);
    if (this.seen.size >= this.capacity) this.seen.delete(this.seen.keys().next().value!);
    this.seen.set(key, { at, suppressed: 0 });
    this.log[level]({ ...fields, address, ...(suppressed > 0 ? { suppressed } : {}) }, message);
  }
}
