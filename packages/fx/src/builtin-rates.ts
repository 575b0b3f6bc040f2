import type { BlendedDay } from "./day";

/**
 * The last resort: a USD-based table shipped with the code, served (always with
 * stale: true) only when no feed can be read and no day is stored — a fresh
 * install with no network. Approximate mid-market rates around the date below,
 * to 4–5 significant digits; fixed pegs (AED, SAR, HKD band, XOF/XAF via EUR, …)
 * are exact or follow their anchor. Good enough to show something sensible, and
 * clearly labelled with its date; never a substitute for the feeds.
 * Every currency in currencies.ts has a rate here (a test checks it).
 */

export const BUILTIN_SOURCE_ID = "builtin";

export const BUILTIN_RATES_DATE = "2025-10-01";

export const BUILTIN_USD_RATES: Readonly<Record<string, number>> = Object.freeze({
  AED: 3.6725, AFN: 68.2, ALL: 83.3, AMD: 383.2, AOA: 916.0, ARS: 1425.0, AUD: 1.517,
  AWG: 1.79, AZN: 1.7, BAM: 1.666, BBD: 2.0, BDT: 121.7, BGN: 1.666, BHD: 0.376,
  BIF: 2960.0, BMD: 1.0, BND: 1.29, BOB: 6.91, BRL: 5.33, BSD: 1.0, BTN: 88.75,
  BWP: 13.6, BYN: 3.05, BZD: 2.0, CAD: 1.393, CDF: 2850.0, CHF: 0.7965, CLP: 955.0,
  CNY: 7.12, COP: 3900.0, CRC: 503.0, CUP: 24.0, CVE: 93.93, CZK: 20.75, DJF: 177.72,
  DKK: 6.357, DOP: 63.0, DZD: 130.0, EGP: 47.8, ERN: 15.0, ETB: 143.0, EUR: 0.8518,
  FJD: 2.27, FKP: 0.7435, GBP: 0.7435, GEL: 2.71, GHS: 12.0, GIP: 0.7435, GMD: 72.5,
  GNF: 8680.0, GTQ: 7.66, GYD: 209.2, HKD: 7.78, HNL: 26.2, HTG: 131.0, HUF: 333.0,
  IDR: 16650.0, ILS: 3.32, INR: 88.75, IQD: 1310.0, IRR: 42100.0, ISK: 122.0,
  JMD: 160.5, JOD: 0.709, JPY: 148.0, KES: 129.2, KGS: 87.4, KHR: 4010.0, KMF: 419.1,
  KPW: 900.0, KRW: 1400.0, KWD: 0.3055, KYD: 0.8333, KZT: 545.0, LAK: 21700.0,
  LBP: 89500.0, LKR: 302.0, LRD: 180.0, LSL: 17.4, LYD: 5.42, MAD: 9.05, MDL: 16.8,
  MGA: 4440.0, MKD: 52.4, MMK: 2100.0, MNT: 3590.0, MOP: 8.01, MRU: 39.9, MUR: 45.3,
  MVR: 15.42, MWK: 1740.0, MXN: 18.4, MYR: 4.21, MZN: 63.9, NAD: 17.4, NGN: 1480.0,
  NIO: 36.8, NOK: 9.98, NPR: 142.0, NZD: 1.72, OMR: 0.3845, PAB: 1.0, PEN: 3.48,
  PGK: 4.2, PHP: 58.0, PKR: 281.5, PLN: 3.63, PYG: 7100.0, QAR: 3.64, RON: 4.33,
  RSD: 99.9, RUB: 82.5, RWF: 1445.0, SAR: 3.75, SBD: 8.25, SCR: 14.4, SDG: 600.0,
  SEK: 9.4, SGD: 1.29, SHP: 0.7435, SLE: 23.0, SOS: 571.0, SRD: 38.5, SSP: 4650.0,
  STN: 20.87, SVC: 8.75, SYP: 13000.0, SZL: 17.4, THB: 32.4, TJS: 9.3, TMT: 3.5,
  TND: 2.93, TOP: 2.4, TRY: 41.6, TTD: 6.78, TWD: 30.5, TZS: 2460.0, UAH: 41.3,
  UGX: 3460.0, USD: 1.0, UYU: 39.9, UZS: 12100.0, VED: 190.0, VES: 190.0, VND: 26350.0,
  VUV: 120.0, WST: 2.78, XAF: 558.8, XCD: 2.7, XCG: 1.79, XOF: 558.8, XPF: 101.6,
  YER: 239.0, ZAR: 17.4, ZMW: 23.5, ZWG: 26.7,
});

/** The built-in table as a day, shaped like a blended one so every reader can use it. */
export function builtinDay(): BlendedDay {
  const rates = { ...BUILTIN_USD_RATES };
  const contributors: Record<string, string[]> = {};
  for (const code of Object.keys(rates)) contributors[code] = [BUILTIN_SOURCE_ID];
  return { date: BUILTIN_RATES_DATE, pivot: "USD", rates, contributors, sources: [BUILTIN_SOURCE_ID] };
}
