import { cookies } from "next/headers";
import { type BuyerCountry, buyerCountry } from "@/components/commerce/buyer";
import { COUNTRY_COOKIE } from "@/lib/cached-pages";
import { chooseRegion } from "@/lib/server/region-action";

const countryName = new Intl.DisplayNames(["en"], { type: "region" });

/** The picker for the page rendered for this visitor. */
export async function RegionPicker() {
  return <RegionPickerView buyer={await buyerCountry()} picked={(await cookies()).has(COUNTRY_COOKIE)} />;
}

/**
 * Lets a visitor say where they buy from: prices are in rupees in India and in
 * dollars elsewhere. A signed-in account with a country pays in that
 * country's currency wherever it browses from, so the picker then only says so.
 */
export function RegionPickerView({ buyer, picked }: { buyer: BuyerCountry; picked: boolean }) {
  const { country, currency, source } = buyer;
  if (source === "account" && country) {
    return (
      <p className="region-form">
        Prices in {currency === "INR" ? "₹ INR" : "$ USD"}, for your account’s country ({countryName.of(country) ?? country}).
      </p>
    );
  }
  const current = country === "IN" ? "IN" : "ZZ";
  return (
    <form action={chooseRegion} className="region-form">
      <label htmlFor="region">Prices for</label>
      <select key={current} id="region" name="country" defaultValue={current}>
        <option value="IN">India (₹ INR)</option>
        <option value="ZZ">Everywhere else ($ USD)</option>
      </select>
      <button type="submit" className="button secondary small">
        {picked ? "Change" : "Set"}
      </button>
    </form>
  );
}
