/**
 * @streamkit/fx — the exchange-rate domain: the ISO 4217 table, money rounding
 * and formatting, the feed adapters, the blend, conversion, the built-in table and
 * the §4.3 response schemas. No database: the API stores the blended days.
 * Pure parts can be imported alone (e.g. "@streamkit/fx/money") to keep the
 * feed adapters out of a browser bundle.
 */
export {
  CURRENCIES,
  CURRENCY_CODES,
  ISO_CODES_NOT_QUOTED,
  POPULAR_CURRENCY_CODES,
  currencySchema,
  getCurrency,
  isSupportedCurrency,
  minorUnitsOf,
  type Currency,
} from "./currencies";
export { FX_HTTP_DEFAULTS, FX_LIMITS } from "./limits";
export {
  CURRENCY_CODE_PATTERN,
  formatAmount,
  fromMinorUnits,
  isCurrencyCode,
  isKnownCurrencyCode,
  parseAmount,
  parseCurrencyCode,
  roundToMinorUnits,
  toMinorUnits,
} from "./money";
export {
  blendedDaySchema,
  daysBetween,
  isIsoDate,
  sourceDaySchema,
  sourceIdSchema,
  utcDate,
  type BlendedDay,
  type SourceDay,
  type SourceId,
} from "./day";
export { blend, pickRate, toSignificant, type BlendOptions } from "./blend";
export { convert, rateBetween, ratesForBase, rebaseRates, type Conversion, type Lookup, type RatesDay } from "./convert";
export { BUILTIN_RATES_DATE, BUILTIN_SOURCE_ID, BUILTIN_USD_RATES, builtinDay } from "./builtin-rates";
export { providerFor } from "./provider";
export {
  amountParamSchema,
  convertResponseSchema,
  currenciesResponseSchema,
  currencyCodeParamSchema,
  currencyCodeSchema,
  historyDaySchema,
  historyResponseSchema,
  isoDateSchema,
  latestResponseSchema,
  providerSchema,
  ratesSchema,
  symbolsParamSchema,
  type ConvertResponse,
  type CurrenciesResponse,
  type HistoryResponse,
  type LatestResponse,
  type Provider,
} from "./schemas";
export {
  SOURCES,
  SOURCE_IDS,
  fxConfigSchema,
  getSource,
  resolveSources,
  type FxConfig,
  type FxConfigInput,
  type KnownSourceId,
  type ResolvedSource,
} from "./sources/registry";
export type { FeedEndpoint, FxSource, ParsedFeed, SourceSchedule } from "./sources/types";
export { FeedError, fetchText, type FeedErrorKind, type FetchLike, type HttpPolicy } from "./sources/http";
export { fetchSource, type FetchMode, type SourceFetch } from "./sources/fetch-source";
export { parseEcbXml } from "./sources/ecb";
export { parseExchangeRateApiJson } from "./sources/exchangerate-api";
export { parseCurrencyApiJson } from "./sources/currency-api";
export { parseBankOfCanadaJson } from "./sources/bank-of-canada";
export { parseNorgesBankCsv } from "./sources/norges-bank";
export {
  buildDay,
  buildDays,
  feedsDown,
  fetchAllSources,
  notBefore,
  type FetchAllOptions,
  type FetchAllResult,
  type SkippedSource,
  type SourceFailure,
  type SourceResult,
  type SourceState,
  type SourceStates,
} from "./refresh";
