import { SOURCE_IDS, type FxConfigInput, type KnownSourceId } from "../../src/sources/registry";

/** A config with only `id` enabled, pointed at the given mirrors; fast HTTP policy for tests. */
export function only(id: KnownSourceId, baseUrls: string[], overrides: Partial<FxConfigInput> = {}): FxConfigInput {
  const sources: NonNullable<FxConfigInput["sources"]> = {};
  for (const other of SOURCE_IDS) sources[other] = other === id ? { baseUrls } : { enabled: false };
  return { timeoutMs: 2_000, retries: 2, backoffMs: 1, maxBackoffMs: 4, ...overrides, sources };
}

/** Records the waits the retry loop asks for, without waiting. */
export function recordingSleep(): { delays: number[]; sleep: (ms: number) => Promise<void> } {
  const delays: number[] = [];
  return { delays, sleep: async (ms: number) => void delays.push(ms) };
}
