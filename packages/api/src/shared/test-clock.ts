/**
 * The service's clock when TEST_CLOCK=on: the real time plus an offset that
 * POST /api/dev/clock moves forward (and back to zero). Everything that reads
 * deps.now — plans computed from subscription dates, renewals, refund
 * windows, key expiry — sees the moved time; sessions signed by Auth.js keep
 * real time.
 */
export class TestClock {
  private offsetMs = 0;
  now = (): Date => new Date(Date.now() + this.offsetMs);
  advance(ms: number): void {
    this.offsetMs += ms;
  }
  reset(): void {
    this.offsetMs = 0;
  }
  get offset(): number {
    return this.offsetMs;
  }
}
