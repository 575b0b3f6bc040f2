import { cookies } from "next/headers";
import { visitorCountry } from "@/lib/server/country";
import { chooseRegion } from "@/lib/server/region-action";

/** Lets a visitor say where they buy from: prices are in rupees in India and in dollars elsewhere. */
export async function RegionPicker() {
  const country = await visitorCountry();
  const picked = (await cookies()).has("country");
  const current = country === "IN" ? "IN" : "ZZ";
  return (
    <form action={chooseRegion} className="region-form">
      <label htmlFor="region">Prices for</label>
      <select id="region" name="country" defaultValue={current}>
        <option value="IN">India (₹ INR)</option>
        <option value="ZZ">Everywhere else ($ USD)</option>
      </select>
      <button type="submit" className="button secondary small">
        {picked ? "Change" : "Set"}
      </button>
    </form>
  );
}
