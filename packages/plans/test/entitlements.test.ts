import { describe, expect, it } from "vitest";
import { type EntitlementName, grants, planAtLeast, planFor, planNames, planTitles, plans, plansGranting } from "../src/plans";

const gates: EntitlementName[] = ["pluginDownload", "pluginPublish", "overlays", "inventory", "apiRequestsPerMinute"];

describe("entitlements an operation can require", () => {
  it("grants a yes/no entitlement when it is true", () => {
    expect(planNames.map((p) => grants(p, "pluginDownload"))).toEqual([false, true, true]);
    expect(planNames.map((p) => grants(p, "pluginPublish"))).toEqual([false, true, true]);
  });

  it("grants a count when it is above 0 (overlays: 0 means the plan cannot)", () => {
    expect(plans.free.entitlements.overlays).toBe(0);
    expect(planNames.map((p) => grants(p, "overlays"))).toEqual([false, true, true]);
    expect(planNames.map((p) => grants(p, "inventory"))).toEqual([true, true, true]);
  });

  it("names the cheapest plan that grants it", () => {
    expect(planFor("pluginDownload")).toBe("pro");
    expect(planFor("pluginPublish")).toBe("pro");
    expect(planFor("overlays")).toBe("pro");
    expect(planFor("inventory")).toBe("free");
  });

  it("lists the plans that grant it, cheapest first", () => {
    expect(plansGranting("pluginPublish")).toEqual(["pro", "ultimate"]);
    expect(plansGranting("inventory")).toEqual(["free", "pro", "ultimate"]);
  });

  // "The X plan or higher" in errors and documents is only true if no higher plan loses what a lower one has.
  it.each(gates)("%s: every plan from planFor upward grants it, and none below", (entitlement) => {
    const required = planFor(entitlement);
    for (const plan of planNames) expect(grants(plan, entitlement), plan).toBe(planAtLeast(plan, required));
  });

  it("words plan lists as a sentence does", () => {
    expect(planTitles(plansGranting("pluginDownload"))).toBe("Pro or Ultimate");
    expect(planTitles(["free", "pro", "ultimate"])).toBe("Free, Pro or Ultimate");
    expect(planTitles(["ultimate"])).toBe("Ultimate");
    expect(planTitles([])).toBe("");
  });
});
