import { z } from "zod";

/**
 * Price tiers of docs/payments.md#price-tiers. Listing prices are whole rupees and dollars;
 * money moving through checkout and the ledger is in minor units (paise, cents).
 */
export const priceTiers = {
  t1: { INR: 49, USD: 1 },
  t2: { INR: 99, USD: 2 },
  t3: { INR: 199, USD: 3 },
  t4: { INR: 399, USD: 5 },
  t5: { INR: 799, USD: 10 },
} as const satisfies Record<string, { INR: number; USD: number }>;

export type PriceTier = keyof typeof priceTiers;
export const priceTierNames = Object.keys(priceTiers) as PriceTier[];
export const priceTierSchema = z.enum(priceTierNames as [PriceTier, ...PriceTier[]]).meta({ id: "PriceTier" });

export const saleCurrencies = ["INR", "USD"] as const;
export type SaleCurrency = (typeof saleCurrencies)[number];

/** Minor units per major unit of each sale currency. */
export const minorUnitsPerMajor: Record<SaleCurrency, number> = { INR: 100, USD: 100 };

export interface Price {
  tier: PriceTier;
  INR: number;
  USD: number;
}

export function priceOf(tier: PriceTier | null | undefined): Price | null {
  if (!tier) return null;
  const amounts = priceTiers[tier];
  return { tier, INR: amounts.INR, USD: amounts.USD };
}

/** A paid plugin costs the INR amount in India and the USD amount everywhere else. */
export function currencyForCountry(country: string | null | undefined): SaleCurrency {
  return country?.toUpperCase() === "IN" ? "INR" : "USD";
}

/** The amount a buyer in `country` pays, in minor units, with its currency. */
export function chargeFor(tier: PriceTier, country: string | null | undefined): { currency: SaleCurrency; amount: number } {
  const currency = currencyForCountry(country);
  return { currency, amount: priceTiers[tier][currency] * minorUnitsPerMajor[currency] };
}
