import "server-only";
import { currencyForCountry } from "@streamkit/plans";
import { notFound } from "next/navigation";
import type { BuyerCountry } from "@/components/commerce/buyer";
import { buyerOfRegion, isCachedRegion } from "@/lib/cached-pages";

/** The buyer a cached page's region stands for (lib/cached-pages.ts), and whether it was picked; an unknown region is no page. */
export async function cachedRegion(params: Promise<{ region: string }>): Promise<{ buyer: BuyerCountry; picked: boolean }> {
  const { region } = await params;
  if (!isCachedRegion(region)) notFound();
  const { country, picked } = buyerOfRegion(region);
  return { buyer: { country, currency: currencyForCountry(country), source: "visitor" }, picked };
}
