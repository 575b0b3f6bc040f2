/** What other parts of the service use of updater/: everything else in this folder is its own. */
export { adminReleasesRouter } from "./admin-router";
export { demoDownloadsRoute } from "./demo-downloads-route";
export { demoReleases } from "./demo-releases";
export { listMinimums, setMinimum } from "./minimums";
export { changeRelease, listReleases, publishMissingReleases, publishRelease, withdrawRelease } from "./releases";
export { releasesRouter } from "./router";
export { updaterRoute } from "./update-route";
