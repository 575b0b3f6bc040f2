export * from "./error-codes";
export * from "./client";
export { ConnectionWaitTimeout } from "./pool-gate";
export * from "./schema";
export * as schema from "./schema";
export { likePattern } from "./like-pattern";
export { executedRows } from "./execute-rows";
