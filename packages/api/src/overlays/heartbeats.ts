/**
 * The event streams' heartbeats, one timer per process instead of one per
 * stream: streams are spread over `slots` buckets, and each tick (every
 * periodMs / slots) beats one bucket, so every stream still gets a comment
 * every periodMs while the process wakes once a tick, not once per stream.
 * At 5,000 idle sources that is one wake-up a second instead of two hundred.
 */
export class Heartbeats {
  private readonly buckets: Set<() => void>[];
  private timer: NodeJS.Timeout | undefined;
  private tick = 0;
  private next = 0;
  private size = 0;

  constructor(
    private readonly periodMs: number,
    slots = 25,
  ) {
    this.buckets = Array.from({ length: slots }, () => new Set());
  }

  /** Beats `beat` every periodMs (the first within one); the function returned stops it. */
  add(beat: () => void): () => void {
    // Round robin, so streams opened together (a reconnect storm) still beat spread over the period.
    const bucket = this.buckets[this.next++ % this.buckets.length]!;
    bucket.add(beat);
    this.size++;
    this.timer ??= setInterval(() => this.beat(), this.periodMs / this.buckets.length).unref();
    let removed = false;
    return () => {
      if (removed) return;
      removed = true;
      bucket.delete(beat);
      if (--this.size === 0) {
        clearInterval(this.timer);
        this.timer = undefined;
      }
    };
  }

  private beat(): void {
    const bucket = this.buckets[this.tick % this.buckets.length]!;
    this.tick = (this.tick + 1) % this.buckets.length;
    for (const beat of [...bucket]) beat();
  }
}
