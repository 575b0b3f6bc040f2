/** What other parts of the service use of admin/: everything else in this folder is its own. */
export { startAdminChannel } from "./channel";
export { adminRouter } from "./router";
