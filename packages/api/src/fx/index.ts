/** What other parts of the service use of fx/: everything else in this folder is its own. */
export { limitAddress } from "./address-limit";
export { fxRouter } from "./router";
export { fxFor, startFx } from "./service";
