import { Writable } from "node:stream";
import pino from "pino";
import type { AppDeps } from "../../src/shared/deps";

/**
 * A request body that never ends: only a limit can stop it. `counter.sent`
 * says how much of it was pulled, to show a limit stopped reading early.
 */
export function endlessBody(counter: { sent: number }, options: { chunk?: Uint8Array; prefix?: string } = {}): ReadableStream<Uint8Array> {
  const chunk = options.chunk ?? new Uint8Array(64 * 1024).fill(120);
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (counter.sent === 0 && options.prefix) controller.enqueue(new TextEncoder().encode(options.prefix));
      controller.enqueue(chunk);
      counter.sent += chunk.byteLength;
    },
  });
}

/** A JSON-lines logger whose lines the test can read back. */
export function capturedLog(level = "info"): { log: AppDeps["log"]; lines: () => Record<string, unknown>[] } {
  const raw: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      raw.push(String(chunk));
      done();
    },
  });
  return { log: pino({ level }, sink) as AppDeps["log"], lines: () => raw.map((line) => JSON.parse(line) as Record<string, unknown>) };
}
