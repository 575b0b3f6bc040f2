/**
 * The event streams' shared heartbeat timer (overlays/heartbeats.ts): every
 * stream beaten once per period, one timer for all of them, none once the last
 * stream stops. Fake timers: the period is simulated, not waited for.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Heartbeats } from "../../src/overlays/heartbeats";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("heartbeats", () => {
  it("beats each stream once per period, from one timer, spread over the period", () => {
    const heartbeats = new Heartbeats(25_000, 25);
    const counts = Array.from({ length: 100 }, () => 0);
    const stops = counts.map((_, i) => heartbeats.add(() => counts[i]!++));
    expect(vi.getTimerCount()).toBe(1);
    // One tick beats one bucket: 100 streams over 25 buckets, four at a time.
    vi.advanceTimersByTime(1_000);
    expect(counts.reduce((a, b) => a + b)).toBe(4);
    vi.advanceTimersByTime(24_000);
    expect(counts.every((count) => count === 1)).toBe(true);
    vi.advanceTimersByTime(25_000);
    expect(counts.every((count) => count === 2)).toBe(true);

    // A stopped stream is beaten no more; stopping twice is harmless.
    stops[0]!();
    stops[0]!();
    vi.advanceTimersByTime(25_000);
    expect(counts[0]).toBe(2);
    expect(counts.slice(1).every((count) => count === 3)).toBe(true);

    for (const stop of stops) stop();
    expect(vi.getTimerCount()).toBe(0);
    // A stream added afterwards starts the timer again.
    let later = 0;
    heartbeats.add(() => later++);
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(25_000);
    expect(later).toBe(1);
  });

  it("a beat that stops its own stream (a cut client) leaves the others beating", () => {
    const heartbeats = new Heartbeats(10_000, 1);
    let others = 0;
    const stop = heartbeats.add(() => stop());
    heartbeats.add(() => others++);
    vi.advanceTimersByTime(20_000);
    expect(others).toBe(2);
  });
});
