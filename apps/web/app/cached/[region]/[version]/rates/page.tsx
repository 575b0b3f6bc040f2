import type { Metadata } from "next";
import { RatesView, ratesMetadata } from "@/components/pages/rates-view";
import { anonymousApi } from "@/lib/server/api";

export const metadata: Metadata = ratesMetadata;

// Segment config (literals, read by Next at build): never read the request; render on first visit, keep, and re-render in the background at most once a minute.
export const dynamic = "error";
export const revalidate = 60;
export const generateStaticParams = () => [];

/** The converter with its defaults, as every signed-out visitor sees it until they choose (lib/cached-pages.ts). */
export default async function CachedRatesPage() {
  return <RatesView params={{}} caller={await anonymousApi()} />;
}
