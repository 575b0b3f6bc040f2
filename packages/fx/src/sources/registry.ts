import { z } from "zod";
import { FX_HTTP_DEFAULTS } from "../limits";
import { bankOfCanadaSource } from "./bank-of-canada";
import { currencyApiSource } from "./currency-api";
import { ecbSource } from "./ecb";
import { exchangeRateApiSource } from "./exchangerate-api";
import { SOURCE_IDS, type KnownSourceId } from "./ids";
import { norgesBankSource } from "./norges-bank";
import type { FxSource } from "./types";

/**
 * The feeds, as data. The order is the priority order the blend uses to break
 * ties (see blend.ts): central banks' official reference rates first, then the
 * aggregators. Adding a feed = writing its adapter and listing it here.
 */
export const SOURCES: readonly FxSource[] = [ecbSource, bankOfCanadaSource, norgesBankSource, exchangeRateApiSource, currencyApiSource];

export { SOURCE_IDS, type KnownSourceId };

export function getSource(id: string): FxSource | undefined {
  return SOURCES.find((s) => s.id === id);
}

const baseUrlSchema = z.url({ protocol: /^https?$/ }).transform((url) => (url.endsWith("/") ? url : `${url}/`));

/**
 * The configuration the API builds from its validated env. Everything is optional;
 * `{}` means every source on, at its publisher's address, with the default HTTP policy.
 *   { sources: { "currency-api": { enabled: false }, ecb: { baseUrls: ["http://127.0.0.1:8080/ecb/"] } } }
 * baseUrls replaces the source's mirror list (tried in order); paths are appended.
 */
export const fxConfigSchema = z.object({
  timeoutMs: z.number().int().positive().default(FX_HTTP_DEFAULTS.timeoutMs),
  retries: z.number().int().min(0).max(10).default(FX_HTTP_DEFAULTS.retries),
  backoffMs: z.number().int().min(0).default(FX_HTTP_DEFAULTS.backoffMs),
  maxBackoffMs: z.number().int().min(0).default(FX_HTTP_DEFAULTS.maxBackoffMs),
  maxRetryAfterMs: z.number().int().min(0).default(FX_HTTP_DEFAULTS.maxRetryAfterMs),
  userAgent: z.string().min(1).default(FX_HTTP_DEFAULTS.userAgent),
  sources: z
    .partialRecord(
      z.enum(SOURCE_IDS),
      z.object({
        enabled: z.boolean().default(true),
        baseUrls: z.array(baseUrlSchema).min(1).optional(),
      }),
    )
    .default({}),
});

export type FxConfigInput = z.input<typeof fxConfigSchema>;
export type FxConfig = z.output<typeof fxConfigSchema>;

export interface ResolvedSource {
  source: FxSource;
  baseUrls: readonly string[];
}

/** The enabled sources in priority order, with their effective addresses. */
export function resolveSources(config: FxConfig): ResolvedSource[] {
  return SOURCES.flatMap((source) => {
    const override = config.sources[source.id as KnownSourceId];
    if (override && !override.enabled) return [];
    return [{ source, baseUrls: override?.baseUrls ?? source.baseUrls }];
  });
}
