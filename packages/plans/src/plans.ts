import { z } from "zod";

/** The plans of docs/api.md#limits, cheapest first: the order decides "at least this plan". */
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
  /**
   * Bytes of pictures the account's asset library may hold, as stored after
   * re-encoding (0: the plan cannot upload). Decided by the database under the
   * account's row lock (packages/api/src/assets).
   */
  assetStorageBytes: number;
}

const MiB = 1024 * 1024;

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
      assetStorageBytes: 0,
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
      // Ten full-size uploads, or hundreds of the usual alert GIFs and badges.
      assetStorageBytes: 100 * MiB,
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
      assetStorageBytes: 1024 * MiB,
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

/**
 * The entitlements an operation can require: a yes/no (pluginDownload), or a
 * count where 0 means "cannot" (overlays). marketplaceTier is a tier, not a
 * permission, so it is not one.
 */
export type EntitlementName = { [K in keyof Entitlements]: Entitlements[K] extends boolean | number ? K : never }[keyof Entitlements];

const granted = (value: boolean | number): boolean => (typeof value === "number" ? value > 0 : value);

/** Whether `plan` grants `entitlement`: true, or a count above 0. */
export function grants(plan: PlanName, entitlement: EntitlementName): boolean {
  return granted(plans[plan].entitlements[entitlement]);
}

/** The plans that grant `entitlement`, cheapest first. */
export function plansGranting(entitlement: EntitlementName): PlanName[] {
  return planNames.filter((plan) => grants(plan, entitlement));
}

/**
 * The cheapest plan that grants `entitlement`: what a 403 plan_required names
 * and the documents state. No plan granting it is a mistake in the table.
 */
export function planFor(entitlement: EntitlementName): PlanName {
  const plan = cheapestPlanWhere((entitlements) => granted(entitlements[entitlement]));
  if (!plan) throw new Error(`No plan grants ${entitlement}`);
  return plan;
}

/** Plan titles as a sentence lists them: "Pro or Ultimate", "Free, Pro or Ultimate". */
export function planTitles(names: readonly PlanName[]): string {
  const titles = names.map((name) => plans[name].title);
  return titles.length <= 1 ? (titles[0] ?? "") : `${titles.slice(0, -1).join(", ")} or ${titles.at(-1)}`;
}
