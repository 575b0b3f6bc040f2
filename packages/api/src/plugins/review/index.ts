/** Scanning before listing, holds and the operators' review queue (docs/plugins.md#scanning, docs/operations.md#plugin-review). */
export { adminReviewsRouter } from "./admin-router";
export { reviewsOf } from "./author-view";
export { reviewCommands } from "./commands";
export { findImitations } from "./imitations";
