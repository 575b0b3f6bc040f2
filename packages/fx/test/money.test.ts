import { describe, expect, it } from "vitest";
import { CURRENCY_CODES, getCurrency } from "../src/currencies";
import { formatAmount, fromMinorUnits, isKnownCurrencyCode, parseAmount, parseCurrencyCode, roundToMinorUnits, toMinorUnits } from "../src/money";

describe("roundToMinorUnits", () => {
  it.each([
    [1234.5, "JPY", 1235],
    [-2.5, "JPY", -3],
    [1.23456, "KWD", 1.235],
    [1.0005, "KWD", 1.001],
    [1.005, "USD", 1.01],
    [83.125, "INR", 83.13],
    [83.124, "INR", 83.12],
    [1.2345, "IQD", 1.235], // ISO: 3 decimals (Intl says 0)
    [1.005, "HUF", 1.01], // ISO: 2 decimals (Intl says 0)
    [16250.555, "IDR", 16250.56], // ISO: 2 decimals (Intl says 0)
    [2.675, "GBP", 2.68], // Math.round(2.675 * 100) / 100 gives 2.67
    [0.1 + 0.2, "USD", 0.3],
    [-1.005, "USD", -1.01], // half away from zero
    [123456789012.345, "USD", 123456789012.35],
    [1e-7, "USD", 0],
    [1e21, "JPY", 1e21],
  ])("%d %s → %d", (amount, code, expected) => {
    expect(roundToMinorUnits(amount, code)).toBe(expected);
  });

  it("never returns negative zero", () => {
    expect(Object.is(roundToMinorUnits(-0.001, "USD"), 0)).toBe(true);
  });

  it("refuses non-finite amounts and unknown currencies", () => {
    expect(() => roundToMinorUnits(Number.NaN, "USD")).toThrow(RangeError);
    expect(() => roundToMinorUnits(Infinity, "USD")).toThrow(RangeError);
    expect(() => roundToMinorUnits(1, "XAU")).toThrow(RangeError);
  });
});

describe("minor units", () => {
  it("converts to and from integer minor units", () => {
    expect(toMinorUnits(12.345, "USD")).toBe(1235);
    expect(toMinorUnits(1.5, "JPY")).toBe(2);
    expect(toMinorUnits(-1.2345, "KWD")).toBe(-1235);
    expect(fromMinorUnits(1235, "USD")).toBe(12.35);
    expect(fromMinorUnits(1235, "KWD")).toBe(1.235);
    expect(fromMinorUnits(1235, "JPY")).toBe(1235);
    expect(() => fromMinorUnits(1.5, "USD")).toThrow(RangeError);
  });
});

describe("formatAmount", () => {
  it.each([
    [1234.5, "USD", "$1,234.50"],
    [1234.5, "JPY", "¥1,235"],
    [1234.5678, "KWD", "KD 1,234.568"],
    [83.125, "INR", "₹83.13"],
    [1000000, "EUR", "€1,000,000.00"],
    [10, "CAD", "CA$10.00"],
    [250, "CZK", "Kč 250.00"],
    [1234567.891, "IQD", "ID 1,234,567.891"],
    [999.995, "GBP", "£1,000.00"],
    [12, "PEN", "S/ 12.00"],
    [-5, "USD", "-$5.00"],
    [-0.001, "USD", "$0.00"],
    [0.5, "KRW", "₩1"],
  ])("%d %s → %s", (amount, code, expected) => {
    expect(formatAmount(amount, code)).toBe(expected);
  });

  it("writes exactly the digits of roundToMinorUnits, for every currency", () => {
    let seed = 42; // deterministic pseudo-random amounts across magnitudes, including half-way cases
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let i = 0; i < 3000; i++) {
      const code = CURRENCY_CODES[i % CURRENCY_CODES.length]!;
      const decimals = getCurrency(code)!.decimals;
      const amount = Number(((next() - 0.3) * 10 ** Math.floor(next() * 10)).toFixed(decimals + 1));
      const formatted = formatAmount(amount, code);
      const numberPart = /-?[\d,]+(?:\.\d+)?$/.exec(formatted)![0].replace(/,/g, "");
      expect(Number((formatted.startsWith("-") ? "-" : "") + numberPart), `${amount} ${code} → ${formatted}`).toBe(roundToMinorUnits(amount, code));
      expect(numberPart.split(".")[1]?.length ?? 0).toBe(decimals);
    }
  });
});

describe("parsing user input", () => {
  it("reads currency codes case-insensitively, three letters only", () => {
    expect(parseCurrencyCode("usd")).toBe("USD");
    expect(parseCurrencyCode(" EUR ")).toBe("EUR");
    for (const bad of ["US", "USDT", "12A", "", "U$D", 5, null, undefined]) expect(parseCurrencyCode(bad)).toBeNull();
  });

  it("knows which well-formed codes are real currencies", () => {
    expect(isKnownCurrencyCode("USD")).toBe(true);
    expect(isKnownCurrencyCode("ABC")).toBe(false);
    expect(isKnownCurrencyCode("XAU")).toBe(false);
    expect(isKnownCurrencyCode("usd")).toBe(false);
  });

  it("reads amounts in decimal or exponent notation and nothing else", () => {
    expect(parseAmount("10")).toBe(10);
    expect(parseAmount(" -2.5 ")).toBe(-2.5);
    expect(parseAmount(".5")).toBe(0.5);
    expect(parseAmount("1e3")).toBe(1000);
    expect(parseAmount(12.5)).toBe(12.5);
    expect(Object.is(parseAmount("-0"), 0)).toBe(true);
    for (const bad of ["", " ", "abc", "0x10", "Infinity", "1,000", "1e400", "1e13", Number.NaN, Infinity, null, {}]) {
      expect(parseAmount(bad), String(bad)).toBeNull();
    }
  });
});
