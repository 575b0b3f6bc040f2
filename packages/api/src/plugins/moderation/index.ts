/** What the rest of the plugins feature (and, through plugins/index.ts, the admin router and CLI) uses of moderation/. */
export { moderationCommands } from "./commands";
export { adminModerationRouter, reportProcedures } from "./router";
