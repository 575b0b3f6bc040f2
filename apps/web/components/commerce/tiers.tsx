import { type Price, type PriceTier, priceTiers } from "@streamkit/plans";

const whole = {
  INR: new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR", maximumFractionDigits: 0 }),
  USD: new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 }),
};

/** A listing price in whole rupees or dollars: "₹199", "$3". */
export function formatWhole(amount: number, currency: "INR" | "USD"): string {
  return whole[currency].format(amount);
}

/** A tier's two prices, as the author and the operator see them: "₹199 in India · $3 elsewhere". */
export function tierAmounts(tier: PriceTier): string {
  const { INR, USD } = priceTiers[tier];
  return `${formatWhole(INR, "INR")} in India · ${formatWhole(USD, "USD")} elsewhere`;
}

/** A listing's price (or a tier) with both amounts, or "Free". */
export function PriceWithTier({ price }: { price: Pick<Price, "tier"> | null }) {
  if (!price) return <span className="price free">Free</span>;
  return (
    <span>
      <strong>{tierAmounts(price.tier)}</strong> <span className="badge">{price.tier}</span>
    </span>
  );
}
