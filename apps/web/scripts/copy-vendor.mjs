// Copies the API reference renderer's browser bundle into public/ so /docs
// never loads code from a CDN.
import { copyFileSync, mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

const require = createRequire(import.meta.url);
const entry = require.resolve("@scalar/api-reference");
const standalone = join(dirname(entry), "browser", "standalone.js");
const target = join(import.meta.dirname, "..", "public", "vendor", "scalar");
mkdirSync(target, { recursive: true });
copyFileSync(standalone, join(target, "standalone.js"));
