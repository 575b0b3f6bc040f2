/**
 * Seed tooling, out of the request path: the synthesised sound catalogue and
 * the demo plugin catalogue, put into a database by the API's composition
 * root at start (packages/api/src/app/seeding.ts) and by tests. It uses the
 * domain packages only; what needs the service (storing a sound's blob,
 * publishing the demo releases) is handed in.
 */
export { seededLicence, seededSampleRate, type SeededSound, seededSounds } from "./sounds/catalogue";
export { recipes } from "./sounds/recipes";
export { type SeededSoundFile, synthesiseSound, syncSeededSounds } from "./sounds/seed";
export { createRng, encodeWav, type Rendered, render, Synth } from "./sounds/synth";
export { catalogue } from "./demo/catalogue/index";
export type { CataloguePlugin, CataloguePublisher, CatalogueTier, CatalogueVersion } from "./demo/catalogue/types";
export { filesFor, manifestFor, seedDemoPlugins } from "./demo/seed";
