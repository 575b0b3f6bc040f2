import { buyerCountry } from "@/components/commerce/buyer";
import { MarketplaceHome, type SearchParams } from "@/components/pages/marketplace-home";
import { api } from "@/lib/server/api";

export default async function MarketplacePage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const [params, { country }, caller] = await Promise.all([searchParams, buyerCountry(), api()]);
  return <MarketplaceHome params={params} country={country} caller={caller} />;
}
