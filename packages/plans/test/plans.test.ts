import { describe, expect, it } from "vitest";
import { cheapestPlanWhere, planAtLeast, planNames, plans } from "../src/plans";
import { chargeFor, currencyForCountry, priceOf, priceTiers } from "../src/prices";

describe("plans", () => {
  it("holds the entitlements of docs/api.md#limits", () => {
    expect(planNames.map((p) => plans[p].entitlements.apiRequestsPerMinute)).toEqual([10, 10, 10]);
    expect(planNames.map((p) => plans[p].entitlements.overlays)).toEqual([0, 25, 200]);
    expect(planNames.map((p) => plans[p].entitlements.inventory)).toEqual([50, 200, 1000]);
    expect(planNames.map((p) => plans[p].entitlements.pluginDownload)).toEqual([false, true, true]);
    expect(planNames.map((p) => plans[p].entitlements.pluginPublish)).toEqual([false, true, true]);
    expect(planNames.map((p) => plans[p].entitlements.assetStorageBytes)).toEqual([0, 100 * 1024 * 1024, 1024 * 1024 * 1024]);
  });

  it("orders plans cheapest first", () => {
    expect(planAtLeast("free", "pro")).toBe(false);
    expect(planAtLeast("pro", "pro")).toBe(true);
    expect(planAtLeast("ultimate", "pro")).toBe(true);
    expect(planAtLeast("pro", "ultimate")).toBe(false);
  });

  it("finds the cheapest plan with an entitlement", () => {
    expect(cheapestPlanWhere((e) => e.pluginPublish)).toBe("pro");
    expect(cheapestPlanWhere((e) => e.overlays >= 100)).toBe("ultimate");
    expect(cheapestPlanWhere((e) => e.overlays > 1000)).toBeNull();
  });
});

describe("prices", () => {
  it("holds the tiers of docs/payments.md#price-tiers", () => {
    expect(priceTiers).toEqual({
      t1: { INR: 49, USD: 1 },
      t2: { INR: 99, USD: 2 },
      t3: { INR: 199, USD: 3 },
      t4: { INR: 399, USD: 5 },
      t5: { INR: 799, USD: 10 },
    });
    expect(priceOf("t4")).toEqual({ tier: "t4", INR: 399, USD: 5 });
    expect(priceOf(null)).toBeNull();
  });

  it("charges rupees in India and dollars elsewhere, in minor units", () => {
    expect(currencyForCountry("IN")).toBe("INR");
    expect(currencyForCountry("in")).toBe("INR");
    expect(currencyForCountry("US")).toBe("USD");
    expect(currencyForCountry(null)).toBe("USD");
    expect(chargeFor("t2", "IN")).toEqual({ currency: "INR", amount: 9900 });
    expect(chargeFor("t5", "DE")).toEqual({ currency: "USD", amount: 1000 });
  });
});

describe("commerce rules", async () => {
  const { authorShare, commerce, refundWindowEnds } = await import("../src/commerce");
  it("gives authors 80 %, rounded down to the minor unit", () => {
    expect(authorShare(9900)).toBe(7920);
    expect(authorShare(199)).toBe(159);
    expect(authorShare(1)).toBe(0);
    expect(authorShare(0)).toBe(0);
    expect(() => authorShare(1.5)).toThrow(RangeError);
  });
  it("holds sales for the 14-day refund window", () => {
    expect(refundWindowEnds(new Date("2026-11-01T10:00:00.000Z")).toISOString()).toBe("2026-11-15T10:00:00.000Z");
    expect(commerce.payoutMinimum).toEqual({ INR: 100000, USD: 2500 });
  });
});
