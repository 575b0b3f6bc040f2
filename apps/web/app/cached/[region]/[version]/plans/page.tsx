import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { PlansView, plansMetadata } from "@/components/pages/plans-view";
import { cachedRegion } from "@/lib/server/cached-region";

export const metadata: Metadata = plansMetadata;

// Segment config (literals, read by Next at build): never read the request; render on first visit, keep, and re-render in the background at most once a minute.
export const dynamic = "error";
export const revalidate = 60;
export const generateStaticParams = () => [];

/** The plans as every signed-out visitor of a region sees them (lib/cached-pages.ts); a signed-in visitor's offers are their own, so there is no members' copy. */
export default async function CachedPlansPage({ params }: { params: Promise<{ region: string }> }) {
  const { buyer, member } = await cachedRegion(params);
  if (member) notFound();
  return <PlansView caller={null} billing={null} buyer={buyer} cancelled={false} />;
}
