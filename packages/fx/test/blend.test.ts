import { describe, expect, it } from "vitest";
import { blend, pickRate, toSignificant } from "../src/blend";
import type { BlendedDay, SourceDay } from "../src/day";
import { blendedDaySchema } from "../src/day";
import { buildDay } from "../src/refresh";

const DATE = "2025-01-10";
const usdDay = (source: string, rates: Record<string, number>, date = DATE): SourceDay => ({
  source,
  date,
  base: "USD",
  rates: { USD: 1, ...rates },
});
const previousDay = (rates: Record<string, number>): BlendedDay => ({
  date: "2025-01-09",
  pivot: "USD",
  rates: { USD: 1, ...rates },
  contributors: {},
  sources: [],
});
const mean = (...values: number[]) => toSignificant(values.reduce((a, b) => a + b, 0) / values.length);

describe("blend", () => {
  it("averages values that agree within the tolerance, rebasing each source to USD", () => {
    const day = blend([
      // ECB quotes per EUR: 1 EUR = 1.0304 USD = 163.02 JPY → 1 USD = 0.97049689 EUR, 158.2104 JPY
      { source: "ecb", date: DATE, base: "EUR", rates: { EUR: 1, USD: 1.0304, JPY: 163.02 } },
      usdDay("exchangerate-api", { EUR: 0.9705, JPY: 158.21 }),
      usdDay("currency-api", { EUR: 0.97062, JPY: 158.3 }),
    ]);
    expect(day).not.toBeNull();
    expect(day!.rates.EUR).toBe(mean(1 / 1.0304, 0.9705, 0.97062));
    expect(day!.rates.JPY).toBe(mean(163.02 / 1.0304, 158.21, 158.3));
    expect(day!.rates.USD).toBe(1);
    expect(day!.contributors.EUR).toEqual(["ecb", "exchangerate-api", "currency-api"]);
    expect(day!.sources).toEqual(["ecb", "exchangerate-api", "currency-api"]);
    expect(day!.date).toBe(DATE);
    expect(blendedDaySchema.parse(day)).toEqual(day);
  });

  it("rejects one outlier among three and averages the rest", () => {
    const day = blend([usdDay("ecb", { JPY: 150 }), usdDay("exchangerate-api", { JPY: 150.2 }), usdDay("currency-api", { JPY: 165 })]);
    expect(day!.rates.JPY).toBe(150.1);
    expect(day!.contributors.JPY).toEqual(["ecb", "exchangerate-api"]);
  });

  it("rejects outliers one at a time among four", () => {
    const day = blend([
      usdDay("ecb", { INR: 86.1 }),
      usdDay("norges-bank", { INR: 86.2 }),
      usdDay("exchangerate-api", { INR: 86.15 }),
      usdDay("currency-api", { INR: 8.615 }), // a decimal slip
    ]);
    expect(day!.rates.INR).toBe(mean(86.1, 86.2, 86.15));
    expect(day!.contributors.INR).toEqual(["ecb", "norges-bank", "exchangerate-api"]);
  });

  it("when two disagree, keeps the value nearest to the previous day's rate", () => {
    const inputs = [usdDay("ecb", { TRY: 35.4 }), usdDay("exchangerate-api", { TRY: 36.9 })];
    const nearHigh = blend(inputs, previousDay({ TRY: 36.7 }));
    expect(nearHigh!.rates.TRY).toBe(36.9);
    expect(nearHigh!.contributors.TRY).toEqual(["exchangerate-api"]);
    const nearLow = blend(inputs, previousDay({ TRY: 35.3 }));
    expect(nearLow!.rates.TRY).toBe(35.4);
    expect(nearLow!.contributors.TRY).toEqual(["ecb"]);
  });

  it("when two disagree and there is no previous rate, keeps the higher-priority source whatever the input order", () => {
    const day = blend([usdDay("currency-api", { ARS: 1200 }), usdDay("exchangerate-api", { ARS: 1043.5 })]);
    expect(day!.rates.ARS).toBe(1043.5); // exchangerate-api ranks above currency-api
    expect(day!.contributors.ARS).toEqual(["exchangerate-api"]);
    const noPreviousForThisCode = blend([usdDay("currency-api", { ARS: 1200 }), usdDay("exchangerate-api", { ARS: 1043.5 })], previousDay({ EUR: 0.97 }));
    expect(noPreviousForThisCode!.rates.ARS).toBe(1043.5);
  });

  it("falls back to the previous day when three all disagree (two remain after the outlier)", () => {
    const day = blend([usdDay("ecb", { EGP: 48 }), usdDay("exchangerate-api", { EGP: 50.6 }), usdDay("currency-api", { EGP: 53 })], previousDay({ EGP: 50.4 }));
    expect(day!.rates.EGP).toBe(50.6);
    expect(day!.contributors.EGP).toEqual(["exchangerate-api"]);
  });

  it("takes a currency that only one source quotes from that source", () => {
    const day = blend([usdDay("ecb", { EUR: 0.97 }), usdDay("exchangerate-api", { EUR: 0.9705, KWD: 0.3083 })]);
    expect(day!.rates.KWD).toBe(0.3083);
    expect(day!.contributors.KWD).toEqual(["exchangerate-api"]);
    expect(day!.contributors.EUR).toEqual(["ecb", "exchangerate-api"]);
  });

  it("treats a value exactly at the tolerance as agreeing, and one just beyond as not", () => {
    const at = blend([usdDay("ecb", { CHF: 1 }), usdDay("exchangerate-api", { CHF: 1.01 })], null, { tolerance: 0.005 });
    // median 1.005; each is 0.4975 % away
    expect(at!.contributors.CHF).toEqual(["ecb", "exchangerate-api"]);
    const beyond = blend([usdDay("ecb", { CHF: 1 }), usdDay("exchangerate-api", { CHF: 1.0102 })], null, { tolerance: 0.005 });
    expect(beyond!.contributors.CHF).toEqual(["ecb"]);
  });

  it("uses each source's newest day, dates the blend by the newest, and leaves out sources too far behind", () => {
    const day = blend([
      usdDay("ecb", { EUR: 0.95 }, "2025-01-09"),
      usdDay("ecb", { EUR: 0.97 }, "2025-01-10"),
      usdDay("exchangerate-api", { EUR: 0.9702 }, "2025-01-13"), // Monday; ECB's Friday still counts
      usdDay("bank-of-canada", { EUR: 0.5 }, "2024-12-20"), // weeks old
    ]);
    expect(day!.date).toBe("2025-01-13");
    expect(day!.rates.EUR).toBe(mean(0.97, 0.9702));
    expect(day!.sources).toEqual(["ecb", "exchangerate-api"]);
  });

  it("leaves out a source that has no USD rate to rebase with", () => {
    const day = blend([{ source: "norges-bank", date: DATE, base: "NOK", rates: { NOK: 1, EUR: 0.085 } }, usdDay("exchangerate-api", { EUR: 0.9705 })]);
    expect(day!.sources).toEqual(["exchangerate-api"]);
    expect(day!.rates.EUR).toBe(0.9705);
  });

  it("keeps rates to 8 significant digits", () => {
    const day = blend([usdDay("ecb", { EUR: 0.970493 }), usdDay("exchangerate-api", { EUR: 0.97050001 })]);
    expect(day!.rates.EUR).toBe(0.97049651);
  });

  it("returns null when nothing was read — the caller serves stale or built-in rates", () => {
    expect(blend([])).toBeNull();
    expect(buildDay([], previousDay({ EUR: 0.97 }))).toBeNull();
    expect(blend([usdDay("ecb", {})])).toBeNull(); // only USD itself: nothing to serve
  });
});

describe("pickRate", () => {
  it("breaks a tie in distance from the median by dropping the lower-priority source", () => {
    const picked = pickRate(
      [
        { source: "a", value: 0.9 },
        { source: "b", value: 1 },
        { source: "c", value: 1.1 },
      ],
      undefined,
      0.005,
    );
    // a and c are equally far (10 %) from the median 1: c (lower priority) goes first,
    // then a and b still disagree and with no previous rate a (higher priority) stays.
    expect(picked).toEqual({ value: 0.9, sources: ["a"] });
  });
});
