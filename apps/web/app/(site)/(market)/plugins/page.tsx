import { buyerCountry } from "@/components/commerce/buyer";
import { MarketplaceHome } from "@/components/pages/marketplace-home";
import type { SearchParams } from "@/components/discovery/browse-params";
import { api } from "@/lib/server/api";

/** /plugins: the marketplace's grid with its categories, search, sorts and filters (the home page shows the same at /). */
export default async function PluginsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const [params, { country }, caller] = await Promise.all([searchParams, buyerCountry(), api()]);
  return <MarketplaceHome params={params} country={country} caller={caller} base="/plugins" />;
}
