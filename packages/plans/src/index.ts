export * from "./plans";
export * from "./prices";
export * from "./countries";
export * from "./commerce";
export * from "./subscriptions";
export * from "./history";
