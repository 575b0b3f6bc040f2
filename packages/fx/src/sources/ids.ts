/** The feed ids, in the blend's priority order (see registry.ts); kept apart so the pure parts need no adapter. */
export const SOURCE_IDS = ["ecb", "bank-of-canada", "norges-bank", "exchangerate-api", "currency-api"] as const;
export type KnownSourceId = (typeof SOURCE_IDS)[number];
