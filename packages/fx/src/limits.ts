/**
 * Every number the exchange-rate service runs on, in one table (house rule: limits are data).
 * The API, the website and the docs read these instead of repeating them.
 */
export const FX_LIMITS = Object.freeze({
  /** The pivot every source is rebased to before blending, and the base of stored days. */
  pivot: "USD" as const,

  /**
   * Two values "agree" when each lies within this fraction of the median of all
   * values for that currency. 0.5 %: the reference feeds are snapshots taken hours
   * apart (ECB 14:15 CET, ExchangeRate-API near 00:00 UTC, Bank of Canada's daily
   * average), and majors rarely move more than that between snapshots; a gap
   * beyond it is a stale, broken or differently-defined quote.
   */
  blendTolerance: 0.005,

  /**
   * A source's newest day is still blended when it is at most this many calendar
   * days older than the newest day of any source: central banks do not publish on
   * weekends and holidays (Thursday before Easter → Tuesday after is 5 days).
   */
  maxSourceAgeDays: 5,

  /** Blended and rebased rates keep this many significant digits (feeds publish 4–8). */
  rateSignificantDigits: 8,

  /**
   * The largest |amount| /fx/convert accepts. Amounts are rounded through 15
   * significant digits (the most a double holds exactly); 10^12 with three
   * decimals is 15 digits, so every accepted amount survives rounding intact.
   */
  maxAbsAmount: 1e12,

  /** /fx/history: at most this many days in one answer (docs/api.md#errors: out of range → 400). */
  historyMaxDays: 366,

  /** /fx/latest symbols: at most this many codes in one request. */
  maxSymbols: 200,

  /** docs/api.md#limits: Cache-Control max-age, fresh and while feeds are down. */
  cacheSeconds: { fresh: 3600, stale: 600 },

  /** docs/api.md#limits: requests per minute per client address on /fx/*. */
  requestsPerMinutePerAddress: 120,
});

/** Defaults for the HTTP side of the feed adapters; each can be overridden by config. */
export const FX_HTTP_DEFAULTS = Object.freeze({
  timeoutMs: 10_000,
  /** Retries after the first attempt, on network errors, timeouts, 5xx and 429 only. */
  retries: 2,
  /** First backoff; doubled on each retry, then jittered (see sources/http.ts). */
  backoffMs: 500,
  maxBackoffMs: 8_000,
  /** A Retry-After longer than this is not waited for: the source is given up for this round. */
  maxRetryAfterMs: 60_000,
  userAgent: "streamkit-fx/1 (exchange-rate blend; daily fetch)",
});
