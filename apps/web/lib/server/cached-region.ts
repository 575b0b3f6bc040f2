import "server-only";
import { currencyForCountry } from "@streamkit/plans";
import { notFound } from "next/navigation";
import type { BuyerCountry } from "@/components/commerce/buyer";
import { buyerOfRegion, isCachedRegion } from "@/lib/cached-pages";

/**
 * Whom a cached page's copy is for (lib/cached-pages.ts): the buyer its prices
 * are for, whether the region was picked, and whether the visitor is signed in
 * (a members' copy); an unknown region is no page.
 */
export async function cachedRegion(params: Promise<{ region: string }>): Promise<{ buyer: BuyerCountry; picked: boolean; member: boolean }> {
  const { region } = await params;
  if (!isCachedRegion(region)) notFound();
  const { country, source, picked, member } = buyerOfRegion(region);
  return { buyer: { country, currency: currencyForCountry(country), source }, picked, member };
}
