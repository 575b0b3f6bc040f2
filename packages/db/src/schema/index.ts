export * from "./accounts";
export * from "./api-keys";
export * from "./auth";
export * from "./fx";
export * from "./plugins";
export * from "./rate-limits";
export * from "./settings";
export * from "./commerce";
