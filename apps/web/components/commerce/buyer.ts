import "server-only";
import { currencyForCountry } from "@streamkit/plans";
import { cache } from "react";
import { currentCaller } from "@/lib/server/auth";
import { visitorCountry } from "@/lib/server/country";

export interface BuyerCountry {
  country: string | null;
  currency: "INR" | "USD";
  /** Where the country came from: the signed-in account's country, or the visitor's region (footer picker, CDN header, browser language). */
  source: "account" | "visitor";
}

/**
 * The country that decides what this visitor pays — the same rule as the
 * checkout itself (packages/api billing/checkout.ts): the account's country
 * when it has one, otherwise the visitor's region, which the buy page also
 * hands to the checkout.
 */
export const buyerCountry = cache(async (): Promise<BuyerCountry> => {
  const caller = await currentCaller();
  const accountCountry = caller?.account.country ?? null;
  const country = accountCountry ?? (await visitorCountry());
  return { country, currency: currencyForCountry(country), source: accountCountry ? "account" : "visitor" };
});

/** Whether the signed-in visitor has published any plugin (removed ones count: they may still have sales); read with the account itself. */
export async function isAuthor(): Promise<boolean> {
  return (await currentCaller())?.account.author ?? false;
}
