import { describe, expect, it } from "vitest";
import { builtinDay } from "../src/builtin-rates";
import { CURRENCIES } from "../src/currencies";
import { convert, ratesForBase } from "../src/convert";
import { providerFor } from "../src/provider";
import {
  amountParamSchema,
  convertResponseSchema,
  currenciesResponseSchema,
  currencyCodeParamSchema,
  historyResponseSchema,
  latestResponseSchema,
  symbolsParamSchema,
} from "../src/schemas";

const day = builtinDay();

describe("response schemas", () => {
  it("accept what the domain functions produce", () => {
    const rates = ratesForBase(day, "EUR", ["USD", "JPY"]);
    if (!rates.ok) throw new Error("expected rates");
    const provider = providerFor(["ecb", "exchangerate-api"]);
    const latest = { base: "EUR", rates: rates.value, date: day.date, fetchedAt: "2025-10-01T16:05:00.000Z", stale: true, provider };
    expect(latestResponseSchema.parse(latest)).toEqual(latest);

    const conversion = convert("USD", "INR", 100, day);
    if (!conversion.ok) throw new Error("expected a conversion");
    const converted = { ...conversion.value, stale: false, provider: { name: provider.name } };
    expect(convertResponseSchema.parse(converted)).toEqual(converted);

    const currencies = { currencies: [...CURRENCIES], date: day.date };
    expect(currenciesResponseSchema.parse(currencies)).toEqual(currencies);
  });

  it("reject malformed responses", () => {
    const provider = providerFor([]);
    const base = { base: "USD", rates: { EUR: 0.9 }, date: "2025-10-01", fetchedAt: "2025-10-01T00:00:00.000Z", stale: false, provider };
    expect(latestResponseSchema.safeParse(base).success).toBe(true);
    expect(latestResponseSchema.safeParse({ ...base, rates: { eur: 0.9 } }).success).toBe(false);
    expect(latestResponseSchema.safeParse({ ...base, rates: { EUR: -1 } }).success).toBe(false);
    expect(latestResponseSchema.safeParse({ ...base, date: "2025-13-01" }).success).toBe(false);
    expect(latestResponseSchema.safeParse({ ...base, fetchedAt: "yesterday" }).success).toBe(false);
  });

  it("cap history at 366 days", () => {
    const days = Array.from({ length: 367 }, (_, i) => ({
      date: new Date(Date.UTC(2024, 0, 1 + i)).toISOString().slice(0, 10),
      rates: { EUR: 0.9 },
    }));
    const history = { base: "USD", from: days[0]!.date, to: days.at(-1)!.date, days };
    expect(historyResponseSchema.safeParse(history).success).toBe(false);
    expect(historyResponseSchema.safeParse({ ...history, days: days.slice(1) }).success).toBe(true);
  });
});

describe("query parameter schemas", () => {
  it("read currency codes", () => {
    expect(currencyCodeParamSchema.parse(" usd ")).toBe("USD");
    expect(currencyCodeParamSchema.safeParse("US").success).toBe(false);
  });

  it("read a symbols list, removing duplicates", () => {
    expect(symbolsParamSchema.parse("eur, gbp,EUR")).toEqual(["EUR", "GBP"]);
    expect(symbolsParamSchema.safeParse("EUR,x1").success).toBe(false);
    expect(symbolsParamSchema.safeParse(" , ").success).toBe(false);
  });

  it("read amounts", () => {
    expect(amountParamSchema.parse("12.5")).toBe(12.5);
    expect(amountParamSchema.safeParse("abc").success).toBe(false);
    expect(amountParamSchema.safeParse("1e13").success).toBe(false);
  });
});
