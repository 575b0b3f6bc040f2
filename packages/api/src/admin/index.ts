/** What other parts of the service use of admin/: everything else in this folder is its own. */
export { type ChannelAnswer, describe, sendToAdminChannel, startAdminChannel } from "./channel";
export { runAdminCommand, usageText } from "./commands";
export { adminRouter } from "./router";
