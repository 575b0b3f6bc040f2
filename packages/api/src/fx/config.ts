import { type FxConfig, fxConfigSchema } from "@streamkit/fx";
import type { Env } from "../shared/env";

/**
 * How this server runs the exchange-rate service, read from the validated env.
 * The numbers of the service itself (blend tolerance, cache lifetimes, bounds)
 * are FX_LIMITS in packages/fx; these are the API's own.
 */
export const FX_SERVICE = Object.freeze({
  /**
   * How often a process asks the database whether another process stored a
   * newer day (one tiny indexed query, made in the background by the first
   * request after the interval; an idle process asks nothing).
   */
  syncIntervalMs: 60_000,
  /**
   * A stored day whose feeds were last read longer ago than this is served as
   * stale even when no round has failed (the refresh is off, or stuck): at
   * least 26 hours (a daily feed plus slack), or two refresh intervals.
   */
  minStaleAfterMs: 26 * 60 * 60_000,
  /** /fx/history without from, to or days: this many days ending with the current day. */
  historyDefaultDays: 30,
  /** Base and symbols when a request names none. */
  defaultBase: "USD",
  /** Bucket of the refresh lease: one scheduled round per refresh interval across all processes. */
  refreshLeaseBucket: "fx-refresh",
});

/** FX_CONFIG (JSON) validated by packages/fx's schema; unset means every source at its publisher's address. */
export function fxConfigFromEnv(env: Env): FxConfig {
  if (!env.FX_CONFIG) return fxConfigSchema.parse({});
  let raw: unknown;
  try {
    raw = JSON.parse(env.FX_CONFIG);
  } catch (error) {
    throw new Error(`FX_CONFIG is not JSON: ${(error as Error).message}`);
  }
  const parsed = fxConfigSchema.safeParse(raw);
  if (!parsed.success) {
    throw new Error(`FX_CONFIG is invalid: ${parsed.error.issues.map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`).join("; ")}`);
  }
  return parsed.data;
}

export function staleAfterMs(env: Env): number {
  return Math.max(FX_SERVICE.minStaleAfterMs, 2 * env.FX_REFRESH_MINUTES * 60_000);
}
