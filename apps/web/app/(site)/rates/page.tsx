import type { Metadata } from "next";
import { RatesView, ratesMetadata, type SearchParams } from "@/components/pages/rates-view";
import { api } from "@/lib/server/api";

export const metadata: Metadata = ratesMetadata;

export default async function RatesPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const [params, caller] = await Promise.all([searchParams, api()]);
  return <RatesView params={params} caller={caller} />;
}
