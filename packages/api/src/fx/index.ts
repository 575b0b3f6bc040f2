/** What other parts of the service use of fx/: everything else in this folder is its own. */
export { fxConfigFromEnv } from "./config";
export { fxRouter } from "./router";
export { fxFor, installFx, startFx } from "./service";
