import { describe, expect, it } from "vitest";
import { convert, rateBetween, ratesForBase, rebaseRates, type RatesDay } from "../src/convert";

const day: RatesDay = { date: "2025-01-10", rates: { USD: 1, EUR: 0.9, JPY: 150, KWD: 0.3, INR: 83 } };

describe("rebasing", () => {
  it("expresses every rate per unit of the new base", () => {
    expect(rebaseRates(day.rates, "EUR")).toEqual({ USD: 1.1111111, EUR: 1, JPY: 166.66667, KWD: 0.33333333, INR: 92.222222 });
    expect(rebaseRates(day.rates, "XYZ")).toBeNull();
  });

  it("gives the day's rates for a base, optionally limited to symbols", () => {
    expect(ratesForBase(day, "USD")).toEqual({ ok: true, value: day.rates });
    expect(ratesForBase(day, "JPY", ["USD", "EUR"])).toEqual({ ok: true, value: { USD: 0.0066666667, EUR: 0.006 } });
  });

  it("names every code that has no rate (the base first)", () => {
    expect(ratesForBase(day, "ABC", ["EUR", "XYZ", "XYZ"])).toEqual({ ok: false, missing: ["ABC", "XYZ"] });
  });

  it("rate between two currencies", () => {
    expect(rateBetween(day, "EUR", "KWD")).toBe(0.33333333);
    expect(rateBetween(day, "INR", "INR")).toBe(1);
    expect(rateBetween(day, "INR", "ABC")).toBeNull();
  });
});

describe("convert", () => {
  it("rounds the result to the target's minor units and formats the same digits", () => {
    expect(convert("USD", "JPY", 10.5, day)).toEqual({
      ok: true,
      value: { from: "USD", to: "JPY", amount: 10.5, rate: 150, result: 1575, formatted: "¥1,575", date: "2025-01-10" },
    });
    const kwd = convert("EUR", "KWD", 100, day);
    expect(kwd).toMatchObject({ ok: true, value: { rate: 0.33333333, result: 33.333, formatted: "KD 33.333" } });
    const usd = convert("INR", "USD", 1000, day);
    expect(usd).toMatchObject({ ok: true, value: { rate: 0.012048193, result: 12.05, formatted: "$12.05" } });
    const inr = convert("USD", "INR", 1.5, day);
    expect(inr).toMatchObject({ ok: true, value: { rate: 83, result: 124.5, formatted: "₹124.50" } });
  });

  it("reports the codes without a rate", () => {
    expect(convert("USD", "ABC", 1, day)).toEqual({ ok: false, missing: ["ABC"] });
    expect(convert("ABC", "ABC", 1, day)).toEqual({ ok: false, missing: ["ABC"] });
  });

  it("refuses a non-finite amount", () => {
    expect(() => convert("USD", "EUR", Number.NaN, day)).toThrow(RangeError);
  });
});
