/** A clock tests move by hand: rate-limit windows, key expiry and refund windows read it through deps.now. */
export class TestClock {
  private current: number;
  constructor(start = Date.now()) {
    this.current = start;
  }
  now = (): Date => new Date(this.current);
  advance(ms: number): void {
    this.current += ms;
  }
  /** Moves to the start of the next rate-limit minute. */
  nextMinute(): void {
    this.current = (Math.floor(this.current / 60_000) + 1) * 60_000;
  }
}
