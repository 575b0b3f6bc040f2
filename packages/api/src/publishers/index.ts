/** What other parts of the service use of publishers/: everything else in this folder is its own. */
export { publisherCommands } from "./admin-commands";
export { adminPublishersRouter } from "./admin-router";
export { publishersRouter } from "./router";
