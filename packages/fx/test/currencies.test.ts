import { describe, expect, it } from "vitest";
import { BUILTIN_RATES_DATE, BUILTIN_USD_RATES, builtinDay } from "../src/builtin-rates";
import { CURRENCIES, CURRENCY_CODES, ISO_CODES_NOT_QUOTED, POPULAR_CURRENCY_CODES, currencySchema, getCurrency, minorUnitsOf } from "../src/currencies";
import { blendedDaySchema, isIsoDate } from "../src/day";

describe("the ISO 4217 table", () => {
  it("has unique, sorted, well-formed entries", () => {
    expect(new Set(CURRENCY_CODES).size).toBe(CURRENCY_CODES.length);
    expect([...CURRENCY_CODES].sort()).toEqual(CURRENCY_CODES);
    for (const currency of CURRENCIES) expect(currencySchema.parse(currency)).toEqual(currency);
    expect(CURRENCIES.length).toBeGreaterThan(150);
  });

  it("uses ISO minor units where Node's Intl disagrees", () => {
    const iso: Record<string, number> = {
      AFN: 2,
      ALL: 2,
      COP: 2,
      HUF: 2,
      IDR: 2,
      IQD: 3,
      IRR: 2,
      KPW: 2,
      LAK: 2,
      LBP: 2,
      MGA: 2,
      MMK: 2,
      PKR: 2,
      SOS: 2,
      SYP: 2,
      YER: 2,
    };
    for (const [code, decimals] of Object.entries(iso)) expect(minorUnitsOf(code), code).toBe(decimals);
  });

  it("has the familiar zero- and three-decimal currencies", () => {
    for (const code of ["JPY", "KRW", "CLP", "ISK", "VND", "XOF", "XAF", "UGX", "PYG"]) expect(minorUnitsOf(code), code).toBe(0);
    for (const code of ["KWD", "BHD", "OMR", "JOD", "TND", "LYD", "IQD"]) expect(minorUnitsOf(code), code).toBe(3);
    for (const code of ["USD", "EUR", "INR", "GBP"]) expect(minorUnitsOf(code), code).toBe(2);
  });

  it("leaves out fund codes, metals, units of account and withdrawn currencies", () => {
    for (const code of [...ISO_CODES_NOT_QUOTED, "HRK", "SLL", "ZWL", "CUC", "VEF", "MRO", "STD", "BYR", "ANG"]) {
      expect(getCurrency(code), code).toBeUndefined();
    }
  });

  it("marks about fifteen popular currencies", () => {
    expect(POPULAR_CURRENCY_CODES).toHaveLength(15);
    expect(
      CURRENCIES.filter((c) => c.popular)
        .map((c) => c.code)
        .sort(),
    ).toEqual([...POPULAR_CURRENCY_CODES].sort());
  });

  it("uses symbols that stay left-to-right inside a formatted amount", () => {
    const rightToLeft = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/;
    for (const c of CURRENCIES) expect(rightToLeft.test(c.symbol), `${c.code} ${c.symbol}`).toBe(false);
    expect(getCurrency("KWD")?.symbol).toBe("KD");
    expect(getCurrency("INR")?.symbol).toBe("₹");
  });
});

describe("the built-in table", () => {
  it("has a positive rate for exactly the currencies in the table, USD based", () => {
    expect(Object.keys(BUILTIN_USD_RATES).sort()).toEqual([...CURRENCY_CODES]);
    for (const [code, rate] of Object.entries(BUILTIN_USD_RATES)) expect(rate > 0 && Number.isFinite(rate), code).toBe(true);
    expect(BUILTIN_USD_RATES.USD).toBe(1);
    expect(isIsoDate(BUILTIN_RATES_DATE)).toBe(true);
  });

  it("is shaped like a stored day", () => {
    const day = builtinDay();
    expect(blendedDaySchema.parse(day)).toEqual(day);
    expect(day.sources).toEqual(["builtin"]);
  });

  it("keeps fixed pegs consistent with their anchor", () => {
    const r = BUILTIN_USD_RATES;
    expect(r.XOF! / r.EUR!).toBeCloseTo(655.957, 0);
    expect(r.BGN! / r.EUR!).toBeCloseTo(1.95583, 2);
    expect(r.AED).toBe(3.6725);
    expect(r.SAR).toBe(3.75);
  });
});
