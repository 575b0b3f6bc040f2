import { MarketplaceHome } from "@/components/pages/marketplace-home";
import { anonymousApi } from "@/lib/server/api";
import { cachedRegion } from "@/lib/server/cached-region";

// Segment config (literals, read by Next at build): never read the request; render on first visit, keep, and re-render in the background at most once a minute.
export const dynamic = "error";
export const revalidate = 60;
export const generateStaticParams = () => [];

/** The marketplace's home as every signed-out visitor of a region sees it (lib/cached-pages.ts). */
export default async function CachedMarketplacePage({ params }: { params: Promise<{ region: string }> }) {
  const [{ buyer }, caller] = await Promise.all([cachedRegion(params), anonymousApi()]);
  return <MarketplaceHome params={{}} country={buyer.country} caller={caller} />;
}
