/** What the rest of the plugins feature (and, through plugins/index.ts, the admin router and CLI) uses of reviews/: people's reviews, not the operators' review of held versions (review/). */
export { reviewCommands as reviewReportCommands } from "./commands";
export { adminReviewReportsRouter, reviewProcedures } from "./router";
