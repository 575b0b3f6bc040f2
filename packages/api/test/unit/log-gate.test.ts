/**
 * Repeated log lines (src/log-gate.ts) on an injected clock: one line per
 * message and address per interval, the next one saying how many were left
 * out, addresses and messages apart, and a bounded memory of them.
 */
import { Writable } from "node:stream";
import { logLimits } from "@streamkit/api-contract";
import { describe, expect, it } from "vitest";
import { LogGate } from "../../src/shared/log-gate";
import { createLogger } from "../../src/shared/logger";

function gate(capacity: number = logLimits.maxKeys) {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)) as Record<string, unknown>);
      done();
    },
  });
  let now = 1_000_000;
  const logs = new LogGate(createLogger("info", sink), logLimits.repeatIntervalMs, capacity, () => now);
  return { logs, lines, advance: (ms: number) => (now += ms) };
}

describe(`one line per message and address per ${logLimits.repeatIntervalMs / 1000} s`, () => {
  it("writes the first, leaves out the repeats, and counts them on the next line after the interval", async () => {
    const { logs, lines, advance } = gate();
    for (let i = 0; i < 1000; i++) logs.info("192.0.2.1", { path: "/" }, "request timed out");
    advance(logLimits.repeatIntervalMs - 1);
    logs.info("192.0.2.1", { path: "/" }, "request timed out");
    advance(1);
    logs.info("192.0.2.1", { path: "/x" }, "request timed out");
    logs.info("192.0.2.1", { path: "/x" }, "request timed out");
    await new Promise(setImmediate);
    expect(lines.map(({ msg, address, path, suppressed, level }) => ({ msg, address, path, suppressed, level }))).toEqual([
      { msg: "request timed out", address: "192.0.2.1", path: "/", suppressed: undefined, level: 30 },
      { msg: "request timed out", address: "192.0.2.1", path: "/x", suppressed: 1000, level: 30 },
    ]);
  });

  it("keeps addresses and messages apart, at each level", async () => {
    const { logs, lines } = gate();
    logs.warn("192.0.2.1", {}, "connection refused");
    logs.warn("192.0.2.2", {}, "connection refused");
    logs.info("192.0.2.1", {}, "client went away");
    logs.warn("192.0.2.1", {}, "connection refused");
    await new Promise(setImmediate);
    expect(lines.map(({ msg, address, level }) => `${level} ${msg} ${address}`)).toEqual([
      "40 connection refused 192.0.2.1",
      "40 connection refused 192.0.2.2",
      "30 client went away 192.0.2.1",
    ]);
  });

  it("remembers at most its capacity: a flood of distinct addresses forgets the oldest", () => {
    const { logs } = gate(100);
    for (let i = 0; i < 10_000; i++) logs.warn(`10.0.${i >> 8}.${i & 255}`, {}, "connection refused");
    expect(logs.size).toBe(100);
  });
});
