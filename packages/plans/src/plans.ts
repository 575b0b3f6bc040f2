import { z } from "zod";

/** The plans of SPEC §8, cheapest first: the order decides "at least this plan". */
export const planNames = ["free", "pro", "ultimate"] as const;
export type PlanName = (typeof planNames)[number];
export const planNameSchema = z.enum(planNames).meta({ id: "PlanName" });

export interface Entitlements {
  /** Key-authenticated requests per minute, shared by all of an account's keys. */
  apiRequestsPerMinute: number;
  /** Overlays the account may create, update or fork (0: the plan cannot). */
  overlays: number;
  /** Items the account's inventory may hold. */
  inventory: number;
  /** The most demanding marketplace tier the account may use (free items, free + pro, all). */
  marketplaceTier: PlanName;
  /** GET /plugins/:slug/package. */
  pluginDownload: boolean;
  /** POST /plugins. */
  pluginPublish: boolean;
}

export interface Plan {
  name: PlanName;
  title: string;
  summary: string;
  entitlements: Entitlements;
}

/** One table of entitlements: every check and the plans page read it. */
export const plans: Record<PlanName, Plan> = {
  free: {
    name: "free",
    title: "Free",
    summary: "Browse the marketplace, add the predefined overlays your plan allows and use the API.",
    entitlements: {
      apiRequestsPerMinute: 10,
      overlays: 0,
      inventory: 50,
      marketplaceTier: "free",
      pluginDownload: false,
      pluginPublish: false,
    },
  },
  pro: {
    name: "pro",
    title: "Pro",
    summary: "Download and publish plugins, and create up to 25 overlays of your own.",
    entitlements: {
      apiRequestsPerMinute: 10,
      overlays: 25,
      inventory: 200,
      marketplaceTier: "pro",
      pluginDownload: true,
      pluginPublish: true,
    },
  },
  ultimate: {
    name: "ultimate",
    title: "Ultimate",
    summary: "Everything in Pro, up to 200 overlays, and every marketplace widget, overlay and theme.",
    entitlements: {
      apiRequestsPerMinute: 10,
      overlays: 200,
      inventory: 1000,
      marketplaceTier: "ultimate",
      pluginDownload: true,
      pluginPublish: true,
    },
  },
};

export function planRank(plan: PlanName): number {
  return planNames.indexOf(plan);
}

/** True when `plan` is `required` or a higher plan. */
export function planAtLeast(plan: PlanName, required: PlanName): boolean {
  return planRank(plan) >= planRank(required);
}

/** The cheapest plan whose entitlements satisfy `test`. */
export function cheapestPlanWhere(test: (e: Entitlements) => boolean): PlanName | null {
  return planNames.find((name) => test(plans[name].entitlements)) ?? null;
}
