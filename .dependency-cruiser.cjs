/**
 * What may import what (docs/architecture.md). `npm test` runs this through
 * `npm run lint:imports`; a feature reaching into another's files, the REST
 * core importing a feature or a package importing one above it fails the run.
 */
const features = "(accounts|admin|assets|billing|fx|market|oauth|overlays|plugins|sounds|updater)";
const api = "^packages/api/src/";

module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "A circle of imports: one of the files should give the other what both need.",
      from: { path: "^(packages|apps)/" },
      to: { circular: true },
    },
    {
      name: "domain-packages-stand-alone",
      severity: "error",
      comment: "The contract, the database and the pure domain packages import no service, billing, CLI or app.",
      from: { path: "^packages/(api-contract|db|plans|fx|overlay|plugin-rules)/" },
      to: { path: "^(packages/(api|billing|cli|seed)|apps)/" },
    },
    {
      name: "seed-below-api",
      severity: "error",
      comment: "The seed data and its synthesis use the domain packages only; what needs the service is handed in.",
      from: { path: "^packages/seed/" },
      to: { path: "^(packages/(api|billing|cli)|apps)/" },
    },
    {
      name: "seed-only-at-start",
      severity: "error",
      comment: "Only the composition root (app/) seeds a database: the code that answers requests does not import the seed package.",
      from: { path: `^(apps/|${api}(?!app/))` },
      to: { path: "^packages/seed/" },
    },
    {
      name: "billing-below-api",
      severity: "error",
      comment: "Billing is used by the API, never the reverse.",
      from: { path: "^packages/billing/" },
      to: { path: "^(packages/(api|cli)|apps)/" },
    },
    {
      name: "api-below-apps",
      severity: "error",
      from: { path: "^packages/" },
      to: { path: "^apps/" },
    },
    {
      name: "core-imports-no-feature",
      severity: "error",
      comment: "The REST core (rest/) and the shared kernel (shared/) are handed the features by the composition root (app/); they import none.",
      from: { path: `${api}(rest|shared)/` },
      to: { path: `${api}(?!rest/|shared/)` },
    },
    {
      name: "features-through-their-index",
      severity: "error",
      comment: "A feature uses another feature only through that feature's index.ts, never its internal files.",
      from: { path: `${api}${features}/` },
      to: { path: `${api}${features}/(?!index\\.ts$)`, pathNot: `${api}$1/` },
    },
    {
      name: "app-and-server-through-the-index",
      severity: "error",
      comment: "The composition root and the HTTP server use a feature through its index.ts too.",
      from: { path: `${api}(app|server)/|${api}index\\.ts$` },
      to: { path: `${api}${features}/(?!index\\.ts$)` },
    },
    {
      name: "nothing-above-features",
      severity: "error",
      comment: "Features do not import the composition root (app/) or the HTTP server (server/): the processes' entry points live in app/.",
      from: { path: `${api}${features}/` },
      to: { path: `${api}(app|server)/` },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)(node_modules|\\.next|dist|test|e2e)/|\\.test\\.ts$" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs"],
    },
  },
};
