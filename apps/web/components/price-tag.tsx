import type { Listing } from "@streamkit/api-contract";
import { currencyForCountry } from "@streamkit/plans";

const formatters = {
  INR: new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR", maximumFractionDigits: 0 }),
  USD: new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 }),
};

/** The price a visitor from `country` pays: rupees in India, dollars elsewhere. */
export function formatPrice(price: NonNullable<Listing["price"]>, country: string | null): string {
  const currency = currencyForCountry(country);
  return formatters[currency].format(price[currency]);
}

export function PriceTag({ price, country }: { price: Listing["price"]; country: string | null }) {
  if (!price) return <span className="price free">Free</span>;
  return <span className="price">{formatPrice(price, country)}</span>;
}
